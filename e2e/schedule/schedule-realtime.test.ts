import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationWallClock } from '@onair/core';
import { launchBrowser, openPage } from '../fixtures/browser.ts';
import { ServerFixture } from '../fixtures/server.ts';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { ADMIN_ENV, signInThroughForm, watchForText } from './schedule-helpers.ts';

describe('schedule editing, live in every open app', () => {
  let server: ServerFixture;
  let browser: Browser;
  beforeAll(async () => {
    server = await ServerFixture.start(ADMIN_ENV);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows a show the admin adds in another browser within 1 s, without a reload', async () => {
    const listener = await openPage(browser);
    const admin = await openPage(browser);
    await listener.goto(`${server.url}/schedule`);
    await admin.goto(`${server.url}/schedule`);
    await listener.getByRole('button', { name: /favourites$/ }).first().waitFor();
    await signInThroughForm(admin);
    await admin.getByRole('button', { name: 'Manage' }).click();

    const today = stationWallClock(new Date(), 'Europe/Dublin').weekday;
    await admin.getByRole('button', { name: `Add New Show on ${today}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add New Show' });
    await dialog.getByLabel('Time', { exact: true }).fill('11pm - 11:30pm');
    await dialog.getByLabel('Artist', { exact: true }).fill('Realtime Róisín');
    await dialog.getByLabel('Show', { exact: true }).fill('Live Wire');
    await dialog.getByLabel('Genre', { exact: true }).fill('Techno');
    let loads = 0;
    listener.on('load', () => (loads += 1));
    // Timed from the moment the admin's save leaves the browser (not from the click, whose own
    // actionability checks are slow on a loaded two-core machine) to the listener's DOM showing it.
    let savedAt = 0;
    admin.on('request', (request) => {
      if (request.method() === 'PUT') savedAt = Date.now();
    });
    const shownAt = await watchForText(listener, 'Realtime Róisín');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const elapsed = (await shownAt()) - savedAt;
    expect(savedAt).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(1_000);
    await listener.getByText('Realtime Róisín').waitFor({ state: 'visible' });
    expect(loads).toBe(0);
    // The admin's own modal closed on success and the card is there too.
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByText('Realtime Róisín').waitFor();
    // The image path was filled by the server and the missing file fell back.
    const image = listener.locator('li', { hasText: 'Realtime Róisín' }).locator('img');
    await expect.poll(() => image.getAttribute('src')).toBe('/images/shows/fallback_400.jpg');

    // Edit and delete go the same way.
    await admin.getByRole('button', { name: 'Delete Live Wire' }).click();
    await listener.getByText('Realtime Róisín').waitFor({ state: 'detached', timeout: 1_000 });

    await listener.context().close();
    await admin.context().close();
  });

  it('tells an editor whose copy was stale and loads the latest schedule', { timeout: 120_000 }, async () => {
    const first = await openPage(browser);
    const second = await openPage(browser);
    // The second editor's realtime socket goes nowhere (as on a network that drops it), so its copy goes stale.
    await second.routeWebSocket(/\/api\/realtime$/, () => undefined);
    for (const page of [first, second]) {
      await page.goto(`${server.url}/schedule`);
      await signInThroughForm(page);
      await page.getByRole('button', { name: 'Manage' }).click();
    }
    const today = stationWallClock(new Date(), 'Europe/Dublin').weekday;
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
    await second.getByText('First Editor').waitFor();
    expect(await second.getByText('Second Editor').count()).toBe(0);
    const stored = (await (await fetch(`${server.url}/api/schedule`)).json()) as { data: { shows: { artist: string }[] }[] };
    const artists = stored.data.flatMap((day) => day.shows.map((slot) => slot.artist));
    expect(artists).toContain('First Editor');
    expect(artists).not.toContain('Second Editor');
    await first.context().close();
    await second.context().close();
  });

  it('has no serious accessibility violations for the admin in Manage mode', async () => {
    const page = await openPage(browser);
    await page.goto(`${server.url}/schedule`);
    await signInThroughForm(page);
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByRole('button', { name: 'Done' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});
