import * as z from 'zod/mini';

/** The music services a played track can be looked up on; a station picks which (station file `musicLinks`). */
export const MUSIC_SERVICES = ['spotify', 'apple-music', 'youtube', 'bandcamp'] as const;
export type MusicService = (typeof MUSIC_SERVICES)[number];
export const musicServiceSchema = z.enum(MUSIC_SERVICES);

/** What the link says to a screen reader and on hover. */
export const MUSIC_SERVICE_NAMES: Readonly<Record<MusicService, string>> = {
  spotify: 'Spotify',
  'apple-music': 'Apple Music',
  youtube: 'YouTube',
  bandcamp: 'Bandcamp',
};

/** Each service's public search page; the query is appended URL-encoded. No account or API key needed. */
const SEARCH_URLS: Readonly<Record<MusicService, (query: string) => string>> = {
  spotify: (q) => `https://open.spotify.com/search/${q}`,
  'apple-music': (q) => `https://music.apple.com/search?term=${q}`,
  youtube: (q) => `https://www.youtube.com/results?search_query=${q}`,
  bandcamp: (q) => `https://bandcamp.com/search?q=${q}`,
};

export interface TrackLink {
  service: MusicService;
  name: string;
  url: string;
}

/**
 * Search links for a track on each of `services`, in the order given (duplicates once). The query
 * is "artist title" with blanks dropped; a track with neither has nothing to look up: no links.
 */
export function trackSearchLinks(
  track: { title: string; artist: string },
  services: readonly MusicService[],
): TrackLink[] {
  const query = [track.artist, track.title]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
  if (query === '') return [];
  const encoded = encodeURIComponent(query);
  return [...new Set(services)].map((service) => ({
    service,
    name: MUSIC_SERVICE_NAMES[service],
    url: SEARCH_URLS[service](encoded),
  }));
}
