import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ANALYTICS_MAX_EVENTS_PER_BATCH,
  ANALYTICS_MAX_VALUES_PER_PARAM_PER_DAY,
  ANALYTICS_OTHER_VALUE,
  favoriteId,
  favoriteName,
  insightsSchema,
  SLOT_TEXT_MAX_CHARS,
  type AnalyticsEvent,
  type Schedule,
} from '@onair/core';
import { loadBundledSchedule } from '../src/bundled-schedule.ts';
import {
  EVENTS_MAX_BATCHES_PER_WINDOW,
  TOO_MANY_EVENTS_ERROR,
  UNKNOWN_SHOW_ERROR,
} from '../src/routes/events.ts';
import { ScheduleRepo } from '../src/store/schedule-repo.ts';
import { ADMIN_ENV, buildTestApp, loginAsAdmin } from './auth-helpers.ts';
import { joinChat } from './chat-helpers.ts';
import { logSink } from './log-sink.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const NOW = new Date('2026-11-23T10:15:00Z');
const LISTENER_IP = '203.0.113.77';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36';

/** A show of the bundled week, the one buildTestApp seeds. */
const bundled = loadBundledSchedule();
const slot = bundled[0]?.shows.find((show) => show.show.trim() !== '' && show.show !== show.artist);
if (!slot) throw new Error('the bundled week has no show with a name of its own');
const SHOW_ID = favoriteId(slot);
const SHOW_NAME = favoriteName(slot);
const favourite: AnalyticsEvent = { name: 'show_favorited', params: { show_id: SHOW_ID }, at: NOW.getTime() };
const PHISHING = 'Your admin password expired: sign in at https://evil.example/onair';
const timer: AnalyticsEvent = {
  name: 'sleep_timer_start',
  params: { timer_minutes: 30, is_custom_time: false },
  at: NOW.getTime(),
};

function batch(events: unknown[], platform_type = 'pwa') {
  return { events, app_id: 'fiwl-radio', platform_type, user_agent: ANDROID_CHROME };
}

describe.each(STORE_KINDS)('POST /api/events and GET /api/insights on $kind', ({ open }) => {
  let store: TestStore;
  let app: FastifyInstance;
  beforeEach(async () => {
    store = await open();
    app = await buildTestApp(store, undefined, { now: () => NOW });
  });
  afterEach(async () => {
    await app.close();
    await store.dispose();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = LISTENER_IP) =>
    app.inject({
      method: 'POST',
      url: '/api/events',
      remoteAddress,
      headers,
      ...(typeof payload === 'string' ? { payload } : { payload: payload as object }),
    });
  /** Every analytics row as the database holds it (listener samples are the poller's, not a client's). */
  const eventRows = async () => ({
    events: await store.db.selectFrom('analytics_event_day').selectAll().orderBy('name').execute(),
    params: await store.db
      .selectFrom('analytics_param_day')
      .selectAll()
      .orderBy('name')
      .orderBy('param')
      .orderBy('value')
      .execute(),
  });

  it('answers 202 and counts each event on its day, by platform and reduced user agent', async () => {
    expect((await post(batch([favourite, timer, timer]))).statusCode).toBe(202);
    const second = await post(batch([favourite], 'web_browser'));
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual({ accepted: 1 });
    const { events, params } = await eventRows();
    const agent = { browser: 'Chrome', os: 'Android', device: 'mobile' };
    expect(events.map((row) => ({ ...row, count: Number(row.count) }))).toEqual([
      { day: '2026-11-23', name: 'show_favorited', platform: 'pwa', ...agent, count: 1 },
      { day: '2026-11-23', name: 'show_favorited', platform: 'web_browser', ...agent, count: 1 },
      { day: '2026-11-23', name: 'sleep_timer_start', platform: 'pwa', ...agent, count: 2 },
    ]);
    expect(params.map((row) => [row.name, row.param, row.value, Number(row.count)])).toEqual([
      ['show_favorited', 'show_id', SHOW_ID, 2],
      ['sleep_timer_start', 'is_custom_time', 'false', 2],
      ['sleep_timer_start', 'timer_minutes', '30', 2],
    ]);
  });

  it('stores no address and no raw user agent in any row', async () => {
    await post(batch([favourite]), { 'x-forwarded-for': '198.51.100.4' });
    const everything = JSON.stringify([
      await eventRows(),
      await store.db.selectFrom('listener_minute').selectAll().execute(),
    ]);
    expect(everything).toContain(SHOW_ID);
    for (const secret of [LISTENER_IP, '198.51.100.4', 'Pixel', 'AP2A', '131.0'])
      expect(everything).not.toContain(secret);
  });

  const adminInsights = async (target = app, days = 7) => {
    const response = await target.inject({
      url: `/api/insights?days=${days}`,
      headers: { cookie: await loginAsAdmin(target) },
    });
    expect(response.statusCode).toBe(200);
    return insightsSchema.parse(response.json());
  };
  const timers = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => ({
      name: 'sleep_timer_start',
      params: { timer_minutes: from + index, is_custom_time: true },
      at: 1,
    }));
  const timerValues = async () =>
    (await eventRows()).params
      .filter((row) => row.param === 'timer_minutes')
      .map((row) => [row.value, Number(row.count)] as const);

  it('refuses a whole batch that names a show the station never had (400), storing nothing of it', async () => {
    const invented = Array.from({ length: 48 }, (_, index) => ({
      name: 'show_favorited',
      params: { show_id: `Nobody-Invented show ${index}`, show_name: PHISHING },
      at: 1,
    }));
    const flood = await post(batch([favourite, timer, ...invented]));
    expect(flood.statusCode).toBe(400);
    expect(flood.json()).toEqual({ error: UNKNOWN_SHOW_ERROR, code: 'events_unknown_show' });
    // One made-up id among real events is enough, under either event.
    const one = await post(
      batch([favourite, { name: 'show_unfavorited', params: { show_id: PHISHING }, at: 1 }]),
    );
    expect(one.statusCode).toBe(400);
    expect(await eventRows()).toEqual({ events: [], params: [] });
    expect(JSON.stringify(await adminInsights())).not.toContain('evil.example');
  });

  it("takes an older app's show name beside a known id and keeps the id alone: the insights name the show as the schedule does", async () => {
    const older = await post(batch([{ ...favourite, params: { show_id: SHOW_ID, show_name: PHISHING } }]));
    expect(older.statusCode).toBe(202);
    const rows = await eventRows();
    expect(JSON.stringify(rows)).not.toContain('evil.example');
    expect(rows.params.map((row) => [row.name, row.param, row.value, Number(row.count)])).toEqual([
      ['show_favorited', 'show_id', SHOW_ID, 1],
    ]);
    expect((await adminInsights()).topShows).toEqual([{ show: SHOW_NAME, favorited: 1, unfavorited: 0 }]);
  });

  it('takes a show for 90 days after it left the week, named as it was, and refuses it from the 91st', async () => {
    let clock = NOW;
    const later = await buildTestApp(store, undefined, { now: () => clock });
    try {
      const week: Schedule = bundled.map((day) => ({
        ...day,
        shows: day.shows.filter((show) => favoriteId(show) !== SHOW_ID),
      }));
      expect(await new ScheduleRepo(store.db).save(week, 1, NOW)).toHaveProperty('saved');
      const send = (payload: object) =>
        later.inject({ method: 'POST', url: '/api/events', remoteAddress: LISTENER_IP, payload });
      clock = new Date(NOW.getTime() + 90 * 86_400_000);
      expect((await send(batch([favourite]))).statusCode).toBe(202);
      expect((await adminInsights(later, 1)).topShows).toEqual([
        { show: SHOW_NAME, favorited: 1, unfavorited: 0 },
      ]);
      clock = new Date(NOW.getTime() + 91 * 86_400_000);
      expect((await send(batch([favourite]))).json()).toEqual({
        error: UNKNOWN_SHOW_ERROR,
        code: 'events_unknown_show',
      });
    } finally {
      await later.close();
    }
  });

  it('counts a show whose names are the longest a schedule allows, under its whole id', async () => {
    const long = {
      time: '23:00 - 00:00',
      artist: 'a'.repeat(SLOT_TEXT_MAX_CHARS),
      show: 's'.repeat(SLOT_TEXT_MAX_CHARS),
      genre: '',
      image: '',
    };
    const week: Schedule = bundled.map((day, index) =>
      index === 0 ? { ...day, shows: [...day.shows, long] } : day,
    );
    expect(await new ScheduleRepo(store.db).save(week, 1, NOW)).toHaveProperty('saved');
    const response = await post(
      batch([{ name: 'show_favorited', params: { show_id: favoriteId(long) }, at: 1 }]),
    );
    expect(response.statusCode).toBe(202);
    expect((await eventRows()).params.map((row) => row.value)).toEqual([favoriteId(long)]);
    expect((await adminInsights()).topShows).toEqual([
      { show: favoriteName(long), favorited: 1, unfavorited: 0 },
    ]);
  });

  it('catches up at start-up with a week stored before the server recorded its shows', async () => {
    await store.db.deleteFrom('schedule_show').execute();
    expect((await post(batch([favourite]))).statusCode).toBe(400);
    const restarted = await buildTestApp(store, undefined, { now: () => NOW });
    try {
      const response = await restarted.inject({
        method: 'POST',
        url: '/api/events',
        remoteAddress: LISTENER_IP,
        payload: batch([favourite]),
      });
      expect(response.statusCode).toBe(202);
    } finally {
      await restarted.close();
    }
  });

  it(`keeps at most ${ANALYTICS_MAX_VALUES_PER_PARAM_PER_DAY} values of a parameter a day: newer ones are counted as ${ANALYTICS_OTHER_VALUE}`, async () => {
    for (const from of [1, 51, 101]) expect((await post(batch(timers(from, 50)))).statusCode).toBe(202);
    // A value the day already has is still counted as itself.
    expect((await post(batch(timers(100, 1)))).statusCode).toBe(202);
    const values = await timerValues();
    expect(values).toHaveLength(ANALYTICS_MAX_VALUES_PER_PARAM_PER_DAY + 1);
    expect(values).toContainEqual([ANALYTICS_OTHER_VALUE, 50]);
    expect(values).toContainEqual(['100', 2]);
    const { sleepTimer } = await adminInsights();
    expect(sleepTimer.started).toBe(151);
    expect(sleepTimer.byMinutes).toHaveLength(100);
    expect(sleepTimer.byMinutes.at(-1)).toEqual({ minutes: 100, count: 2 });
  });

  it('holds that limit exactly when 30 batches of new values arrive at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        post(batch(timers(1 + index * 10, 10)), {}, `203.0.113.${index + 1}`),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(30).fill(202));
    const values = await timerValues();
    expect(values).toHaveLength(ANALYTICS_MAX_VALUES_PER_PARAM_PER_DAY + 1);
    expect(values).toContainEqual([ANALYTICS_OTHER_VALUE, 200]);
  });

  it('takes the pagehide beacon, which arrives as text/plain', async () => {
    const response = await post(JSON.stringify(batch([timer])), {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(response.statusCode).toBe(202);
    expect((await eventRows()).events).toHaveLength(1);
  });

  it.each([
    ['an unknown event name', batch([{ name: 'page_view', params: {}, at: 1 }]), 400],
    ['an undocumented param', batch([{ name: 'chat_close', params: { email: 'a@b.c' }, at: 1 }]), 400],
    [
      'a param of the wrong type',
      batch([{ ...timer, params: { timer_minutes: 'thirty', is_custom_time: false } }]),
      400,
    ],
    ['an unknown platform_type', batch([timer], 'smart_fridge'), 400],
    ['a valid batch plus an ip field', { ...batch([timer]), ip: LISTENER_IP }, 400],
  ])('refuses %s with a reason and stores nothing', async (_label, payload, status) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: 'Invalid analytics batch.', code: 'events_invalid' });
    expect(await eventRows()).toEqual({ events: [], params: [] });
  });

  it('refuses non-JSON (400), 51 events and a 17 KB body (413), storing nothing', async () => {
    const garbage = await post('{"events": [', { 'content-type': 'application/json' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({ error: 'Invalid analytics batch.', code: 'events_invalid' });
    expect((await post('not json', { 'content-type': 'text/plain' })).statusCode).toBe(400);
    // Valid JSON and a valid batch, refused for its size alone.
    const valid = JSON.stringify(batch([timer]));
    const big = valid + ' '.repeat(17 * 1024 - valid.length);
    const tooLarge = await post(big, { 'content-type': 'application/json' });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: 'The analytics batch is too large.', code: 'too_large' });
    // 51 valid events fit in 16 KB; the event cap alone refuses them, as too large, not as invalid.
    const fiftyOne = await post(batch(Array<AnalyticsEvent>(ANALYTICS_MAX_EVENTS_PER_BATCH + 1).fill(timer)));
    expect(fiftyOne.statusCode).toBe(413);
    expect(fiftyOne.json()).toEqual({ error: TOO_MANY_EVENTS_ERROR, code: 'events_too_many' });
    expect(TOO_MANY_EVENTS_ERROR).toContain('at most 50 events');
    expect(await eventRows()).toEqual({ events: [], params: [] });
    const fifty = await post(batch(Array<AnalyticsEvent>(ANALYTICS_MAX_EVENTS_PER_BATCH).fill(timer)));
    expect(fifty.statusCode).toBe(202);
    expect(fifty.json()).toEqual({ accepted: 50 });
  });

  it('refuses a cross-site page (403) and limits batches per address (429), storing nothing more', async () => {
    expect((await post(batch([timer]), { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(await eventRows()).toEqual({ events: [], params: [] });
    for (let sent = 0; sent < EVENTS_MAX_BATCHES_PER_WINDOW; sent += 1)
      expect((await post(batch([timer]))).statusCode).toBe(202);
    const before = await eventRows();
    const limited = await post(batch([timer]));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(await eventRows()).toEqual(before);
    // Another address has its own budget.
    expect((await post(batch([timer]), {}, '203.0.113.78')).statusCode).toBe(202);
  });

  it('shows the insights to the admin only: 401 without a session, 403 for a listener signed into the chat', async () => {
    const anonymous = await app.inject('/api/insights');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      error: 'Sign in as the admin to see the insights.',
      code: 'sign_in_required',
    });
    await post(batch([favourite]));
    // A real listener session, from the chat's own sign-in route.
    const chat = await joinChat(app, 'NightOwl', LISTENER_IP);
    expect(chat).toMatch(/^onair_chat=[\w-]{43}$/);
    const token = chat.slice('onair_chat='.length);
    // The chat cookie as the listener holds it, and the same token passed off as the admin's cookie.
    for (const cookie of [chat, `onair_session=${token}`, `${chat}; onair_session=${token}`]) {
      const listener = await app.inject({ url: '/api/insights?days=7', headers: { cookie } });
      expect(listener.statusCode, cookie).toBe(403);
      // The refusal alone: no count, show name or any other insight.
      expect(listener.json(), cookie).toEqual({
        error: 'Only the admin may see the insights.',
        code: 'admin_only',
      });
      expect(listener.body).not.toContain(SHOW_NAME);
    }
    const admin = await loginAsAdmin(app);
    const tooLong = await app.inject({ url: '/api/insights?days=91', headers: { cookie: admin } });
    expect(tooLong.statusCode).toBe(400);
    const allowed = await app.inject({ url: '/api/insights?days=7', headers: { cookie: admin } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain(SHOW_NAME);
  });

  it('gives the admin the numbers just posted', async () => {
    await post(batch([favourite, timer, { ...timer, params: { timer_minutes: 37, is_custom_time: true } }]));
    await post(
      batch(
        [
          favourite,
          { name: 'sleep_timer_cancel', params: {}, at: 1 },
          { name: 'message_sent', params: { has_reply: false, has_mentions: true }, at: 1 },
        ],
        'web_browser',
      ),
    );
    const admin = await loginAsAdmin(app);
    const response = await app.inject({ url: '/api/insights?days=7', headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    const insights = insightsSchema.parse(response.json());
    expect(insights.since).toBe('2026-11-17');
    expect(insights.topShows).toEqual([{ show: SHOW_NAME, favorited: 2, unfavorited: 0 }]);
    expect(insights.sleepTimer).toEqual({
      started: 2,
      completed: 0,
      cancelled: 1,
      custom: 1,
      byMinutes: [
        { minutes: 30, count: 1 },
        { minutes: 37, count: 1 },
      ],
    });
    expect(insights.chat).toEqual({ messages: 1, reactions: 0, emojiPickerOpens: 0, closes: 0 });
    expect(insights.eventsByDay).toContainEqual({
      day: '2026-11-23',
      name: 'show_favorited',
      platform: 'pwa',
      count: 1,
    });
    expect(insights.eventsByDay).toContainEqual({
      day: '2026-11-23',
      name: 'show_favorited',
      platform: 'web_browser',
      count: 1,
    });
  });

  it('writes no client address to the log for a batch, sent, refused or limited', async () => {
    const { stream, lines } = logSink();
    const logged = await buildTestApp(
      store,
      { ...ADMIN_ENV, LOG_LEVEL: 'info' },
      { now: () => NOW, logStream: stream },
    );
    try {
      const send = (payload: unknown) =>
        logged.inject({
          method: 'POST',
          url: '/api/events',
          remoteAddress: LISTENER_IP,
          payload: payload as object,
        });
      expect((await send(batch([timer]))).statusCode).toBe(202);
      expect((await send(batch([{ name: 'page_view', params: {}, at: 1 }]))).statusCode).toBe(400);
      expect((await send(batch(Array<AnalyticsEvent>(51).fill(timer)))).statusCode).toBe(413);
      for (let sent = 0; sent < EVENTS_MAX_BATCHES_PER_WINDOW; sent += 1) await send(batch([timer]));
      expect((await send(batch([timer]))).statusCode).toBe(429);
      expect(JSON.stringify(lines)).not.toContain(LISTENER_IP);
      // Other routes still log the address at info (fail2ban, SECURITY.md): the sink does see it.
      await logged.inject({ url: '/api/health', remoteAddress: LISTENER_IP });
      expect(lines.find((line) => line.msg === 'incoming request')?.req?.remoteAddress).toBe(LISTENER_IP);
    } finally {
      await logged.close();
    }
  });
});
