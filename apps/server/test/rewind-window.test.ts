import { rewindWindowSchema } from '@onair/core';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArchiveRepo } from '../src/store/archive-repo.ts';
import { buildTestApp } from './auth-helpers.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-03-02T19:30:00Z');

describe.each(STORE_KINDS)('GET /api/rewind/window ($kind)', ({ open }) => {
  let store: TestStore;
  let app: FastifyInstance;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await app.close();
    await store.dispose();
  });

  const chunk = (id: string, startsAt: number, endsAt: number) =>
    new ArchiveRepo(store.db).addChunk({
      id,
      startsAt,
      endsAt,
      frames: 10,
      bytes: 100,
      sampleRate: 44_100,
      samplesPerFrame: 1152,
      bitrateKbps: 192,
      open: false,
    });

  it('answers null before anything is recorded, then the oldest instant inside TIMESHIFT_HOURS', async () => {
    // This instance records nothing: the chunks are the test's.
    app = await buildTestApp(
      store,
      { TIMESHIFT_HOURS: '2', ARCHIVE_RECORDING: 'off' },
      { now: () => new Date(NOW) },
    );
    const empty = await app.inject({ method: 'GET', url: '/api/rewind/window' });
    expect(empty.statusCode).toBe(200);
    expect(rewindWindowSchema.parse(empty.json())).toEqual({ earliestAt: null, timeshiftMs: 2 * HOUR });

    await chunk('old', NOW - 5 * HOUR, NOW - 4 * HOUR);
    await chunk('edge', NOW - 3 * HOUR, NOW - HOUR);
    await chunk('late', NOW - 30 * 60_000, NOW);
    const answer = await app.inject({ method: 'GET', url: '/api/rewind/window' });
    expect(answer.headers['cache-control']).toBe('no-store');
    // 'edge' began before the window: the window's own start is the oldest instant reachable.
    expect(answer.json()).toEqual({ earliestAt: NOW - 2 * HOUR, timeshiftMs: 2 * HOUR });
  });
});
