import { INITIAL_DATA_ELEMENT_ID, initialDataSchema } from '@onair/core';
import { describe, expect, it } from 'vitest';
import { openPage, waitForApp } from './fixtures/browser.ts';
import { WallClock } from './fixtures/clock.ts';
import { useServerAndBrowser } from './fixtures/suite.ts';

/** How far two reads of one clock, a page load apart, may be. */
const SAME_MOMENT_MS = 15_000;

describe("the suite's clock (e2e/fixtures/clock.ts), which day-dependent tests rely on", () => {
  // A Sunday night, days away from the real date whenever this runs.
  const clock = WallClock.startingAt('2026-11-29T23:30:00Z');
  const { server, browser } = useServerAndBrowser({}, clock);

  it('is the time the server prerenders at and the time the page reads, while timers keep real time', async () => {
    const page = await openPage(browser(), { clock });
    await page.goto(`${server().url}/schedule`);
    const inlined = await page.locator(`#${INITIAL_DATA_ELEMENT_ID}`).textContent();
    const renderedAtMs = initialDataSchema.parse(JSON.parse(inlined ?? 'null')).renderedAtMs ?? Number.NaN;
    expect(Math.abs(renderedAtMs - clock.now().getTime())).toBeLessThan(SAME_MOMENT_MS);

    await waitForApp(page);
    const read = await page.evaluate(async () => {
      const before = performance.now();
      const timerMs = await new Promise<number>((resolve) =>
        setTimeout(() => resolve(performance.now() - before), 200),
      );
      return {
        now: Date.now(),
        fresh: new Date().getTime(),
        given: new Date(0).getTime(),
        isDate: new Date() instanceof Date,
        fromText: Date.parse(Date()),
        weekday: new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Europe/Dublin' }).format(),
        timerMs,
      };
    });
    expect(Math.abs(read.now - clock.now().getTime())).toBeLessThan(SAME_MOMENT_MS);
    expect(Math.abs(read.fresh - read.now)).toBeLessThan(1_000);
    expect(read.given).toBe(0);
    expect(read.isDate).toBe(true);
    expect(Math.abs(read.fromText - read.now)).toBeLessThan(2_000);
    expect(read.weekday).toBe('Sunday');
    // Only the wall clock moved: a 200 ms timer still takes about 200 ms.
    expect(read.timerMs).toBeGreaterThanOrEqual(195);
    // The app drew the day the clock says: Sunday's slide, with the show on air at 23:30.
    await page.getByRole('group', { name: 'Sunday' }).getByText('On Air', { exact: true }).waitFor();
    await page.context().close();
  });
});
