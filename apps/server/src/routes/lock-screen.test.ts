import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { IcecastPoller } from '../stations/icecast-poller.ts';
import { LOCK_SCREEN_PATH, lockScreenRoutes } from './lock-screen.ts';

async function appWith(source: Record<string, string>) {
  const nowPlaying = new IcecastPoller({ fetchStatus: async () => Response.json({ icestats: { source } }) });
  const app = Fastify();
  await app.register(lockScreenRoutes, { nowPlaying, stationName: 'Test FM' });
  return { app, nowPlaying };
}

describe(`GET ${LOCK_SCREEN_PATH} (the native player's metadata feed)`, () => {
  it('gives the current track in the plugin’s field names', async () => {
    const { app, nowPlaying } = await appWith({ title: 'Róisín - Tune', artwork: 'https://img.test/a.png' });
    await nowPlaying.poll();
    const answer = await app.inject({ url: LOCK_SCREEN_PATH, headers: { host: 'radio.test' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.json()).toEqual({
      song_title: 'Tune',
      artist_name: 'Róisín',
      album_title: 'Test FM',
      artwork_source: 'https://img.test/a.png',
    });
    await app.close();
  });

  it('falls back to the station name, Live Radio and the station icon (absolute)', async () => {
    const { app } = await appWith({});
    const answer = await app.inject({ url: LOCK_SCREEN_PATH, headers: { host: 'radio.test' } });
    expect(answer.json()).toEqual({
      song_title: 'Test FM',
      artist_name: 'Live Radio',
      album_title: 'Test FM',
      artwork_source: 'http://radio.test/images/icon-512.png',
    });
    await app.close();
  });
});
