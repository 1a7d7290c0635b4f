import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../fixtures/browser.ts';
import { WallClock } from '../fixtures/clock.ts';
import { ServerFixture } from '../fixtures/server.ts';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import {
  ADMIN,
  ADMIN_ENV,
  openingDay,
  openManaging,
  signInThroughForm,
  storedSchedule,
} from './schedule-helpers.ts';

describe('schedule editing, live in every open app', () => {
  // One clock for the server, the pages and the test: the day the schedule opens on is the same for all.
  const clock = WallClock.forSuite();
  let server: ServerFixture;
  let browser: Browser;
  beforeAll(async () => {
    server = await ServerFixture.start({ ...ADMIN_ENV, ...clock.serverEnv });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  // How fast it arrives is measured by `npm run bench:schedule`; here: that it arrives, live.
  it('shows a show the admin adds in another browser without a reload', async () => {
    const listener = await openPage(browser, { clock });
    const admin = await openPage(browser, { clock });
    await listener.goto(`${server.url}/schedule`);
    await admin.goto(`${server.url}/schedule`);
    await listener
      .getByRole('button', { name: /favourites$/ })
      .first()
      .waitFor();
    await signInThroughForm(admin);
    await admin.getByRole('button', { name: 'Manage' }).click();

    const today = await openingDay(server.url, clock);
    await admin.getByRole('button', { name: `Add New Show on ${today}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add New Show' });
    await dialog.getByLabel('Time', { exact: true }).fill('11pm - 11:30pm');
    await dialog.getByLabel('Artist', { exact: true }).fill('Realtime Róisín');
    await dialog.getByLabel('Show', { exact: true }).fill('Live Wire');
    await dialog.getByLabel('Genre', { exact: true }).fill('Techno');
    let loads = 0;
    listener.on('load', () => (loads += 1));
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Looked for in that day's list: at 11pm the show is also the one on air.
    const listenerToday = listener.getByRole('group', { name: today });
    await listenerToday.getByText('Realtime Róisín').waitFor({ state: 'visible' });
    expect(loads).toBe(0);
    // The admin's own modal closed on success and the card is there too.
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByRole('group', { name: today }).getByText('Realtime Róisín').waitFor();
    // The image path was filled by the server and the missing file fell back.
    const image = listenerToday.getByRole('listitem').filter({ hasText: 'Realtime Róisín' }).locator('img');
    await expect.poll(() => image.getAttribute('src')).toBe('/images/shows/fallback_400.jpg');

    // Edit and delete go the same way.
    await admin.getByRole('button', { name: 'Delete Live Wire' }).click();
    await listener.getByText('Realtime Róisín').first().waitFor({ state: 'detached' });

    await listener.context().close();
    await admin.context().close();
  });

  it('tells an editor whose copy was stale and loads the latest schedule', { timeout: 120_000 }, async () => {
    const first = await openPage(browser, { clock });
    const second = await openPage(browser, { clock });
    // The second editor's realtime socket goes nowhere (as on a network that drops it), so its copy goes stale.
    await second.routeWebSocket(/\/api\/realtime$/, () => undefined);
    for (const page of [first, second]) {
      await page.goto(`${server.url}/schedule`);
      await signInThroughForm(page);
      await page.getByRole('button', { name: 'Manage' }).click();
    }
    const today = await openingDay(server.url, clock);
    await first.getByRole('button', { name: `Add New Show on ${today}` }).click();
    const firstDialog = first.getByRole('dialog', { name: 'Add New Show' });
    await firstDialog.getByLabel('Artist', { exact: true }).fill('First Editor');
    await firstDialog.getByRole('button', { name: 'Save' }).click();
    await firstDialog.waitFor({ state: 'hidden' });

    await second.getByRole('button', { name: `Add New Show on ${today}` }).click();
    const secondDialog = second.getByRole('dialog', { name: 'Add New Show' });
    await secondDialog.getByLabel('Artist', { exact: true }).fill('Second Editor');
    await secondDialog.getByRole('button', { name: 'Save' }).click();
    await second.getByText(/Someone else changed the schedule meanwhile/).waitFor();
    // The latest week is loaded in place of the stale one; nothing was overwritten.
    await second.getByRole('group', { name: today }).getByText('First Editor').waitFor();
    expect(await second.getByText('Second Editor').count()).toBe(0);
    const stored = await storedSchedule(server.url);
    const artists = stored.data.flatMap((day) => day.shows.map((slot) => slot.artist));
    expect(artists).toContain('First Editor');
    expect(artists).not.toContain('Second Editor');
    await first.context().close();
    await second.context().close();
  });

  it('deletes two shows clicked in quick succession, both, without a false conflict', async () => {
    const admin = await openManaging(browser, server.url, { clock });
    const before = await storedSchedule(server.url);
    const today = await openingDay(server.url, clock);
    const day = admin.getByRole('group', { name: today });
    const [first, second] = (before.data.find((entry) => entry.day === today)?.shows ?? []).filter(
      (slot) => slot.show.trim() !== '' && slot.artist !== 'Play Show Replays',
    );
    if (!first || !second) throw new Error(`the bundled ${today} has fewer than two named shows`);

    // The first save is held on its way to the server until the second Delete has been clicked.
    let releaseFirst = () => undefined as void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const puts: number[] = [];
    await admin.route('**/api/schedule', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      puts.push((route.request().postDataJSON() as { version: number }).version);
      if (puts.length === 1) await firstHeld;
      return route.continue();
    });
    await day.getByRole('button', { name: `Delete ${first.show}` }).click();
    await day.getByRole('button', { name: `Delete ${second.show}` }).click();
    releaseFirst();

    await day.getByRole('button', { name: `Delete ${second.show}` }).waitFor({ state: 'detached' });
    await day.getByRole('button', { name: `Delete ${first.show}` }).waitFor({ state: 'detached' });
    const after = await storedSchedule(server.url);
    expect(after.version).toBe(before.version + 2);
    expect(puts).toEqual([before.version, before.version + 1]);
    const shows = after.data.find((entry) => entry.day === today)?.shows.map((slot) => slot.show) ?? [];
    expect(shows).not.toContain(first.show);
    expect(shows).not.toContain(second.show);
    expect(await admin.getByText(/Someone else changed the schedule meanwhile/).count()).toBe(0);
    await admin.context().close();
  });

  it('asks an admin whose session ended to sign in again, and gives the typed show back', async () => {
    const admin = await openManaging(browser, server.url, { clock });
    const today = await openingDay(server.url, clock);
    await admin.getByRole('button', { name: `Add New Show on ${today}` }).click();
    const form = admin.getByRole('dialog', { name: 'Add New Show' });
    await form.getByLabel('Artist', { exact: true }).fill('After Expiry');
    // The session ends behind the admin's back (12 hours passed, or signed out elsewhere).
    await admin.context().clearCookies();
    await form.getByRole('button', { name: 'Save' }).click();

    const signIn = admin.getByRole('dialog', { name: 'Admin sign-in' });
    await signIn
      .getByRole('alert')
      .filter({ hasText: 'Your admin session has ended, so the show was not saved.' })
      .waitFor();
    expect(await admin.getByRole('button', { name: 'Done' }).count()).toBe(0);
    await signIn.getByLabel('Username').fill(ADMIN.username);
    await signIn.getByLabel('Password').fill(ADMIN.password);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    expect(await form.getByLabel('Artist', { exact: true }).inputValue()).toBe('After Expiry');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    const stored = await storedSchedule(server.url);
    expect(stored.data.flatMap((day) => day.shows.map((slot) => slot.artist))).toContain('After Expiry');
    await admin.context().close();
  });

  it('has no serious accessibility violations for the admin in Manage mode', async () => {
    const page = await openManaging(browser, server.url, { clock });
    await page.getByRole('button', { name: 'Done' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});
