import Fastify from 'fastify';
import type { PublicStation } from '@onair/core';
import { describe, expect, it } from 'vitest';
import { manifestRoutes } from './manifest.ts';

const station: PublicStation = {
  name: 'Harbour Radio',
  shortName: 'Harbour',
  tagline: 'Tides and tunes',
  timeZone: 'Europe/Dublin',
  clock: '24-hour',
  locale: 'en',
  streams: { standard: '/demo/live', high: '/demo/live-hq' },
  social: {},
  theme: { background: '#001122', accent: '#ff8800' },
  musicLinks: [],
};

async function manifestFor(config: PublicStation, headers: Record<string, string> = {}) {
  const app = Fastify();
  await app.register(manifestRoutes, { station: config });
  const response = await app.inject({ url: '/manifest.webmanifest', headers });
  await app.close();
  return response;
}

interface Manifest {
  lang: string;
  dir: string;
  name: string;
  description: string;
  shortcuts: { name: string; url: string }[];
}

describe('GET /manifest.webmanifest', () => {
  it('describes the configured station as a standalone app', async () => {
    const response = await manifestFor(station);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    expect(response.json()).toMatchObject({
      name: 'Harbour Radio',
      short_name: 'Harbour',
      description: 'Tides and tunes',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#001122',
      theme_color: '#001122',
    });
  });

  it('lists the 192 px, 512 px and maskable icons', async () => {
    const { icons } = (await manifestFor(station)).json() as {
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ src: '/images/icon-192.png', sizes: '192x192' }),
        expect.objectContaining({ src: '/images/icon-512.png', sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ src: '/images/icon-maskable-512.png', purpose: 'maskable' }),
      ]),
    );
  });

  it('falls back to the full name when the station has no short name', async () => {
    const { shortName: _omit, ...withoutShortName } = station;
    expect((await manifestFor(withoutShortName)).json()).toMatchObject({ short_name: 'Harbour Radio' });
  });

  it("speaks the listener's language like the page: Accept-Language, their choice, else the station's", async () => {
    const irish = await manifestFor(station, { 'accept-language': 'ga-IE,ga;q=0.9,en;q=0.5' });
    expect(irish.headers.vary).toBe('Accept-Language, Cookie');
    expect(irish.json<Manifest>()).toMatchObject({
      lang: 'ga',
      dir: 'ltr',
      // The station's own words stay its own.
      name: 'Harbour Radio',
      description: 'Tides and tunes',
      shortcuts: [
        { name: 'Sceideal', url: '/schedule' },
        { name: 'Comhrá', url: '/chat' },
      ],
    });
    const chosen = await manifestFor(station, { 'accept-language': 'ga', cookie: 'playfm_locale=de' });
    expect(chosen.json<Manifest>()).toMatchObject({ lang: 'de', shortcuts: [{ name: 'Sendeplan' }, {}] });
    // A browser asking for nothing shipped: the station's language.
    const spanishStation = await manifestFor({ ...station, locale: 'es' }, { 'accept-language': 'ja' });
    expect(spanishStation.json<Manifest>()).toMatchObject({
      lang: 'es',
      shortcuts: [{ name: 'Programación' }, {}],
    });
    // The pseudo-locale has no words of its own here: the station's (English) stand in.
    const pseudo = await manifestFor(station, { cookie: 'playfm_locale=en-XA' });
    expect(pseudo.json<Manifest>()).toMatchObject({ lang: 'en-XA', shortcuts: [{ name: 'Schedule' }, {}] });
  });
});
