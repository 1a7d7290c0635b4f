import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { INTEGRATION_EVENT_TYPES, type IntegrationEventType, type IntegrationKind } from '@onair/core';

/** One setting the admin types in, as the form shows it. */
export interface KindField {
  name: string;
  label: MessageDescriptor;
  /** Where to find the value, under the field. */
  hint: MessageDescriptor;
  type: 'url' | 'text' | 'password' | 'visibility';
  required: boolean;
}

export interface KindDescription {
  /** The service's own name (Webhook is a word of the catalogs). */
  label: MessageDescriptor | string;
  fields: readonly KindField[];
  /** The kind posts text to a social account: it takes a post-rate setting. */
  posts: boolean;
  /** The events it may take (TuneIn shows the song on air only). */
  events: readonly IntegrationEventType[];
}

const ALL_EVENTS = INTEGRATION_EVENT_TYPES;

/** Every kind's settings as the server's schema (core's integrationSettingsSchemas) names them. */
export const KINDS: Record<IntegrationKind, KindDescription> = {
  webhook: {
    label: msg`Webhook`,
    posts: false,
    events: ALL_EVENTS,
    fields: [
      {
        name: 'url',
        label: msg`Receiver URL`,
        hint: msg`Your endpoint. Each request is signed (Standard Webhooks); the secret is shown once, after adding.`,
        type: 'url',
        required: true,
      },
    ],
  },
  discord: {
    label: 'Discord',
    posts: true,
    events: ALL_EVENTS,
    fields: [
      {
        name: 'webhookUrl',
        label: msg`Discord webhook URL`,
        hint: msg`In Discord: Server Settings › Integrations › Webhooks › New Webhook › Copy Webhook URL.`,
        type: 'password',
        required: true,
      },
    ],
  },
  mastodon: {
    label: 'Mastodon',
    posts: true,
    events: ALL_EVENTS,
    fields: [
      {
        name: 'instanceUrl',
        label: msg`Instance URL`,
        hint: msg`The address of your Mastodon server, such as https://mastodon.social.`,
        type: 'url',
        required: true,
      },
      {
        name: 'accessToken',
        label: msg`Access token`,
        hint: msg`Preferences › Development › New application, with the write:statuses scope; copy "Your access token".`,
        type: 'password',
        required: true,
      },
      {
        name: 'visibility',
        label: msg`Visibility`,
        hint: msg`Who sees the posts.`,
        type: 'visibility',
        required: false,
      },
    ],
  },
  bluesky: {
    label: 'Bluesky',
    posts: true,
    events: ALL_EVENTS,
    fields: [
      {
        name: 'handle',
        label: msg`Handle`,
        hint: msg`The account that posts, such as station.bsky.social.`,
        type: 'text',
        required: true,
      },
      {
        name: 'appPassword',
        label: msg`App password`,
        hint: msg`Settings › Privacy and security › App passwords › Add App Password. Never your account password.`,
        type: 'password',
        required: true,
      },
      {
        name: 'service',
        label: msg`PDS address (optional)`,
        hint: msg`Leave empty for https://bsky.social.`,
        type: 'url',
        required: false,
      },
    ],
  },
  telegram: {
    label: 'Telegram',
    posts: true,
    events: ALL_EVENTS,
    fields: [
      {
        name: 'botToken',
        label: msg`Bot token`,
        hint: msg`From @BotFather: /newbot, then copy the token it gives. Add the bot to your channel as an admin.`,
        type: 'password',
        required: true,
      },
      {
        name: 'chatId',
        label: msg`Chat id`,
        hint: msg`The channel as @channelname, or the numeric id of a group.`,
        type: 'text',
        required: true,
      },
      {
        name: 'apiUrl',
        label: msg`Bot API address (optional)`,
        hint: msg`Leave empty for https://api.telegram.org.`,
        type: 'url',
        required: false,
      },
    ],
  },
  tunein: {
    label: 'TuneIn AIR',
    posts: false,
    events: ['track.changed'],
    fields: [
      {
        name: 'partnerId',
        label: msg`Partner id`,
        hint: msg`From TuneIn when your station joins AIR (broadcasters.tunein.com).`,
        type: 'text',
        required: true,
      },
      {
        name: 'partnerKey',
        label: msg`Partner key`,
        hint: msg`Given with the partner id.`,
        type: 'password',
        required: true,
      },
      {
        name: 'stationId',
        label: msg`Station id`,
        hint: msg`Your station's TuneIn id, such as s12345.`,
        type: 'text',
        required: true,
      },
      {
        name: 'apiUrl',
        label: msg`AIR address (optional)`,
        hint: msg`Leave empty for https://air.radiotime.com.`,
        type: 'url',
        required: false,
      },
    ],
  },
};

const EVENT_LABELS: Record<IntegrationEventType, MessageDescriptor> = {
  'track.changed': msg`Track changed`,
  'show.started': msg`Show started`,
  'show.ended': msg`Show ended`,
  'station.offline': msg`Station off air`,
  'station.online': msg`Station back on air`,
  'listeners.peak': msg`New listener peak of the day`,
  'episode.ready': msg`Episode ready to listen again`,
};

/** An event type's label in the app's language, or the type itself for one this app does not know. */
export function eventLabel(type: string): string {
  const label = (EVENT_LABELS as Record<string, MessageDescriptor | undefined>)[type];
  return label ? i18n._(label) : type;
}

/** A kind's name in the app's language (the services' own names stay as they are). */
export function kindLabel(kind: IntegrationKind): string {
  const { label } = KINDS[kind];
  return typeof label === 'string' ? label : i18n._(label);
}
