import type { IntegrationEvent } from '@onair/core';
import { jsonRequest, postText, secretOf, type KindSender } from '../kind-sender.ts';

/** Discord's embed title and description limits. */
const TITLE_MAX = 256;
const DESCRIPTION_MAX = 4_096;

function embedFields(event: IntegrationEvent): { title: string | null; artist: string; show: string } {
  switch (event.type) {
    case 'track.changed': {
      const data = event.data as IntegrationEvent<'track.changed'>['data'];
      return { title: data.title || null, artist: data.artist, show: data.show?.name ?? '' };
    }
    case 'show.started':
    case 'show.ended': {
      const { show } = event.data as IntegrationEvent<'show.started'>['data'];
      return { title: show.name || null, artist: show.artist, show: show.name };
    }
    default:
      return { title: null, artist: '', show: '' };
  }
}

/**
 * A Discord webhook: one embed with the song (or show), the artist, the show on air, the station's
 * accent colour and a link to the app. Mentions are switched off, so a song called "@everyone"
 * pings nobody. A 404 means the webhook was deleted.
 */
export const discordSender: KindSender = {
  label: 'Discord',
  goneStatuses: new Map([
    [404, 'the webhook was deleted'],
    [410, 'the webhook was deleted'],
  ]),
  deliver: (integration, event, { appLink, accentColor, stationName, send }) => {
    const text = postText(integration, event, appLink);
    const { title, artist, show } = embedFields(event);
    const embed = {
      title: (title ?? text).slice(0, TITLE_MAX),
      description: (title === null ? '' : text).slice(0, DESCRIPTION_MAX),
      color: Number.parseInt(accentColor.replace('#', ''), 16),
      ...(appLink ? { url: appLink } : {}),
      fields: [
        ...(artist ? [{ name: 'Artist', value: artist.slice(0, 1_024), inline: true }] : []),
        ...(show ? [{ name: 'Show', value: show.slice(0, 1_024), inline: true }] : []),
      ],
      footer: { text: stationName.slice(0, 2_048) },
      timestamp: event.timestamp,
    };
    return send(
      jsonRequest(new URL(secretOf(integration, 'webhookUrl')), {
        embeds: [embed],
        allowed_mentions: { parse: [] },
      }),
    );
  },
};
