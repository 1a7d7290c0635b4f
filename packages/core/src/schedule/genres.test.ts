import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitGenres } from './genres.ts';

describe('splitGenres', () => {
  it('splits slash-separated genres, trimmed, in the order written', () => {
    expect(splitGenres('House/Techno')).toEqual(['House', 'Techno']);
    expect(splitGenres(' Disco / Nu-Disco ')).toEqual(['Disco', 'Nu-Disco']);
    expect(splitGenres('Deep House')).toEqual(['Deep House']);
  });

  it('drops empty parts and repeats', () => {
    expect(splitGenres('')).toEqual([]);
    expect(splitGenres(' / /')).toEqual([]);
    expect(splitGenres('House//House/ Techno')).toEqual(['House', 'Techno']);
  });

  it('yields distinct, non-empty, trimmed names for any text', () => {
    fc.assert(
      fc.property(fc.string(), (genre) => {
        const genres = splitGenres(genre);
        expect(new Set(genres).size).toBe(genres.length);
        for (const name of genres) {
          expect(name).toBe(name.trim());
          expect(name).not.toBe('');
          expect(name).not.toContain('/');
        }
      }),
    );
  });
});
