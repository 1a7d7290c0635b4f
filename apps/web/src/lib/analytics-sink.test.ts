import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_APP_ID, registerAnalyticsSink, track } from './analytics.ts';
import { ANALYTICS_FLUSH_INTERVAL_MS, ServerAnalyticsSink } from './analytics-sink.ts';
import { ListeningSessionReporter } from './player/listening-session.ts';

interface Sent {
  at: number;
  body: {
    events: { name: string; params: object; at: number }[];
    app_id: string;
    platform_type: string;
    user_agent: string;
  };
}

describe('the server analytics sink', () => {
  let statuses: (number | 'offline')[];
  let posts: Sent[];
  let beacons: Sent[];
  let hidePage: () => void;
  let unregister: () => void;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-23T20:00:00Z') });
    statuses = [];
    posts = [];
    beacons = [];
    const sink = new ServerAnalyticsSink({
      fetch: async (url, init) => {
        expect(url).toBe('/api/events');
        posts.push({ at: Date.now(), body: JSON.parse(init.body as string) as Sent['body'] });
        const status = statuses.shift() ?? 202;
        if (status === 'offline') throw new TypeError('Failed to fetch');
        return new Response(null, { status });
      },
      sendBeacon: (url, body) => {
        expect(url).toBe('/api/events');
        beacons.push({ at: Date.now(), body: JSON.parse(body) as Sent['body'] });
        return true;
      },
      now: () => Date.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      onPageHide: (listener) => {
        hidePage = listener;
      },
    });
    unregister = registerAnalyticsSink(sink.sink);
  });
  afterEach(() => {
    unregister();
    vi.useRealTimers();
  });

  const start = Date.parse('2026-11-23T20:00:00Z');
  /** Seconds after the first event at which each POST went out. */
  const postTimes = () => posts.map((post) => (post.at - start) / 1000);

  it('batches events a few seconds, each batch carrying the app id, platform type and user agent', async () => {
    track('sleep_timer_start', { timer_minutes: 30, is_custom_time: false });
    track('show_favorited', { show_id: 'Aoife-Early Doors' });
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS - 1);
    expect(posts).toEqual([]);
    track('sleep_timer_cancel', {});
    await vi.advanceTimersByTimeAsync(1);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      events: [
        { name: 'sleep_timer_start', params: { timer_minutes: 30, is_custom_time: false }, at: start },
        { name: 'show_favorited', params: { show_id: 'Aoife-Early Doors' }, at: start },
        { name: 'sleep_timer_cancel', params: {}, at: start + ANALYTICS_FLUSH_INTERVAL_MS - 1 },
      ],
      app_id: ANALYTICS_APP_ID,
      platform_type: 'web_browser',
      user_agent: navigator.userAgent,
    });
    // Nothing queued: no further request, however long the page stays open.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(posts).toHaveLength(1);
  });

  it('sends what is queued with a beacon on pagehide, not later with fetch', async () => {
    track('chat_close', {});
    track('emoji_modal_open', {});
    hidePage();
    expect(beacons.map((beacon) => beacon.body.events.map((event) => event.name))).toEqual([
      ['chat_close', 'emoji_modal_open'],
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(posts).toEqual([]);
  });

  it('ends a listening session on pagehide and sends it in the last beacon, as a duration bucket only', async () => {
    const sessions = new ListeningSessionReporter(() => Date.now());
    sessions.update({ playing: true, listening: true });
    await vi.advanceTimersByTimeAsync(7 * 60_000); // the queue is empty: nothing sent meanwhile
    hidePage();
    expect(beacons.map((beacon) => beacon.body.events)).toEqual([
      [{ name: 'listening_session', params: { duration: '5_15m' }, at: start + 7 * 60_000 }],
    ]);
    // Ended once: pausing after the page was hidden reports nothing more.
    sessions.update({ playing: false, listening: false });
    sessions.dispose();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(posts).toEqual([]);
  });

  it('reports a session when the listener pauses, not while sound only buffers', async () => {
    const sessions = new ListeningSessionReporter(() => Date.now());
    sessions.update({ playing: false, listening: true }); // connecting: no sound yet
    await vi.advanceTimersByTimeAsync(30_000);
    sessions.update({ playing: true, listening: true });
    await vi.advanceTimersByTimeAsync(40_000);
    sessions.update({ playing: false, listening: true }); // a stall: the session goes on
    await vi.advanceTimersByTimeAsync(30_000);
    sessions.update({ playing: false, listening: false }); // paused after 70 s
    sessions.dispose();
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS);
    expect(posts.map((post) => post.body.events.map((event) => event.params))).toEqual([
      [{ duration: '1_5m' }],
    ]);
  });

  it('retries 429/500/503/504 and network failures with a doubling delay, and gives up 60 s after the first try', async () => {
    statuses = [429, 500, 503, 504, 'offline', 503, 503, 503, 503];
    track('chat_close', {});
    await vi.advanceTimersByTimeAsync(120_000);
    // First try at 5 s; then 1, 2, 4, 8, 16 and 16 s later; the next would start 63 s after the first.
    expect(postTimes()).toEqual([5, 6, 8, 12, 20, 36, 52]);
    expect(new Set(posts.map((post) => JSON.stringify(post.body))).size).toBe(1);
  });

  it('does not retry a batch the server refused for its content, and carries on with the next', async () => {
    statuses = [400];
    track('chat_close', {});
    await vi.advanceTimersByTimeAsync(30_000);
    expect(postTimes()).toEqual([5]);
    track('sleep_timer_complete', {});
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS);
    expect(posts.map((post) => post.body.events.map((event) => event.name))).toEqual([
      ['chat_close'],
      ['sleep_timer_complete'],
    ]);
  });

  it('keeps events tracked during a retry for the next batch, and beacons a retried batch only once', async () => {
    statuses = [503, 503];
    track('chat_close', {});
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS + 500);
    track('emoji_modal_open', {});
    hidePage();
    expect(beacons.map((beacon) => beacon.body.events.map((event) => event.name))).toEqual([
      ['chat_close', 'emoji_modal_open'],
    ]);
    await vi.advanceTimersByTimeAsync(120_000);
    // The retry that was due at 6 s never went out: the beacon took the batch over.
    expect(postTimes()).toEqual([5]);
  });

  it('splits a long queue into batches of at most 50 events', async () => {
    for (let index = 0; index < 120; index += 1) track('chat_close', {});
    hidePage();
    expect(beacons.map((beacon) => beacon.body.events.length)).toEqual([50, 50, 20]);
  });
});
