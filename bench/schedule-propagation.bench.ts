import { stationWallClock, type Schedule } from '@onair/core';
import { launchBrowser, openPage } from '../e2e/fixtures/browser.ts';
import { ServerFixture } from '../e2e/fixtures/server.ts';
import { ADMIN_ENV, ADMIN, watchForText } from '../e2e/schedule/schedule-helpers.ts';

/**
 * Time from an admin's schedule save (the PUT leaving the admin) to the change showing in another
 * open app (a real Chromium listener on /schedule, its DOM observed), over the realtime socket.
 * Needs the built web app (`npm run build`). Prints figures; never fails on time.
 */
const ROUNDS = 20;

async function main(): Promise<void> {
  const server = await ServerFixture.start(ADMIN_ENV);
  const browser = await launchBrowser();
  try {
    const listener = await openPage(browser);
    await listener.goto(`${server.url}/schedule`);
    await listener
      .getByRole('button', { name: /favourites$/ })
      .first()
      .waitFor();

    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    let { data, version } = (await (await fetch(`${server.url}/api/schedule`)).json()) as {
      data: Schedule;
      version: number;
    };
    const today = stationWallClock(new Date(), 'Europe/Dublin').weekday;

    const timings: number[] = [];
    // One warm-up round first (JIT, first render of a new card), then the measured ones.
    for (let round = -1; round < ROUNDS; round += 1) {
      const artist = `Bench Artist ${round + 1}`;
      const next = data.map((day) =>
        day.day === today
          ? {
              ...day,
              shows: [...day.shows, { time: '11pm - 11:30pm', artist, show: '', genre: '', image: '' }],
            }
          : day,
      );
      const shownAt = await watchForText(listener, artist);
      const sentAt = Date.now();
      const response = await fetch(`${server.url}/api/schedule`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ data: next, version }),
      });
      if (!response.ok) throw new Error(`save refused: HTTP ${response.status} ${await response.text()}`);
      ({ data, version } = (await response.json()) as { data: Schedule; version: number });
      const appearedAt = await shownAt();
      if (round >= 0) timings.push(appearedAt - sentAt);
    }
    timings.sort((a, b) => a - b);
    const at = (q: number) =>
      timings[Math.min(timings.length - 1, Math.floor(q * timings.length))] ?? Number.NaN;
    console.log(`schedule save → another client's screen, ${ROUNDS} saves (ms):`);
    console.log(`  median ${at(0.5)}  p90 ${at(0.9)}  min ${timings[0]}  max ${timings.at(-1)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
