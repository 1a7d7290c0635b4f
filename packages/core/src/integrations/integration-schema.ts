import * as z from 'zod/mini';
import { INTEGRATION_EVENT_TYPES } from './integration-events.ts';
import { TEMPLATE_MAX_CHARS } from './integration-templates.ts';

export const INTEGRATION_KINDS = ['webhook', 'discord', 'mastodon', 'telegram', 'bluesky', 'tunein'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/** A station keeps a handful of integrations; the cap bounds the work of every event. */
export const INTEGRATIONS_MAX = 20;
export const INTEGRATION_NAME_MAX_CHARS = 80;
export const INTEGRATION_URL_MAX_CHARS = 2_000;
const TOKEN_MAX_CHARS = 500;
/** The longest a post-rate setting may hold a social account back: a day. */
export const POST_INTERVAL_MAX_MINUTES = 1_440;

/**
 * Settings each kind keeps secret: stored on the server, sent only to the service they belong to,
 * and answered as a mask (see maskSecret). A PATCH that leaves one out keeps the stored value.
 */
export const SECRET_SETTINGS: Record<IntegrationKind, readonly string[]> = {
  webhook: [],
  discord: ['webhookUrl'],
  mastodon: ['accessToken'],
  telegram: ['botToken'],
  bluesky: ['appPassword'],
  tunein: ['partnerKey'],
};

/** A secret as the admin sees it again: enough to tell two apart, never enough to use. */
export function maskSecret(secret: string): string {
  return secret.length <= 8 ? '••••' : `••••${secret.slice(-4)}`;
}

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** http(s) only; whether plain http or a private host may be reached is the server's call (its allow list). */
const webUrl = z.string().check(
  z.trim(),
  z.maxLength(INTEGRATION_URL_MAX_CHARS),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
      );
    } catch {
      return false;
    }
  }, 'must be an https:// URL without a user name or password'),
);

const postSettings = {
  /** Per-event text of the post; an event left out uses DEFAULT_TEMPLATES. */
  templates: z.optional(
    z.partialRecord(z.enum(INTEGRATION_EVENT_TYPES), z.string().check(z.maxLength(TEMPLATE_MAX_CHARS))),
  ),
  /** At most one track post every this many minutes (0: every track); shows and station events always go. */
  minPostIntervalMinutes: z.optional(z.int().check(z.minimum(0), z.maximum(POST_INTERVAL_MAX_MINUTES))),
};

export const integrationSettingsSchemas = {
  webhook: z.strictObject({ url: webUrl }),
  discord: z.strictObject({ webhookUrl: webUrl, ...postSettings }),
  mastodon: z.strictObject({
    instanceUrl: webUrl,
    accessToken: text(TOKEN_MAX_CHARS),
    visibility: z.optional(z.enum(['public', 'unlisted', 'private', 'direct'])),
    ...postSettings,
  }),
  telegram: z.strictObject({
    botToken: text(TOKEN_MAX_CHARS),
    chatId: text(100),
    /** A self-hosted Bot API server; default https://api.telegram.org. */
    apiUrl: z.optional(webUrl),
    ...postSettings,
  }),
  bluesky: z.strictObject({
    handle: text(253),
    appPassword: text(TOKEN_MAX_CHARS),
    /** The account's PDS; default https://bsky.social. */
    service: z.optional(webUrl),
    ...postSettings,
  }),
  tunein: z.strictObject({
    partnerId: text(100),
    partnerKey: text(TOKEN_MAX_CHARS),
    stationId: text(100),
    /** TuneIn AIR's address; default https://air.radiotime.com. */
    apiUrl: z.optional(webUrl),
  }),
} as const;

export type IntegrationSettings = { [K in IntegrationKind]: z.infer<(typeof integrationSettingsSchemas)[K]> };

const events = z.array(z.enum(INTEGRATION_EVENT_TYPES)).check(
  z.minLength(1),
  z.maxLength(INTEGRATION_EVENT_TYPES.length),
  z.refine((list) => new Set(list).size === list.length, 'must not name an event twice'),
);

/** `POST /api/integrations`; `settings` is checked against the kind's schema afterwards. */
export const createIntegrationBody = z.strictObject({
  name: text(INTEGRATION_NAME_MAX_CHARS),
  kind: z.enum(INTEGRATION_KINDS),
  events,
  enabled: z.optional(z.boolean()),
  settings: z.record(z.string().check(z.maxLength(40)), z.unknown()),
});

/** `PATCH /api/integrations/:id`: any of these; settings merge over the stored ones. */
export const patchIntegrationBody = z.strictObject({
  name: z.optional(text(INTEGRATION_NAME_MAX_CHARS)),
  events: z.optional(events),
  enabled: z.optional(z.boolean()),
  settings: z.optional(z.record(z.string().check(z.maxLength(40)), z.unknown())),
});

/** An integration as the admin sees it: secrets masked. */
export const integrationViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(INTEGRATION_KINDS),
  events: z.array(z.string()),
  enabled: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  /** Why the server paused it (after failures, or the receiver said it is gone); null when it was not. */
  pausedReason: z.nullable(z.string()),
  createdAt: z.string(),
});
export type IntegrationView = z.infer<typeof integrationViewSchema>;

/** `GET /api/integrations`. */
export const integrationListSchema = z.object({ integrations: z.array(integrationViewSchema) });

/** `POST /api/integrations`'s answer: a webhook's signing secret (`whsec_…`) comes in it, and only in it. */
export const createdIntegrationSchema = z.extend(integrationViewSchema, { secret: z.optional(z.string()) });

/** One attempt as `GET /api/integrations/:id/deliveries` lists it. */
export const deliveryAttemptViewSchema = z.object({
  deliveryId: z.string(),
  event: z.string(),
  at: z.string(),
  /** The receiver's HTTP status, or null when no answer came (refused, timed out, unreachable). */
  status: z.nullable(z.number()),
  durationMs: z.number(),
  /** The first 200 characters of the answer, or of why there was none. */
  answer: z.string(),
});
export type DeliveryAttemptView = z.infer<typeof deliveryAttemptViewSchema>;

/** `GET /api/integrations/:id/deliveries`: the last 100 attempts, newest first. */
export const deliveryLogSchema = z.object({ deliveries: z.array(deliveryAttemptViewSchema) });

/** `POST /api/integrations/:id/test`'s answer: the sample delivery queued. */
export const testDeliverySchema = z.object({ deliveryId: z.string() });
