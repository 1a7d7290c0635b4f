import type { IntegrationEvent, IntegrationEventType } from './integration-events.ts';

/** The placeholders a post's text may use; anything else in braces stays as written. */
export const TEMPLATE_PLACEHOLDERS = ['title', 'artist', 'show', 'link', 'listeners'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type TemplateValues = Record<TemplatePlaceholder, string>;

export const TEMPLATE_MAX_CHARS = 500;

/** What a social post says for each event when the admin has not written their own text. */
export const DEFAULT_TEMPLATES: Record<IntegrationEventType, string> = {
  'track.changed': 'Now playing: {title} by {artist} {link}',
  'show.started': '{show} with {artist} is on air now. Listen live: {link}',
  'show.ended': '{show} with {artist} has ended. Thanks for listening!',
  'station.offline': 'We are off air for a moment. Back soon.',
  'station.online': 'We are back on air. Listen live: {link}',
  'listeners.peak': '{listeners} people are listening right now. Join them: {link}',
  'episode.ready': '{show} is ready to listen again: {link}',
};

const PLACEHOLDER = /\{(title|artist|show|link|listeners)\}/g;

/**
 * The text with each placeholder replaced by its value, in one pass: plain substitution, never
 * evaluated, and a value that itself holds `{title}` (a song named so) is not expanded again.
 */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (_match, name: TemplatePlaceholder) => values[name]);
}

/** The placeholder values an event gives; `link` is the app's address (or the show's page). */
export function templateValues(event: IntegrationEvent, appLink: string): TemplateValues {
  const values: TemplateValues = { title: '', artist: '', show: '', link: appLink, listeners: '' };
  switch (event.type) {
    case 'track.changed': {
      const data = event.data as IntegrationEvent<'track.changed'>['data'];
      return { ...values, title: data.title, artist: data.artist, show: data.show?.name ?? '' };
    }
    case 'show.started':
    case 'show.ended': {
      const { show } = event.data as IntegrationEvent<'show.started'>['data'];
      return {
        ...values,
        title: show.name,
        artist: show.artist,
        show: show.name,
        link: show.link || appLink,
      };
    }
    case 'listeners.peak': {
      const data = event.data as IntegrationEvent<'listeners.peak'>['data'];
      return { ...values, listeners: String(data.listeners) };
    }
    case 'episode.ready': {
      const data = event.data as IntegrationEvent<'episode.ready'>['data'];
      return {
        ...values,
        title: data.title,
        show: data.show?.name ?? '',
        artist: data.show?.artist ?? '',
        link: data.link || appLink,
      };
    }
    case 'station.offline':
    case 'station.online':
      return values;
  }
}
