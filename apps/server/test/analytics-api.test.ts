import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_MAX_EVENTS_PER_BATCH, insightsSchema, type AnalyticsEvent } from '@onair/core';
import { EVENTS_MAX_BATCHES_PER_WINDOW, TOO_MANY_EVENTS_ERROR } from '../src/routes/events.ts';
import { ADMIN_ENV, buildTestApp, loginAsAdmin } from './auth-helpers.ts';
import { joinChat } from './chat-helpers.ts';
import { logSink } from './log-sink.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const NOW = new Date('2026-11-23T10:15:00Z');
const LISTENER_IP = '203.0.113.77';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36';

const favourite: AnalyticsEvent = {
  name: 'show_favorited',
  params: { show_id: 'sean|early', show_name: 'Early Doors' },
  at: NOW.getTime(),
};
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
      ['show_favorited', 'show_id', 'sean|early', 2],
      ['show_favorited', 'show_name', 'Early Doors', 2],
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
    expect(everything).toContain('Early Doors');
    for (const secret of [LISTENER_IP, '198.51.100.4', 'Pixel', 'AP2A', '131.0'])
      expect(everything).not.toContain(secret);
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
    expect(response.json()).toEqual({ error: 'Invalid analytics batch.' });
    expect(await eventRows()).toEqual({ events: [], params: [] });
  });

  it('refuses non-JSON (400), 51 events and a 17 KB body (413), storing nothing', async () => {
    const garbage = await post('{"events": [', { 'content-type': 'application/json' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({ error: 'Invalid analytics batch.' });
    expect((await post('not json', { 'content-type': 'text/plain' })).statusCode).toBe(400);
    // Valid JSON and a valid batch, refused for its size alone.
    const valid = JSON.stringify(batch([timer]));
    const big = valid + ' '.repeat(17 * 1024 - valid.length);
    const tooLarge = await post(big, { 'content-type': 'application/json' });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: 'The analytics batch is too large.' });
    // 51 valid events fit in 16 KB; the event cap alone refuses them, as too large, not as invalid.
    const fiftyOne = await post(batch(Array<AnalyticsEvent>(ANALYTICS_MAX_EVENTS_PER_BATCH + 1).fill(timer)));
    expect(fiftyOne.statusCode).toBe(413);
    expect(fiftyOne.json()).toEqual({ error: TOO_MANY_EVENTS_ERROR });
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
    expect(anonymous.json()).toEqual({ error: 'Sign in as the admin to see the insights.' });
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
      expect(listener.json(), cookie).toEqual({ error: 'Only the admin may see the insights.' });
      expect(listener.body).not.toContain('Early Doors');
    }
    const admin = await loginAsAdmin(app);
    const tooLong = await app.inject({ url: '/api/insights?days=91', headers: { cookie: admin } });
    expect(tooLong.statusCode).toBe(400);
    const allowed = await app.inject({ url: '/api/insights?days=7', headers: { cookie: admin } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('Early Doors');
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
    expect(insights.topShows).toEqual([{ show: 'Early Doors', favorited: 2, unfavorited: 0 }]);
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
    const logged = await buildTestApp(store, { ...ADMIN_ENV, LOG_LEVEL: 'info' }, { now: () => NOW, logStream: stream });
    try {
      const send = (payload: unknown) =>
        logged.inject({ method: 'POST', url: '/api/events', remoteAddress: LISTENER_IP, payload: payload as object });
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
