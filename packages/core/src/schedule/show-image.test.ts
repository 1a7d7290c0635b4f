import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { showImagePath } from './show-image.ts';

const path = (artist: string, image = '') => showImagePath({ artist, image });

describe('showImagePath', () => {
  it('keeps an image already under /images/shows/', () => {
    expect(path('Anyone', '/images/shows/custom_400.jpg')).toBe('/images/shows/custom_400.jpg');
    expect(path('Anyone', '  /images/shows/custom.png ')).toBe('/images/shows/custom.png');
  });

  it('generates a path from the artist when the image is empty or elsewhere', () => {
    expect(path('DJ Shadow')).toBe('/images/shows/DJ_Shadow_400.jpg');
    expect(path('DJ Shadow', 'https://cdn.example.com/a.jpg')).toBe('/images/shows/DJ_Shadow_400.jpg');
    expect(path('  --Tech & House!!  ')).toBe('/images/shows/Tech_House_400.jpg');
    expect(path('Play Show Replays')).toBe('/images/shows/Play_Show_Replays_400.jpg');
  });

  it('folds fadas to their base letter', () => {
    expect(path('Seán')).toBe('/images/shows/Sean_400.jpg');
    expect(path('ÁÉÍÓÚ áéíóú')).toBe('/images/shows/AEIOU_aeiou_400.jpg');
    expect(path('Róisín')).toBe('/images/shows/Roisin_400.jpg');
  });

  it("joins an Ó / O' surname prefix to the surname", () => {
    expect(path('Seán Ó Briain')).toBe('/images/shows/Sean_OBriain_400.jpg');
    expect(path("Dara O'Brien")).toBe('/images/shows/Dara_OBrien_400.jpg');
    expect(path('Dara O’Brien')).toBe('/images/shows/Dara_OBrien_400.jpg');
    expect(path('Ciarán Ó Súilleabháin')).toBe('/images/shows/Ciaran_OSuilleabhain_400.jpg');
    // A plain 'O' word is not a surname prefix.
    expect(path('O Emperor')).toBe('/images/shows/O_Emperor_400.jpg');
  });

  it('joins a Mac / Mc prefix written apart', () => {
    expect(path('Máire Mac Suibhne')).toBe('/images/shows/Maire_MacSuibhne_400.jpg');
    expect(path('Cian Mc Grath')).toBe('/images/shows/Cian_McGrath_400.jpg');
    expect(path('Cian McGrath')).toBe('/images/shows/Cian_McGrath_400.jpg');
    expect(path('Big Mac')).toBe('/images/shows/Big_Mac_400.jpg');
    expect(path('Tomás Mac an tSaoi')).toBe('/images/shows/Tomas_Mac_an_tSaoi_400.jpg');
  });

  it('falls back to a fixed name when the artist has no letters or digits', () => {
    expect(path('')).toBe('/images/shows/unknown_400.jpg');
    expect(path('★ ★')).toBe('/images/shows/unknown_400.jpg');
  });

  it('always yields a safe file name for any artist', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (artist) => {
        expect(path(artist)).toMatch(/^\/images\/shows\/[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*_400\.jpg$/);
      }),
    );
  });
});
