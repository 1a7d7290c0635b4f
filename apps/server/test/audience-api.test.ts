import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { audienceInsightsSchema, WEEKDAYS, type Schedule } from '@onair/core';
import { ScheduleRepo } from '../src/store/schedule-repo.ts';
import { buildTestApp, loginAsAdmin } from './auth-helpers.ts';
import { joinChat } from './chat-helpers.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

/** Tuesday noon; the station is in Dublin, on UTC in November. */
const NOW = new Date('2026-11-24T12:00:00Z');
const NOON = '2026-11-24T12:00';
const LISTENER_IP = '203.0.113.77';

const slot = (time: string, artist: string, show: string) => ({
  time,
  artist,
  show,
  genre: 'Various',
  image: '',
});
/** Monday 6–7am a show whose name a spreadsheet would run as a formula, 11pm–1am Night Owls; no other. */
const WEEK: Schedule = WEEKDAYS.map((day) => ({
  day,
  shows:
    day === 'Monday'
      ? [slot('6am - 7am', 'Aoife', '=Breakfast, Club'), slot('11pm - 1am', 'Cian', 'Night Owls')]
      : [],
}));

/** `count` minutes from `start` (UTC), each with `listeners`, as the poller stores them. */
function run(start: string, count: number, listeners: number) {
  const at = Date.parse(`${start}:00Z`);
  return Array.from({ length: count }, (_, i) => ({
    minute: new Date(at + i * 60_000).toISOString().slice(0, 16),
    listeners,
  }));
}

/*
 * Monday: 06:00–06:14 at 4 (QH persons 4), 06:15–06:29 at 7 (7), 23:45–23:59 at 6 (6).
 *   TLH = (60 + 105 + 90) / 60 = 4.25 → 4.3 h; AQH = (4 + 7 + 6) / 3 = 5.67 → 5.7; peak 7.
 * Tuesday: 00:00–00:14 at 12, and 12:00 at 0 (the app's own reading at its noon, one minute read in
 *   its quarter-hour): TLH 180 / 60 = 3; AQH = (12 + 0) / 2 = 6; peak 12.
 * Breakfast: TLH (60 + 105) / 60 = 2.75 → 2.8, AQH 5.5. Daytime: 0, 0 (one quarter-hour, of 0).
 * Evening: 1.5, 6. Overnight: 3, 12.
 * Night Owls: 30 minutes, 90 + 180 = 270: average 9, peak 12. The morning show: 30 minutes, 165: 5.5, peak 7.
 */
const MINUTES = [
  ...run('2026-11-23T06:00', 15, 4),
  ...run('2026-11-23T06:15', 15, 7),
  ...run('2026-11-23T23:45', 15, 6),
  ...run('2026-11-24T00:00', 15, 12),
];

describe.each(STORE_KINDS)('GET /api/insights/audience and its CSV on $kind', ({ open }) => {
  let store: TestStore;
  let app: FastifyInstance;
  beforeEach(async () => {
    store = await open();
    app = await buildTestApp(store, undefined, { now: () => NOW });
    expect(await new ScheduleRepo(store.db).save(WEEK, 1, NOW)).toHaveProperty('saved');
    await store.db.insertInto('listener_minute').values(MINUTES).execute();
    // The demo station's own poller records its count (0 in a test) at the app's noon: part of the series.
    await vi.waitFor(
      async () =>
        expect(
          await store.db.selectFrom('listener_minute').selectAll().where('minute', '=', NOON).execute(),
        ).toEqual([{ minute: NOON, listeners: 0 }]),
      { timeout: 5_000, interval: 50 },
    );
  });
  afterEach(async () => {
    await app.close();
    await store.dispose();
  });

  const sessionBatch = (durations: string[]) => ({
    events: durations.map((duration) => ({ name: 'listening_session', params: { duration }, at: 1 })),
    app_id: 'onair-web',
    platform_type: 'web_browser',
    user_agent: 'Mozilla/5.0',
  });

  it('gives the admin TLH and AQH per day and daypart, by show, and the listening sessions', async () => {
    const posted = await app.inject({
      method: 'POST',
      url: '/api/events',
      remoteAddress: LISTENER_IP,
      payload: sessionBatch(['1_5m', '1_5m', '30_60m']),
    });
    expect(posted.statusCode).toBe(202);
    const response = await app.inject({
      url: '/api/insights/audience?days=7',
      headers: { cookie: await loginAsAdmin(app) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = audienceInsightsSchema.parse(response.json());
    expect(body.audience.byDay).toEqual([
      { day: '2026-11-23', tlh: 4.3, aqh: 5.7, peak: 7, quarterHours: 3 },
      { day: '2026-11-24', tlh: 3, aqh: 6, peak: 12, quarterHours: 2 },
    ]);
    expect(body.audience.byDaypart.map(({ name, tlh, aqh }) => [name, tlh, aqh])).toEqual([
      ['Breakfast', 2.8, 5.5],
      ['Daytime', 0, 0],
      ['Drive', 0, 0],
      ['Evening', 1.5, 6],
      ['Overnight', 3, 12],
    ]);
    expect(body.audience.byShow).toEqual([
      { show: 'Night Owls — Cian', tlh: 4.5, average: 9, peak: 12, minutes: 30 },
      { show: '=Breakfast, Club — Aoife', tlh: 2.8, average: 5.5, peak: 7, minutes: 30 },
    ]);
    // 2 × 3 min + 45 min = 51 / 3 = 17 minutes.
    expect(body.sessions).toMatchObject({ count: 3, averageMinutes: 17, open: false });
  });

  it('refuses a listening_session carrying anything but its bucket', async () => {
    for (const params of [{ duration: '7m' }, { duration: '1_5m', session_id: 'abc' }, {}]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/events',
        remoteAddress: LISTENER_IP,
        payload: { ...sessionBatch([]), events: [{ name: 'listening_session', params, at: 1 }] },
      });
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
    }
    const stored = await store.db
      .selectFrom('analytics_param_day')
      .selectAll()
      .where('name', '=', 'listening_session')
      .execute();
    expect(stored).toEqual([]);
  });

  it('downloads each table as CSV, a formula-like show name defused', async () => {
    const admin = await loginAsAdmin(app);
    const shows = await app.inject({
      url: '/api/insights/audience.csv?table=shows&days=7',
      headers: { cookie: admin, 'sec-fetch-site': 'same-origin' },
    });
    expect(shows.statusCode).toBe(200);
    expect(shows.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(shows.headers['content-disposition']).toBe(
      'attachment; filename="audience-shows-2026-11-18-7d.csv"',
    );
    expect(shows.headers['cache-control']).toBe('no-store');
    expect(shows.body).toBe(
      'Show,Average listeners,Peak listeners,TLH (hours),Minutes on air measured\r\n' +
        'Night Owls — Cian,9,12,4.5,30\r\n' +
        `"'=Breakfast, Club — Aoife",5.5,7,2.8,30\r\n`,
    );
    const days = await app.inject({
      url: '/api/insights/audience.csv?table=days',
      headers: { cookie: admin },
    });
    expect(days.body.split('\r\n')[1]).toBe('2026-11-23,4.3,5.7,7,3');
    for (const table of ['dayparts', 'sessions']) {
      const csv = await app.inject({
        url: `/api/insights/audience.csv?table=${table}`,
        headers: { cookie: admin },
      });
      expect(csv.statusCode, table).toBe(200);
    }
    const unknown = await app.inject({
      url: '/api/insights/audience.csv?table=listeners',
      headers: { cookie: admin },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: 'Invalid query: table must be one of days, dayparts, shows, sessions.',
      code: 'audience_csv_invalid',
    });
  });

  it('refuses the figures and the CSV to anyone but the admin, and the CSV to another site', async () => {
    const chat = await joinChat(app, 'NightOwl', LISTENER_IP);
    for (const url of ['/api/insights/audience', '/api/insights/audience.csv?table=days']) {
      expect((await app.inject({ url })).statusCode, url).toBe(401);
      const listener = await app.inject({ url, headers: { cookie: chat } });
      expect(listener.statusCode, url).toBe(403);
      expect(listener.body).not.toContain('Night Owls');
    }
    const admin = await loginAsAdmin(app);
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ]) {
      const refused = await app.inject({
        url: '/api/insights/audience.csv?table=shows',
        headers: { cookie: admin, ...headers },
      });
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json()).toEqual({
        error: 'Requests from another site are refused.',
        code: 'cross_site',
      });
    }
  });
});
