import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  displaySlotTime,
  findOnAir,
  favoriteId,
  STORAGE_KEYS,
  stationWallClock,
  type Schedule,
} from '@onair/core';
import { launchBrowser, openPage, waitForApp } from '../fixtures/browser.ts';
import { ServerFixture } from '../fixtures/server.ts';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { ADMIN, ADMIN_ENV } from './schedule-helpers.ts';

/** How far (px) the middle of `day`'s slide is from the middle of the screen. */
async function offCentre(page: Page, day: string): Promise<number> {
  const box = await page.getByRole('group', { name: day }).boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  if (!box) throw new Error(`the ${day} slide is not rendered`);
  return Math.abs(box.x + box.width / 2 - width / 2);
}

describe('the schedule for listeners', () => {
  let server: ServerFixture;
  let browser: Browser;
  let schedule: Schedule;
  beforeAll(async () => {
    server = await ServerFixture.start(ADMIN_ENV);
    browser = await launchBrowser();
    schedule = ((await (await fetch(`${server.url}/api/schedule`)).json()) as { data: Schedule }).data;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens on today and marks the show on air by Dublin time for a listener in Los Angeles', async () => {
    // Monday 03:00 in Dublin is still Sunday 19:00 in Los Angeles: the two days differ.
    const instant = new Date('2026-11-23T03:00:00Z');
    expect(stationWallClock(instant, 'America/Los_Angeles').weekday).toBe('Sunday');
    const onAir = findOnAir(schedule, instant, 'Europe/Dublin');
    if (!onAir) throw new Error('the bundled week has nothing on air at Monday 03:00');
    const page = await openPage(browser, { timezoneId: 'America/Los_Angeles' });
    await page.clock.setFixedTime(instant);
    await page.goto(`${server.url}/schedule`);

    // The prerender shows the server's today; the app moves to the page's (fake) Monday.
    await page
      .getByRole('button', { name: 'Mon (today)' })
      .and(page.locator('[aria-current="true"]'))
      .waitFor();
    const badges = page.getByRole('listitem').filter({ has: page.getByText('On Air', { exact: true }) });
    expect(await badges.count()).toBe(1);
    expect(await badges.first().textContent()).toContain(onAir.slot.artist);
    // Written on the demo station's clock (station.config.json: 24-hour).
    expect(await badges.first().textContent()).toContain(displaySlotTime(onAir.slot.time, '24-hour'));
    await page.context().close();
  });

  it("opens on Sunday's slide, badge and all, while Sunday's '11pm - 2am' runs past midnight", async () => {
    const instant = new Date('2026-11-23T00:30:00Z'); // Monday 00:30 in Dublin (GMT)
    const onAir = findOnAir(schedule, instant, 'Europe/Dublin');
    expect(onAir?.day).toBe('Sunday');
    expect(onAir?.slot.time).toBe('11pm - 2am');
    const page = await openPage(browser);
    await page.clock.setFixedTime(instant);
    await page.goto(`${server.url}/schedule`);
    // The server prerendered its own today; the app draws the page's (fake) Monday.
    await waitForApp(page);
    const sundayTab = page.getByRole('button', { name: 'Sun', exact: true });
    await sundayTab.waitFor();
    expect(await sundayTab.getAttribute('aria-current')).toBe('true');
    expect(await page.getByRole('button', { name: 'Mon (today)' }).getAttribute('aria-current')).toBeNull();
    const sunday = page.getByRole('group', { name: 'Sunday' });
    const badged = sunday.getByRole('listitem').filter({ has: page.getByText('On Air', { exact: true }) });
    expect(await badged.count()).toBe(1);
    expect(await badged.textContent()).toContain(onAir?.slot.artist);
    // The slide in view is Sunday's: its middle is the screen's (the coverflow centres the active slide).
    const box = await sunday.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    if (!box) throw new Error('the Sunday slide is not rendered');
    expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(box.width / 2);
    await page.context().close();
  });

  it('moves between days with the arrow keys', async () => {
    const page = await openPage(browser);
    await page.clock.setFixedTime(new Date('2026-11-25T12:00:00Z')); // a Wednesday
    await page.goto(`${server.url}/schedule`);
    // The keys go to the app's carousel: on a real Wednesday the prerender already shows Wednesday.
    await waitForApp(page);
    const shown = (day: string) =>
      page.getByRole('button', { name: day.slice(0, 3) }).and(page.locator('[aria-current="true"]'));
    await shown('Wednesday').waitFor();
    await page.keyboard.press('ArrowRight');
    await shown('Thursday').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await shown('Tuesday').waitFor();
    await page.context().close();
  });

  it('shows the opening day in the middle before any script runs', async () => {
    const page = await openPage(browser);
    // The server's page as it paints before the app arrives: no script at all.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`${server.url}/schedule`);
    // The server opened on its own day (its clock is not the test's): whichever, that day is in the middle.
    const opening = await page
      .getByRole('navigation', { name: 'Days' })
      .locator('[aria-current="true"]')
      .textContent();
    const day = schedule.find((entry) => entry.day.startsWith(opening?.slice(0, 3) ?? '?'))?.day;
    if (!day) throw new Error(`no day for the current tab '${opening}'`);
    expect(await offCentre(page, day)).toBeLessThan(1);
    // Whatever the day, the stylesheet alone puts the marked one there: the same row first laid out
    // with Saturday marked (as a server on a Saturday draws it) opens on Saturday, no script run.
    const saturdayScrollLeft = await page.evaluate(() => {
      const track = document.querySelector('.day-carousel__track')!;
      const copy = track.cloneNode(true) as HTMLElement;
      for (const slide of Array.from(copy.children))
        slide.classList.toggle('day-slide--opening', slide.getAttribute('aria-label') === 'Saturday');
      track.after(copy);
      const saturday = copy.children[5] as HTMLElement;
      const drawn = {
        left: copy.scrollLeft,
        centred: saturday.offsetLeft + saturday.offsetWidth / 2 - copy.clientWidth / 2,
      };
      copy.remove();
      return drawn;
    });
    expect(saturdayScrollLeft.left).toBeGreaterThan(0);
    expect(Math.abs(saturdayScrollLeft.left - saturdayScrollLeft.centred)).toBeLessThan(1);
    await page.context().close();
  });

  it("a day's tab brings that day to the middle", async () => {
    const page = await openPage(browser);
    await page.clock.setFixedTime(new Date('2026-11-25T12:00:00Z')); // a Wednesday
    await page.goto(`${server.url}/schedule`);
    await waitForApp(page);
    await page.getByRole('button', { name: 'Fri', exact: true }).click();
    await page
      .getByRole('button', { name: 'Fri', exact: true })
      .and(page.locator('[aria-current="true"]'))
      .waitFor();
    await expect.poll(() => offCentre(page, 'Friday')).toBeLessThan(1);
    // And back by the keyboard: focus on the tab, Enter.
    await page.getByRole('button', { name: /^Wed/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => offCentre(page, 'Wednesday')).toBeLessThan(1);
    await page.context().close();
  });

  it('turns the neighbouring days only where the listener accepts motion', async () => {
    /** Each day card's turn (degrees about the vertical axis) and whether anything animates it. */
    const turns = async (reducedMotion: 'reduce' | 'no-preference') => {
      const page = await openPage(browser, { reducedMotion });
      await page.clock.setFixedTime(new Date('2026-11-25T12:00:00Z')); // a Wednesday
      await page.goto(`${server.url}/schedule`);
      await waitForApp(page);
      await page.getByRole('group', { name: 'Wednesday' }).waitFor();
      const drawn = await page.evaluate(() =>
        Object.fromEntries(
          Array.from(document.querySelectorAll('[role="group"][aria-label$="day"]')).map((slide) => {
            const card = slide.firstElementChild!;
            const transform = getComputedStyle(card).transform;
            const matrix = new DOMMatrix(transform === 'none' ? undefined : transform);
            // (|| 0: a card turned by a hair the other way rounds to -0.)
            const degrees = Math.round((Math.atan2(-matrix.m13, matrix.m11) * 180) / Math.PI) || 0;
            return [
              slide.getAttribute('aria-label'),
              { transform, degrees, animations: card.getAnimations().length },
            ];
          }),
        ),
      );
      await page.context().close();
      return drawn;
    };
    const still = await turns('reduce');
    for (const [day, card] of Object.entries(still)) {
      expect(card, day).toEqual({ transform: 'none', degrees: 0, animations: 0 });
    }
    // Where motion is welcome, the coverflow: Wednesday flat in the middle, its neighbours turned to it.
    const moving = await turns('no-preference');
    expect(moving['Wednesday']?.degrees).toBe(0);
    expect(moving['Tuesday']?.degrees).toBe(24);
    expect(moving['Thursday']?.degrees).toBe(-24);
  });

  it('keeps favourites across a reload, each once, in the notification settings', async () => {
    const page = await openPage(browser);
    await page.clock.setFixedTime(new Date('2026-11-25T12:00:00Z')); // a Wednesday
    await page.goto(`${server.url}/schedule`);
    const wednesday = schedule.find((day) => day.day === 'Wednesday')?.shows ?? [];
    const slot = wednesday.find(
      (candidate) => candidate.show.trim() !== '' && candidate.artist !== 'Play Show Replays',
    );
    if (!slot) throw new Error('no named show on Wednesday');
    const today = page.getByRole('group', { name: 'Wednesday' });
    const add = today.getByRole('button', { name: `Add ${slot.show} to favourites` }).first();
    await add.click();
    await page
      .getByRole('button', { name: `Remove ${slot.show} from favourites` })
      .first()
      .waitFor();
    await page.reload();
    await page
      .getByRole('button', { name: `Remove ${slot.show} from favourites` })
      .first()
      .waitFor();
    const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.notificationSettings);
    const settings = JSON.parse(stored ?? '{}') as { favoriteShows: string[]; reminderTime: number };
    expect(settings.favoriteShows).toEqual([favoriteId(slot)]);
    expect(settings.reminderTime).toBe(15);
    await page.context().close();
  });

  it('gives no admin powers to a listener who claims the admin name locally', async () => {
    const page = await openPage(browser);
    await page.addInitScript(
      ([key, name]) => localStorage.setItem(key as string, name as string),
      [STORAGE_KEYS.chatUsername, ADMIN.username],
    );
    await page.goto(`${server.url}/schedule`);
    await page
      .getByRole('button', { name: /favourites$/ })
      .first()
      .waitFor();
    // Wait for the server's answer about the role (the Admin sign-in link appears with it).
    await page.getByRole('button', { name: 'Admin', exact: true }).waitFor();
    for (const name of ['Manage', 'Upload', 'Done']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    const put = await page.evaluate(async (data) => {
      const response = await fetch('/api/schedule', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data, version: 1 }),
      });
      return response.status;
    }, schedule);
    expect(put).toBe(401);
    await page.context().close();
  });

  it('falls back to the regular week with a notice when the server cannot be reached', async () => {
    const page = await openPage(browser);
    await page.route('**/api/schedule', (route) => route.abort());
    // As the service worker's copy of the page would be: no week written into it by the server.
    await page.route(`${server.url}/schedule`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /<script type="application\/json" id="onair-initial-data">.*?<\/script>/s,
        '',
      );
      await route.fulfill({ response, body });
    });
    await page.routeWebSocket(/\/api\/realtime$/, () => undefined);
    await page.goto(`${server.url}/schedule`);
    await page.getByText('Can’t load the latest schedule right now: showing the regular week.').waitFor();
    expect(await page.getByRole('group', { name: /day$/ }).count()).toBe(7);
    await page.context().close();
  });

  it('has no serious accessibility violations', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.url}/schedule`);
    await page
      .getByRole('button', { name: /favourites$/ })
      .first()
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});
