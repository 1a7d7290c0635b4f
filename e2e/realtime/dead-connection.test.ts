import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationWallClock } from '@onair/core';
import { launchBrowser, openPage, waitForApp } from '../fixtures/browser.ts';
import { chatCookies } from '../fixtures/chat-history.ts';
import { waitFor } from '../fixtures/ports.ts';
import { ServerFixture } from '../fixtures/server.ts';
import { TcpRelay } from '../fixtures/tcp-relay.ts';
import { ADMIN, ADMIN_ENV, storedSchedule, watchForText } from '../schedule/schedule-helpers.ts';

/** The bound: a change made while the socket is dead reaches the page within this. */
const REACH_WITHIN_MS = 45_000;

describe('a realtime connection that dies without closing', () => {
  let server: ServerFixture;
  let relay: TcpRelay;
  let browser: Browser;
  beforeAll(async () => {
    server = await ServerFixture.start(ADMIN_ENV);
    relay = await TcpRelay.start(server.port);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await relay?.stop();
    await server?.stop();
  });

  it('is noticed by the page, which reconnects and gets a schedule change and a chat message (once) made meanwhile', async () => {
    const schedulePage = await openPage(browser);
    const chatPage = await openPage(browser);
    await schedulePage.goto(`${relay.url}/schedule`);
    await chatPage.goto(`${relay.url}/chat`);
    await Promise.all([waitForApp(schedulePage), waitForApp(chatPage)]);
    await waitFor(
      'both pages’ realtime sockets through the relay',
      async () => relay.openRealtimeLinks >= 2,
      30_000,
    );

    // The NAT forgets both sockets: from now on nothing passes on them, and nobody is told.
    expect(relay.freezeRealtime()).toBeGreaterThanOrEqual(2);
    const artist = `Relay ${randomUUID().slice(0, 6)}`;
    const text = `said while the socket was dead ${randomUUID().slice(0, 6)}`;
    const showAppeared = await watchForText(schedulePage, artist);
    const messageAppeared = await watchForText(chatPage, text);
    const changedAt = Date.now();

    // The admin adds a show to today, and another chatter writes, both straight to the server.
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const admin = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const before = await storedSchedule(server.url);
    const today = stationWallClock(new Date(), 'Europe/Dublin').weekday;
    const data = before.data.map((day) =>
      day.day === today
        ? {
            ...day,
            shows: [...day.shows, { time: '11pm - 11:30pm', artist, show: '', genre: '', image: '' }],
          }
        : day,
    );
    const saved = await fetch(`${server.url}/api/schedule`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: admin },
      body: JSON.stringify({ data, version: before.version }),
    });
    expect(saved.status).toBe(200);
    const [chatter = ''] = await chatCookies(server.url, [`Other ${randomUUID().slice(0, 6)}`]);
    const posted = await fetch(`${server.url}/api/chat/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: chatter },
      body: JSON.stringify({ id: randomUUID(), text }),
    });
    expect(posted.status).toBe(201);

    /** Ms from the change to its text on the page (Infinity when it never came within the bound and a margin). */
    const shownWithin = async (appeared: () => Promise<number>) => {
      const giveUp = new Promise<number>((resolve) =>
        setTimeout(
          () => resolve(Number.POSITIVE_INFINITY),
          REACH_WITHIN_MS + 5_000 - (Date.now() - changedAt),
        ),
      );
      return (await Promise.race([appeared(), giveUp])) - changedAt;
    };
    expect(await shownWithin(showAppeared)).toBeLessThanOrEqual(REACH_WITHIN_MS);
    expect(await shownWithin(messageAppeared)).toBeLessThanOrEqual(REACH_WITHIN_MS);
    // Exactly once, also after the resumed socket has had time to deliver anything twice.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    // (The polite live region also says it, as "<name> says: …"; the room shows it exactly once.)
    expect(await chatPage.getByText(text, { exact: true }).count()).toBe(1);
    // The pages replaced their dead sockets with new ones through the relay.
    expect(relay.openRealtimeLinks).toBeGreaterThanOrEqual(2);
    await schedulePage.context().close();
    await chatPage.context().close();
  }, 120_000);
});
