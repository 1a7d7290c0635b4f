import { existsSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import bundledWeek from '../../../../station/bundled-schedule.json' with { type: 'json' };
import { parseSchedule } from './schedule-schema.ts';
import { SHOW_IMAGE_DIR, showImagePath } from './show-image.ts';

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

  it('keeps Irish surname prefixes as words, the way the station names its files', () => {
    expect(path('Seán Ó Briain')).toBe('/images/shows/Sean_O_Briain_400.jpg');
    expect(path('Eoin Ó Dálaigh')).toBe('/images/shows/Eoin_O_Dalaigh_400.jpg');
    expect(path("Dara O'Brien")).toBe('/images/shows/Dara_O_Brien_400.jpg');
    expect(path('Dara O’Brien')).toBe('/images/shows/Dara_O_Brien_400.jpg');
    expect(path('Ciarán Mac Giolla')).toBe('/images/shows/Ciaran_Mac_Giolla_400.jpg');
    expect(path('Cian McGrath')).toBe('/images/shows/Cian_McGrath_400.jpg');
    expect(path('Síle Nic Aodha')).toBe('/images/shows/Sile_Nic_Aodha_400.jpg');
    expect(path('Cormac & Fionn')).toBe('/images/shows/Cormac_Fionn_400.jpg');
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

  describe('the bundled week and the shipped images agree', () => {
    const parsed = parseSchedule(bundledWeek);
    if (!parsed.ok) throw new Error(`station/bundled-schedule.json is invalid: ${parsed.error}`);
    const slots = parsed.schedule.flatMap((day) => day.shows);
    const shipped = (image: string) =>
      existsSync(new URL(`../../../../apps/web/public${image}`, import.meta.url));
    const pictured = slots.filter((slot) => slot.image !== `${SHOW_IMAGE_DIR}fallback_400.jpg`);

    it('shows only images that are shipped (the fallback for artists without a picture)', () => {
      expect(pictured.length).toBeGreaterThan(0);
      expect(slots.map(showImagePath).filter((image) => !shipped(image))).toEqual([]);
    });

    it('generates, for each pictured artist saved with an empty image, the very file it ships', () => {
      // What the server stores when an admin clears the Image field of one of these artists.
      const generated = pictured.map((slot) => ({
        artist: slot.artist,
        image: slot.image,
        generated: path(slot.artist),
      }));
      expect(
        generated.filter((entry) => entry.generated !== entry.image || !shipped(entry.generated)),
      ).toEqual([]);
    });
  });
});
