import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WEEKDAYS, scheduleConflictSchema, type Schedule } from '@onair/core';
import { loadBundledSchedule } from '../src/bundled-schedule.ts';
import { SessionRepo } from '../src/store/session-repo.ts';
import { buildTestApp, loginAsAdmin } from './auth-helpers.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const bundled = loadBundledSchedule();

function withShow(schedule: Schedule, show: Schedule[number]['shows'][number], day = 0): Schedule {
  return schedule.map((entry, index) =>
    index === day ? { ...entry, shows: [...entry.shows, show] } : entry,
  );
}

describe.each(STORE_KINDS)('PUT /api/schedule on $kind', ({ open }) => {
  let store: TestStore;
  let app: FastifyInstance;
  let admin: string;
  beforeEach(async () => {
    store = await open();
    app = await buildTestApp(store);
    admin = await loginAsAdmin(app);
  });
  afterEach(async () => {
    await app.close();
    await store.dispose();
  });

  /** The stored row exactly as the database holds it. */
  const rawRow = () => store.db.selectFrom('schedule').selectAll().executeTakeFirstOrThrow();
  const put = (payload: unknown, cookie: string | null = admin, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'PUT',
      url: '/api/schedule',
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(typeof payload === 'string' ? { payload } : { payload: payload as object }),
    });

  it('saves at the current version, sorts each day, fills images, bumps the version', async () => {
    const added = {
      time: '6am - 7am',
      artist: 'Seán Murphy',
      show: 'Early Doors',
      genre: 'House',
      image: '',
    };
    const response = await put({ data: withShow(bundled, added), version: 1 });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: Schedule; version: number };
    expect(body.version).toBe(2);
    const monday = body.data[0]?.shows ?? [];
    const index = monday.findIndex((slot) => slot.show === 'Early Doors');
    expect(monday[index]?.image).toBe('/images/shows/Sean_Murphy_400.jpg');
    // Sorted: the 6am show sits between the slots around it, not at the end.
    expect(index).toBeLessThan(monday.length - 1);
    expect((await app.inject('/api/schedule')).json()).toEqual(body);
  });

  it('takes 24-hour slot times as typed and sorts them with the 12-hour ones by the minutes they say', async () => {
    const slot = (time: string, artist: string) => ({ time, artist, show: '', genre: '', image: '' });
    const week = WEEKDAYS.map((day) => ({
      day,
      shows:
        day === 'Tuesday'
          ? [
              slot('21h - 23h (Zweiwöchentlich)', 'D'),
              slot('sometime soon', 'E'),
              slot('18.00–19.30', 'B'),
              slot('5:30pm - 6pm', 'A'),
              slot('20:00 - 21:00', 'C'),
            ]
          : [],
    }));
    const response = await put({ data: week, version: 1 });
    expect(response.statusCode).toBe(200);
    const tuesday = (response.json() as { data: Schedule }).data[1]?.shows ?? [];
    expect(tuesday.map((entry) => [entry.artist, entry.time])).toEqual([
      ['A', '5:30pm - 6pm'],
      ['B', '18.00–19.30'],
      ['C', '20:00 - 21:00'],
      ['D', '21h - 23h (Zweiwöchentlich)'],
      ['E', 'sometime soon'],
    ]);
  });

  it('keeps a slot whose time does not parse, after the timed ones (it is ignored for on-air)', async () => {
    const odd = { time: 'sometime soon', artist: 'Mystery Guest', show: '', genre: '', image: '' };
    const response = await put({ data: withShow(bundled, odd, 2), version: 1 });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: Schedule }).data[2]?.shows.at(-1)).toMatchObject({
      time: 'sometime soon',
    });
  });

  it('refuses without a session (401), with a listener session or a cross-site origin (403)', async () => {
    const before = await rawRow();
    const document = { data: bundled, version: 1 };
    expect((await put(document, null)).statusCode).toBe(401);
    expect((await put(document, 'onair_session=' + 'B'.repeat(43))).statusCode).toBe(401);
    // Spec §6 trusted a locally stored name: a listener claiming the admin's name is still a listener.
    const token = 'L'.repeat(43);
    const { createHash } = await import('node:crypto');
    await new SessionRepo(store.db).create(
      createHash('sha256').update(token).digest('hex'),
      { username: 'StationAdmin', role: 'listener', expiresAt: '2999-01-01T00:00:00.000Z', chatterKey: null },
      new Date(),
    );
    const listener = await put(document, `onair_session=${token}`);
    expect(listener.statusCode).toBe(403);
    expect(listener.json()).toEqual({ error: 'Only the admin may change the schedule.', code: 'admin_only' });
    expect((await put(document, admin, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(await rawRow()).toEqual(before);
  });

  it('answers 409 with the current document on a stale version', async () => {
    const first = await put({
      data: withShow(bundled, { time: '1am - 2am', artist: 'A', show: 'B', genre: '', image: '' }),
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    const before = await rawRow();
    const stale = await put({ data: bundled, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: 'The schedule changed meanwhile; reload it.',
      code: 'schedule_stale',
      current: first.json(),
    });
    expect(await rawRow()).toEqual(before);
    // A version from the future is just as stale.
    expect((await put({ data: bundled, version: 99 })).statusCode).toBe(409);
    expect(await rawRow()).toEqual(before);
  });

  it('refuses junk with the store byte-for-byte unchanged', async () => {
    const before = await rawRow();
    const slot = { time: '1am - 2am', artist: 'A', show: 'B', genre: 'C', image: '' };
    const json = { 'content-type': 'application/json' };
    const cases: { name: string; payload: unknown; headers?: Record<string, string>; status: number }[] = [
      {
        name: 'wrong day names',
        payload: { data: bundled.map((d, i) => (i === 3 ? { ...d, day: 'Thorsday' } : d)), version: 1 },
        status: 400,
      },
      {
        name: '8 days',
        payload: { data: [...bundled, { day: 'Monday', shows: [] }], version: 1 },
        status: 400,
      },
      { name: '6 days', payload: { data: bundled.slice(1), version: 1 }, status: 400 },
      {
        name: 'a day twice',
        payload: { data: bundled.map((d, i) => (i === 6 ? { ...d, day: 'Monday' } : d)), version: 1 },
        status: 400,
      },
      {
        name: '10k-character field',
        payload: { data: withShow(bundled, { ...slot, artist: 'x'.repeat(10_000) }), version: 1 },
        status: 400,
      },
      {
        name: 'slot of wrong type',
        payload: { data: withShow(bundled, { ...slot, time: 7 } as never), version: 1 },
        status: 400,
      },
      { name: 'no version', payload: { data: bundled }, status: 400 },
      { name: 'version as text', payload: { data: bundled, version: '1' }, status: 400 },
      // Beyond the stores' 32-bit version column: refused as junk, not a database error (500).
      { name: 'version 3e9', payload: { data: bundled, version: 3_000_000_000 }, status: 400 },
      { name: 'bare array', payload: bundled, status: 400 },
      { name: 'null', payload: 'null', headers: json, status: 400 },
      { name: 'not JSON', payload: '{"data": [', headers: json, status: 400 },
      { name: 'empty body', payload: '', headers: json, status: 400 },
      {
        name: 'text/plain',
        payload: 'Monday: everything',
        headers: { 'content-type': 'text/plain' },
        status: 400,
      },
      {
        name: 'form body',
        payload: 'data=x&version=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        status: 415,
      },
      {
        name: '1 MB',
        payload: JSON.stringify({ data: bundled, version: 1, pad: 'x'.repeat(1_048_576) }),
        headers: json,
        status: 413,
      },
    ];
    for (const junk of cases) {
      const response = await put(junk.payload, admin, junk.headers ?? {});
      expect(response.statusCode, junk.name).toBe(junk.status);
      if (junk.status === 400)
        expect(response.json(), junk.name).toEqual({
          error: 'Invalid schedule data format',
          code: 'schedule_invalid',
        });
      expect(await rawRow(), junk.name).toEqual(before);
    }
  });

  it('lets exactly one of 20 concurrent saves at the same version win', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        put({
          data: withShow(bundled, {
            time: '3am - 4am',
            artist: `Racer ${n}`,
            show: '',
            genre: '',
            image: '',
          }),
          version: 1,
        }),
      ),
    );
    const codes = results.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    const winner = results.find((response) => response.statusCode === 200)?.json() as {
      data: Schedule;
      version: number;
    };
    expect(winner.version).toBe(2);
    expect((await app.inject('/api/schedule')).json()).toEqual(winner);
  });

  it('refuses version 0 ("there was none") over the seeded week, answering with it', async () => {
    const before = await rawRow();
    const response = await put({ data: [], version: 0 });
    expect(response.statusCode).toBe(400);
    const conflict = await put({ data: bundled, version: 0 });
    expect(conflict.statusCode).toBe(409);
    expect(scheduleConflictSchema.parse(conflict.json())).toEqual({
      error: 'The schedule changed meanwhile; reload it.',
      code: 'schedule_stale',
      current: { data: bundled, version: 1 },
    });
    expect(await rawRow()).toEqual(before);
  });

  it.each([
    ['not JSON', '[{"day": "Monday"'],
    ['JSON of the wrong shape', '{"days": []}'],
  ])(
    'answers a corrupt stored row (%s) with a clear 500 on GET and PUT, and keeps serving',
    async (_name, data) => {
      await store.db.updateTable('schedule').set({ data }).execute();
      const get = await app.inject('/api/schedule');
      expect(get.statusCode).toBe(500);
      expect(get.json()).toEqual({ error: 'Failed to load schedule.', code: 'server_error' });
      const stale = await put({ data: bundled, version: 5 });
      expect(stale.statusCode).toBe(500);
      expect(stale.json()).toEqual({ error: 'Failed to save schedule.', code: 'server_error' });
      // The server is still up, and an admin's save at the row's version repairs it.
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      expect((await put({ data: bundled, version: 1 })).statusCode).toBe(200);
      expect((await app.inject('/api/schedule')).json()).toEqual({ data: bundled, version: 2 });
    },
  );

  it('keeps the seven weekdays Monday first whatever order they were sent in', async () => {
    const response = await put({ data: [...bundled].reverse(), version: 1 });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: Schedule }).data.map((d) => d.day)).toEqual([...WEEKDAYS]);
  });
});
