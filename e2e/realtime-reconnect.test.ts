import { stationWallClock, type Schedule } from '@onair/core';
import { describe, expect, it } from 'vitest';
import { openPage } from './fixtures/browser.ts';
import { WallClock } from './fixtures/clock.ts';
import { useServerAndBrowser } from './fixtures/suite.ts';
import { ADMIN, ADMIN_ENV } from './schedule/schedule-helpers.ts';

interface SubscribeFrame {
  type: 'subscribe';
  topics: string[];
  versions: Record<string, number>;
}

describe('the realtime socket across a server restart', () => {
  // The server, the page and the test agree on the day (a show is added to today's list below).
  const clock = WallClock.forSuite();
  const { server, browser } = useServerAndBrowser(ADMIN_ENV, clock);

  it('reconnects by itself, resyncs by version, and shows a change made after the restart without a reload', async () => {
    const listener = await openPage(browser(), { clock });
    // Every subscribe frame the page sends, on whichever socket (a reconnect opens a new one).
    const subscribes: SubscribeFrame[] = [];
    listener.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as { type?: string };
        if (frame.type === 'subscribe') subscribes.push(frame as SubscribeFrame);
      }),
    );
    await listener.goto(`${server().url}/schedule`);
    // The app runs once its socket has subscribed (the buttons are there before, in the prerender).
    await expect.poll(() => subscribes.length, { timeout: 30_000 }).toBe(1);
    const before = (await (await fetch(`${server().url}/api/schedule`)).json()) as {
      data: Schedule;
      version: number;
    };
    let loads = 0;
    listener.on('load', () => (loads += 1));

    await server().restart(); // SIGKILL, then the same port and data dir

    // The admin saves as soon as the new process answers, most likely while the listener's socket
    // is still waiting out its backoff: the change then reaches it only by the resync.
    const login = await fetch(`${server().url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const today = stationWallClock(clock.now(), 'Europe/Dublin').weekday;
    const artist = 'Back After The Restart';
    const next = before.data.map((day) =>
      day.day === today
        ? {
            ...day,
            shows: [...day.shows, { time: '11pm - 11:30pm', artist, show: '', genre: '', image: '' }],
          }
        : day,
    );
    const saved = await fetch(`${server().url}/api/schedule`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ data: next, version: before.version }),
    });
    expect(saved.status).toBe(200);
    // The store survived the kill: the version went on from the one before the restart.
    expect(((await saved.json()) as { version: number }).version).toBe(before.version + 1);

    // Looked for in today's list: when the test runs at 11pm the show is also the one on air.
    await listener.getByRole('group', { name: today }).getByText(artist).waitFor({ timeout: 60_000 });
    expect(loads).toBe(0);
    // The reconnected socket asked from the version the page held, so the server sent only what changed.
    expect(subscribes.length).toBeGreaterThanOrEqual(2);
    expect(subscribes.at(-1)?.versions['schedule']).toBe(before.version);
    await listener.context().close();
  }, 120_000);
});
