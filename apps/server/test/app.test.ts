import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadBundledSchedule } from '../src/bundled-schedule.ts';
import { loadConfig } from '../src/config.ts';
import { openDb, type Db } from '../src/store/db.ts';
import { ScheduleRepo } from '../src/store/schedule-repo.ts';

function fakeWebBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'onair-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>OnAir</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dist;
}

describe('the app over HTTP', () => {
  let app: FastifyInstance;
  let db: Db;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'onair-app-'));
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: fakeWebBuild(), LOG_LEVEL: 'silent' });
    db = await openDb({ dataDir: config.dataDir });
    await new ScheduleRepo(db).seedIfEmpty(loadBundledSchedule(), new Date());
    app = await buildApp(config, { db });
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
  });

  it('answers the health check', async () => {
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      store: 'up',
      redis: 'local',
      archive: { error: null },
    });
  });

  it('serves the public station config without server-side details', async () => {
    const body = (await app.inject('/api/station')).json();
    expect(body).toMatchObject({
      tagline: '24/7 From Ireland With Love',
      timeZone: 'Europe/Dublin',
      clock: '24-hour',
    });
    expect(body.streams).toEqual({ standard: '/demo/live', high: '/demo/live-hq' });
    expect(body).not.toHaveProperty('statusUrl');
  });

  it('serves the seeded schedule with its version', async () => {
    const body = (await app.inject('/api/schedule')).json();
    expect(body.version).toBe(1);
    expect(body.data.map((day: { day: string }) => day.day)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
  });

  it('sends security headers on every answer', async () => {
    for (const url of ['/api/health', '/', '/schedule']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
    }
  });

  it('falls back to index.html for client routes, unknown ones included', async () => {
    for (const url of ['/schedule', '/chat', '/nope']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for good', async () => {
    const response = await app.inject('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API paths with JSON 404, not the app', async () => {
    const response = await app.inject({ url: '/api/nope', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('serves an Icecast-shaped demo status feed', async () => {
    const body = (await app.inject('/demo/status-json.xsl')).json();
    expect(body.icestats.source.server_type).toBe('audio/mpeg');
    expect(body.icestats.source.title).toMatch(/^.+ - .+$/);
  });
});

describe('without a web build', () => {
  it('says how to build instead of failing obscurely', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'onair-nobuild-'));
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'missing'), LOG_LEVEL: 'silent' });
    const db = await openDb({ dataDir });
    const app = await buildApp(config, { db });
    const response = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
    await app.close();
    await db.destroy();
  });
});
