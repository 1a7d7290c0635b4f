import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { buildTestApp } from './auth-helpers.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

/**
 * The demo station (no stream configured) reports its own listeners: none in a test, so a minimum
 * of 0 shows "0" and a minimum of 1 hides it, with the same count.
 */
describe('the public listener count on /api/now-playing', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function start(publicListenerCount?: object) {
    const dir = mkdtempSync(join(tmpdir(), 'onair-listeners-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const station = JSON.parse(readFileSync(join(REPO_ROOT, 'station.config.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const file = join(dir, 'station.json');
    writeFileSync(
      file,
      JSON.stringify({ ...station, ...(publicListenerCount ? { publicListenerCount } : {}) }),
    );
    const store: TestStore = await STORE_KINDS[0].open();
    cleanup.push(() => store.dispose());
    const app = await buildTestApp(store, { STATION_CONFIG: file });
    cleanup.push(() => app.close());
    return app;
  }
  const nowPlaying = async (app: Awaited<ReturnType<typeof start>>) =>
    (await app.inject({ method: 'GET', url: '/api/now-playing' })).json<Record<string, unknown>>();

  it('carries `listeners` when enabled and at or above the minimum', async () => {
    const app = await start({ enabled: true, minimum: 0 });
    await vi.waitFor(async () => expect((await nowPlaying(app)).listeners).toBe(0), {
      timeout: 5_000,
      interval: 50,
    });
  });

  it('leaves it out below the minimum, and when the station does not show it (the default)', async () => {
    for (const app of [
      await start({ enabled: true, minimum: 1 }),
      await start({ enabled: false, minimum: 0 }),
      await start(),
    ]) {
      // A status read has happened once the title is there.
      await vi.waitFor(async () => expect((await nowPlaying(app)).title).not.toBe(''), {
        timeout: 5_000,
        interval: 50,
      });
      expect(await nowPlaying(app)).not.toHaveProperty('listeners');
    }
  });

  it('refuses a station file with a bad setting', async () => {
    await expect(start({ enabled: 'yes', minimum: 5 })).rejects.toThrow(/publicListenerCount/);
  });
});
