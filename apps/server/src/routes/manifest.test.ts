import Fastify from 'fastify';
import type { PublicStation } from '@onair/core';
import { describe, expect, it } from 'vitest';
import { manifestRoutes } from './manifest.ts';

const station: PublicStation = {
  name: 'Harbour Radio',
  shortName: 'Harbour',
  tagline: 'Tides and tunes',
  timeZone: 'Europe/Dublin',
  streams: { standard: '/demo/live', high: '/demo/live-hq' },
  social: {},
  theme: { background: '#001122', accent: '#ff8800' },
  musicLinks: [],
};

async function manifestFor(config: PublicStation) {
  const app = Fastify();
  await app.register(manifestRoutes, { station: config });
  const response = await app.inject('/manifest.webmanifest');
  await app.close();
  return response;
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
    const { icons } = (await manifestFor(station)).json() as { icons: { src: string; sizes: string; purpose: string }[] };
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
});
