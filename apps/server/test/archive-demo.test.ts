import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../src/app.ts';
import { buildTestApp } from './auth-helpers.ts';
import { episodeListSchema } from '@onair/core';
import { DEMO_EPISODE_MS } from '../src/archive/demo-past-day.ts';
import { ArchiveRepo } from '../src/store/archive-repo.ts';
import { captureLive, heardAt, readSome } from './archive-helpers.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const FRAME_MS = (1152 / 44100) * 1000;
const TUNING = { renewMs: 200, housekeepingMs: 60_000, recorder: { chunkMs: 3_000, flushMs: 300 } };

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function health(base: string): Promise<{ archive: { state: string; error: string | null } }> {
  return (await (await fetch(`${base}/api/health`)).json()) as {
    archive: { state: string; error: string | null };
  };
}

describe.each(STORE_KINDS)('the archive on the demo station ($kind)', ({ open }) => {
  let store: TestStore;
  const apps: FastifyInstance[] = [];
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await store.dispose();
  });
  const start = async (env: Record<string, string>, deps: Omit<AppDeps, 'db'>) => {
    const app = await buildTestApp(store, env, deps);
    apps.push(app);
    return app;
  };

  it('records the demo mount without counting as a listener, and rewinds to the moment a live listener heard', async () => {
    const startedAt = Date.now();
    const app = await start({}, { archiveTuning: TUNING });
    const base = await listening(app);
    await waitFor('the recorder to record', async () => (await health(base)).archive.state === 'recording');
    const status = (await (await fetch(`${base}/demo/status-json.xsl`)).json()) as {
      icestats: { source: { listeners: number } };
    };
    expect(status.icestats.source.listeners).toBe(0);

    const capture = await captureLive(`${base}/demo/live`, 9_000);
    const connectedAt = capture.reads[0]?.at ?? 0;
    // A read well after the connect burst: its arrival is when its audio was live.
    const read = capture.reads.find((candidate) => candidate.at > connectedAt + 4_000);
    if (!read) throw new Error('the capture is too short');
    const rewind = await readSome(`${base}/api/rewind?at=${read.at}&quality=standard`, 16_384);
    expect(rewind.status).toBe(200);
    expect(rewind.headers['content-type']).toBe('audio/mpeg');
    const heard = heardAt(capture, rewind.body.subarray(0, 2_048), FRAME_MS);
    expect(heard).not.toBeNull();
    expect(Math.abs((heard ?? 0) - read.at)).toBeLessThanOrEqual(1_000);

    // What this run recorded (the generated past day lies two days back).
    const chunks = await new ArchiveRepo(store.db).chunksBetween(startedAt - 5_000, Date.now() + 60_000);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    // Chunks follow each other without gaps or overlaps (within a frame: the first seconds settle the dating).
    for (let index = 1; index < chunks.length; index += 1) {
      const previous = chunks[index - 1];
      const chunk = chunks[index];
      if (previous && chunk && !previous.open)
        expect(Math.abs(chunk.startsAt - previous.endsAt), JSON.stringify(chunks)).toBeLessThanOrEqual(
          FRAME_MS,
        );
    }
  }, 40_000);

  it('a fresh start generates a past day of demo episodes, marked demo, playable, with tracklists; once', async () => {
    const app = await start({}, { archiveTuning: TUNING });
    const base = await listening(app);
    const list = async () =>
      episodeListSchema.parse(await (await fetch(`${base}/api/episodes?limit=100`)).json()).episodes;
    await waitFor('the demo past day', async () => (await list()).length >= 3);
    const episodes = await list();
    const now = Date.now();
    expect(episodes).toHaveLength(3);
    for (const episode of episodes) {
      expect(episode.demo).toBe(true);
      expect(episode.show).toMatch(/ \(demo replay\)$/);
      expect(episode.status).toBe('ready');
      expect(episode.endsAt).toBeLessThan(now - 24 * 3_600_000);
      expect(Math.abs(episode.durationMs - DEMO_EPISODE_MS)).toBeLessThanOrEqual(FRAME_MS);
      expect(episode.tracks.length).toBeGreaterThanOrEqual(3);
      const audio = await fetch(`${base}${episode.audioUrl}`, { headers: { range: 'bytes=0-3' } });
      expect(audio.status).toBe(206);
      // An MPEG audio frame's sync word.
      const head = Buffer.from(await audio.arrayBuffer());
      expect(head[0]).toBe(0xff);
      expect((head[1] ?? 0) & 0xe0).toBe(0xe0);
    }
    await app.close();
    apps.splice(0);

    // A restart over the same store generates nothing more.
    const again = await start({}, { archiveTuning: TUNING });
    const againBase = await listening(again);
    await waitFor(
      'the recorder to record',
      async () => (await health(againBase)).archive.state === 'recording',
    );
    const after = episodeListSchema.parse(
      await (await fetch(`${againBase}/api/episodes?limit=100`)).json(),
    ).episodes;
    expect(after.filter((episode) => episode.demo).map((episode) => episode.id)).toEqual(
      episodes.map((episode) => episode.id),
    );
  }, 40_000);

  it('answers bad, future, too old and unrecorded moments with the reason', async () => {
    const app = await start({}, { archiveTuning: { ...TUNING, renewMs: 60_000 } });
    const now = Date.now();
    const cases: Array<[string, number, string]> = [
      ['/api/rewind', 400, 'rewind_at_invalid'],
      ['/api/rewind?at=soon', 400, 'rewind_at_invalid'],
      ['/api/rewind?at=-5', 400, 'rewind_at_invalid'],
      [`/api/rewind?at=${now}&quality=ultra`, 400, 'rewind_at_invalid'],
      [`/api/rewind?at=${now + 60_000}`, 416, 'rewind_future'],
      [`/api/rewind?at=${now - 5 * 3_600_000}`, 416, 'rewind_outside_window'],
      [`/api/rewind?at=${now - 3_600_000}`, 404, 'rewind_gap'],
    ];
    for (const [url, status, code] of cases) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.json(), url).toMatchObject({ code });
    }
  }, 40_000);
});
