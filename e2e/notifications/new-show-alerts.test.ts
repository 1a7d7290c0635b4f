import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredInstallLater, launchBrowser } from '../fixtures/browser.ts';
import { ServerFixture } from '../fixtures/server.ts';
import { ADMIN_ENV, openManaging } from '../schedule/schedule-helpers.ts';

/**
 * New Show Alerts where no server push reaches: here headless Chromium, which has no push service,
 * so enabling falls back to the open app (spec §4). The app compares the week it receives live with
 * the last one it saw and notifies by itself. Real server, real realtime socket, real admin save.
 */
describe('New Show Alerts from the open app (no Web Push)', () => {
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

  it('a show the admin adds reaches the listener as a notification, in the server push’s words', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await answeredInstallLater(context);
    await context.grantPermissions(['notifications'], { origin: server.url });
    const listener = await context.newPage();
    await listener.goto(`${server.url}/`);
    await listener.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 30_000,
    });
    await listener.goto(`${server.url}/?dialog=notifications`);
    const dialog = listener.getByRole('dialog', { name: 'Notifications' });
    await dialog.getByRole('button', { name: 'Enable Notifications' }).click();
    await dialog
      .getByText(/Notifications enabled! You will receive notifications while the app is open\.\.\.$/)
      .waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('switch', { name: 'New Show Alerts' }).isChecked()).toBe(true);
    // The week this app has seen so far: nothing in it is news.
    await expect
      .poll(() => listener.evaluate(() => localStorage.getItem('playfm_new_shows_seen')))
      .not.toBeNull();
    const shown = () =>
      listener.evaluate(async () =>
        ((await (await navigator.serviceWorker.getRegistration())?.getNotifications()) ?? []).map(
          ({ title, body }) => [title, body],
        ),
      );
    expect(await shown()).toEqual([]);

    const admin = await openManaging(browser, server.url);
    await admin.getByRole('button', { name: 'Add New Show on Sunday' }).click();
    const add = admin.getByRole('dialog', { name: 'Add New Show' });
    await add.getByLabel('Time', { exact: true }).fill('11pm - 11:30pm');
    await add.getByLabel('Artist', { exact: true }).fill('Alert Aoife');
    await add.getByLabel('Show', { exact: true }).fill('Night Moves');
    await add.getByLabel('Genre', { exact: true }).fill('Techno');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.waitFor({ state: 'hidden' });

    await expect
      .poll(shown, { timeout: 15_000 })
      .toEqual([['New show: Night Moves', 'Alert Aoife · Sunday 23:00 – 23:30']]);
    await admin.context().close();
    await context.close();
  });
});
