import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MUSIC_SERVICES, trackSearchLinks } from './track-links.ts';

describe('trackSearchLinks', () => {
  it('builds one search URL per chosen service, in the station order', () => {
    const links = trackSearchLinks({ title: 'Sunrise', artist: 'Aoife & Co' }, ['youtube', 'spotify']);
    expect(links).toEqual([
      {
        service: 'youtube',
        name: 'YouTube',
        url: 'https://www.youtube.com/results?search_query=Aoife%20%26%20Co%20Sunrise',
      },
      {
        service: 'spotify',
        name: 'Spotify',
        url: 'https://open.spotify.com/search/Aoife%20%26%20Co%20Sunrise',
      },
    ]);
  });

  it('covers Apple Music and Bandcamp, and lists a repeated service once', () => {
    const links = trackSearchLinks({ title: 'Ceól', artist: '' }, ['apple-music', 'bandcamp', 'bandcamp']);
    expect(links.map((link) => link.url)).toEqual([
      'https://music.apple.com/search?term=Ce%C3%B3l',
      'https://bandcamp.com/search?q=Ce%C3%B3l',
    ]);
  });

  it('gives no links for a track with neither title nor artist, or for no services', () => {
    expect(trackSearchLinks({ title: ' ', artist: '' }, [...MUSIC_SERVICES])).toEqual([]);
    expect(trackSearchLinks({ title: 'A', artist: 'B' }, [])).toEqual([]);
  });

  it('always yields https URLs whose query decodes back to "artist title"', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (title, artist) => {
        fc.pre(title.trim() !== '' && artist.trim() !== '');
        for (const link of trackSearchLinks({ title, artist }, MUSIC_SERVICES)) {
          const url = new URL(link.url);
          expect(url.protocol).toBe('https:');
          expect(decodeURIComponent(link.url)).toContain(`${artist.trim()} ${title.trim()}`);
        }
      }),
    );
  });
});
