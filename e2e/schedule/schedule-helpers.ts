import { scheduleOpeningDay, type Schedule, type Weekday } from '@onair/core';
import type { Browser, Page } from 'playwright-core';
import { openPage, type PageOptions } from '../fixtures/browser.ts';
import type { WallClock } from '../fixtures/clock.ts';

export const ADMIN = { username: 'Station Admin', password: 'e2e-admin-password' };
export const ADMIN_ENV = { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };

/** Signs the admin in through the schedule screen's own form. */
export async function signInThroughForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Admin sign-in' });
  await dialog.getByLabel('Username').fill(ADMIN.username);
  await dialog.getByLabel('Password').fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Manage' }).waitFor();
}

/** A fresh admin page on the schedule at `baseUrl`, signed in and in Manage mode. */
export async function openManaging(
  browser: Browser,
  baseUrl: string,
  options: PageOptions = {},
): Promise<Page> {
  const page = await openPage(browser, options);
  await page.goto(`${baseUrl}/schedule`);
  await signInThroughForm(page);
  await page.getByRole('button', { name: 'Manage' }).click();
  return page;
}

/** The schedule document as the server stores it now. */
export async function storedSchedule(baseUrl: string): Promise<{ data: Schedule; version: number }> {
  return (await (await fetch(`${baseUrl}/api/schedule`)).json()) as { data: Schedule; version: number };
}

/**
 * The day /schedule opens on at `clock`'s now: the slide in the middle, whose buttons a listener can
 * reach (the others lie beside it, under its edges). Today, except past midnight while yesterday's
 * late show still runs (Monday 00:30 during Sunday's '11pm - 2am'): then yesterday.
 */
export async function openingDay(baseUrl: string, clock: WallClock): Promise<Weekday> {
  const day = scheduleOpeningDay((await storedSchedule(baseUrl)).data, clock.now(), 'Europe/Dublin');
  if (!day) throw new Error('the schedule has no opening day');
  return day;
}

type WatchedWindow = Window & { __onairTextShownAt?: Promise<number> };

/**
 * Starts watching `page` for `text` to appear and resolves once the watcher is in place (so a change
 * that lands right after cannot be missed); the returned function gives the wall-clock ms at which
 * the text appeared. textContent, not innerText: it forces no layout on every mutation.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<number>> {
  await page.evaluate((wanted) => {
    (window as WatchedWindow).__onairTextShownAt = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.body.textContent?.includes(wanted)) {
          observer.disconnect();
          resolve(Date.now());
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, text);
  return () =>
    page.evaluate(() => (window as WatchedWindow).__onairTextShownAt ?? Promise.resolve(Number.NaN));
}
