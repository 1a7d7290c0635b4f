import Fastify from 'fastify';
import { nowPlayingSchema, trackHistorySchema } from '@onair/core';
import { describe, expect, it } from 'vitest';
import { IcecastPoller } from '../stations/icecast-poller.ts';
import { nowPlayingRoutes } from './now-playing.ts';

async function appWith(titles: string[]) {
  const queue = [...titles];
  const nowPlaying = new IcecastPoller({
    fetchStatus: async () => Response.json({ icestats: { source: { title: queue.shift() ?? 'x' } } }),
  });
  const app = Fastify();
  await app.register(nowPlayingRoutes, { nowPlaying });
  return { app, nowPlaying };
}

describe('GET /api/now-playing', () => {
  it('serves the cached value with an ETag, and 304 when it matches', async () => {
    const { app, nowPlaying } = await appWith(['Róisín - Tune', 'Róisín - Tune', 'DJ - Next']);
    await nowPlaying.poll();
    const first = await app.inject('/api/now-playing');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const body = nowPlayingSchema.parse(first.json());
    expect(body).toMatchObject({ title: 'Tune', artist: 'Róisín', album: '', artwork: '' });
    const etag = String(first.headers.etag);

    const again = await app.inject({ url: '/api/now-playing', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await nowPlaying.poll();
    await nowPlaying.poll();
    const changed = await app.inject({ url: '/api/now-playing', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Next', artist: 'DJ' });
    await app.close();
  });

  it('never reads upstream per request', async () => {
    const { app, nowPlaying } = await appWith(['A - 1']);
    await nowPlaying.poll();
    await Promise.all(Array.from({ length: 50 }, () => app.inject('/api/now-playing')));
    expect(nowPlaying.upstreamRequests).toBe(1);
    await app.close();
  });

  it('serves the song history at /api/now-playing/history', async () => {
    const { app, nowPlaying } = await appWith(['A - 1', 'B - 2']);
    await nowPlaying.poll();
    await nowPlaying.poll();
    const response = await app.inject('/api/now-playing/history');
    const { tracks } = trackHistorySchema.parse(response.json());
    expect(tracks.map((track) => `${track.artist} - ${track.title}`)).toEqual(['B - 2', 'A - 1']);
    await app.close();
  });
});
