import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { nowPlayingFrameDataSchema, serverFrameSchema } from '@onair/core';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDb, type Db } from '../src/store/db.ts';

const ALLOWED = 'https://radio.example';

function fakeWebBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'onair-embed-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>OnAir</title><div id="root"></div>');
  writeFileSync(join(dist, 'embed.html'), '<!doctype html><title>Player</title><div id="embed"></div>');
  return dist;
}

describe('framing and the now-playing topic', () => {
  let app: FastifyInstance | undefined;
  let db: Db | undefined;
  afterEach(async () => {
    await app?.close();
    await db?.destroy();
  });

  async function start(env: Record<string, string>): Promise<FastifyInstance> {
    const dataDir = mkdtempSync(join(tmpdir(), 'onair-embed-'));
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: fakeWebBuild(), LOG_LEVEL: 'silent', ...env });
    db = await openDb({ dataDir: config.dataDir });
    app = await buildApp(config, { db, pushTimer: false });
    return app;
  }

  it('lets only EMBED_ALLOWED_ORIGINS frame /embed; every other page stays unframeable', async () => {
    const server = await start({ EMBED_ALLOWED_ORIGINS: `${ALLOWED}, http://127.0.0.1:9999` });
    const embed = await server.inject({ url: '/embed', headers: { accept: 'text/html' } });
    expect(embed.statusCode).toBe(200);
    expect(embed.body).toContain('<div id="embed">');
    expect(embed.headers['content-security-policy']).toMatch(
      /frame-ancestors https:\/\/radio\.example http:\/\/127\.0\.0\.1:9999$/,
    );
    expect(embed.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/', '/schedule', '/embed.html', '/api/now-playing', '/embedded']) {
      const other = await server.inject({ url, headers: { accept: 'text/html' } });
      expect(other.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(other.headers['content-security-policy'], url).not.toContain(ALLOWED);
      expect(other.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('keeps /embed unframeable too when no origin is allowed', async () => {
    const server = await start({});
    const embed = await server.inject({ url: '/embed', headers: { accept: 'text/html' } });
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(embed.headers['x-frame-options']).toBe('DENY');
  });

  it('refuses an EMBED_ALLOWED_ORIGINS entry that is not an origin, naming the variable', () => {
    expect(() => loadConfig({ EMBED_ALLOWED_ORIGINS: 'https://radio.example/player' })).toThrow(ConfigError);
    expect(() => loadConfig({ EMBED_ALLOWED_ORIGINS: '*' })).toThrow(/EMBED_ALLOWED_ORIGINS/);
  });

  it('sends the track and history on the now-playing topic', async () => {
    const server = await start({});
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    // The demo station's first read is a change: it is published as soon as the poller has read.
    await new Promise<void>((resolve) => {
      const wait = (): void => {
        void server
          .inject('/api/now-playing/history')
          .then((r) => (r.json().tracks.length > 0 ? resolve() : setTimeout(wait, 50)));
      };
      wait();
    });
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
      origin: `http://127.0.0.1:${port}`,
    });
    const frame = await new Promise<unknown>((resolve, reject) => {
      socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', topics: ['now-playing'] })));
      socket.on('message', (raw) => {
        const received = JSON.parse(raw.toString()) as { type?: string };
        if (received.type !== 'heartbeat') resolve(received);
      });
      socket.once('error', reject);
    });
    socket.close();
    const parsed = serverFrameSchema.parse(frame);
    expect(parsed.topic).toBe('now-playing');
    const data = nowPlayingFrameDataSchema.parse(parsed.data);
    expect(parsed.version).toBe(Date.parse(data.nowPlaying.updatedAt ?? ''));
    const history = (await server.inject('/api/now-playing/history')).json();
    expect(data.tracks[0]).toEqual(history.tracks[0]);
    expect(data.nowPlaying.title).toBe(history.tracks[0].title);
  });
});
