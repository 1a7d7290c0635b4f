import {
  displaySlotTime,
  findOnAir,
  layoutWeekGrid,
  moveInWeekGrid,
  stationWallClock,
  weekGridPieceAt,
  WEEKDAYS,
  type Schedule,
  type WeekGridColumn,
  type WeekGridPosition,
} from '@onair/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { openPage, waitForApp } from '../fixtures/browser.ts';
import { WallClock } from '../fixtures/clock.ts';
import { useServerAndBrowser } from '../fixtures/suite.ts';

const ZONE = 'Europe/Dublin';
/** The demo station's clock (station.config.json): slot times are shown on it. */
const CLOCK = '24-hour';
const WIDE = { width: 1280, height: 800 };
const GRID = 'The week’s shows';

/** The text of the show at `at` in the grid, which is its button's name: time, artist, show. */
function pieceName(columns: WeekGridColumn[], at: WeekGridPosition, onAir = false): string {
  const piece = columns[at.column]?.pieces[at.piece];
  if (!piece) throw new Error(`no show at column ${at.column}, piece ${at.piece}`);
  const { slot } = piece.ref;
  return [
    `${displaySlotTime(slot.time, CLOCK)}${piece.continued ? ', continued' : ''}${onAir ? ' On Air' : ''}`,
    slot.artist,
    slot.show,
  ]
    .filter(Boolean)
    .join(' ');
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);

describe('the schedule on a computer', () => {
  // The suite's clock (a Wednesday noon in Dublin unless E2E_CLOCK_START says otherwise), real timers.
  const clock = WallClock.forSuite();
  const { server, browser } = useServerAndBrowser({}, clock);
  let schedule: Schedule;
  beforeAll(async () => {
    schedule = ((await (await fetch(`${server().url}/api/schedule`)).json()) as { data: Schedule }).data;
  });

  it('shows all seven days at once at 1280 px, today first, the show on air marked, and is axe clean', async () => {
    const page = await openPage(browser(), { clock, viewport: WIDE });
    await page.goto(`${server().url}/schedule`);
    const grid = page.getByRole('group', { name: GRID });
    await grid.waitFor();

    const today = stationWallClock(clock.now(), ZONE).weekday;
    const headings = grid.getByRole('heading', { level: 2 });
    expect((await headings.allTextContents()).map((text) => text.split(' ')[0])).toEqual(
      WEEKDAYS.map((_, i) => WEEKDAYS[(WEEKDAYS.indexOf(today) + i) % 7]),
    );
    expect(await headings.first().textContent()).toBe(`${today} Today`);
    for (const day of WEEKDAYS) {
      const box = await grid.getByRole('heading', { name: new RegExp(`^${day}`) }).boundingBox();
      if (!box) throw new Error(`${day} is not drawn`);
      // Visible at once: inside the window without scrolling.
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(WIDE.width);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(WIDE.height);
    }

    const onAir = findOnAir(schedule, clock.now(), ZONE);
    if (!onAir) throw new Error('the bundled week has nothing on air now');
    const marked = grid.getByRole('listitem').filter({ has: page.getByText('On Air', { exact: true }) });
    expect(await marked.count()).toBe(1);
    expect(await marked.textContent()).toContain(onAir.slot.artist);
    // The coverflow and its hint are the phone's.
    expect(await page.getByText('Swipe for more').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('moves between shows with the arrow keys and opens one with Enter', async () => {
    const page = await openPage(browser(), { clock, viewport: WIDE });
    await page.goto(`${server().url}/schedule`);
    await waitForApp(page);
    const grid = page.getByRole('group', { name: GRID });
    await grid.waitFor();

    const wall = stationWallClock(clock.now(), ZONE);
    const columns = layoutWeekGrid(schedule, wall.weekday);
    const start = weekGridPieceAt(columns, wall.weekday, wall.minutesOfDay);
    if (!start) throw new Error('the bundled week has nothing on air now');
    // The one show in the Tab order is the one on air.
    await page.keyboard.press('Tab');
    for (let presses = 0; presses < 40; presses += 1) {
      const inGrid = await page.evaluate(() => document.activeElement?.closest('.week-grid') !== null);
      if (inGrid) break;
      await page.keyboard.press('Tab');
    }
    expect(await focusedName(page)).toBe(pieceName(columns, start, true));

    const down = moveInWeekGrid(columns, start, 'down');
    expect(down).not.toEqual(start);
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe(pieceName(columns, down));

    const right = moveInWeekGrid(columns, down, 'right');
    expect(right.column).toBe(1);
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe(pieceName(columns, right));

    const back = moveInWeekGrid(columns, right, 'left');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedName(page)).toBe(
      pieceName(columns, back, back.column === start.column && back.piece === start.piece),
    );

    // Right to left the days run leftwards, and so do the arrows: ← is the next day, → back again.
    await page.evaluate(() => (document.documentElement.dir = 'rtl'));
    await page.keyboard.press('ArrowLeft');
    expect(await focusedName(page)).toBe(pieceName(columns, moveInWeekGrid(columns, back, 'right')));
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe(
      pieceName(columns, back, back.column === start.column && back.piece === start.piece),
    );
    await page.evaluate(() => (document.documentElement.dir = 'ltr'));
    await page.keyboard.press('Enter');
    const shown = columns[back.column]?.pieces[back.piece]?.ref.slot;
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(shown?.artist);
    expect(await dialog.textContent()).toContain(shown ? displaySlotTime(shown.time, CLOCK) : undefined);
    await page.context().close();
  });

  it('keeps the coverflow at 390 px, never fetching the grid, and is axe clean', async () => {
    const page = await openPage(browser(), { clock });
    const chunks: string[] = [];
    page.on('request', (request) => chunks.push(request.url()));
    await page.goto(`${server().url}/schedule`);
    await waitForApp(page);
    await page.getByRole('button', { name: /\(today\)$/ }).waitFor();
    expect(await page.getByRole('group', { name: GRID }).count()).toBe(0);
    expect(chunks.filter((url) => /WeekGrid/.test(url))).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});
