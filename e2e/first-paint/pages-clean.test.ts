import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectInstallOffer, openPage } from '../fixtures/browser.ts';
import { useServerAndBrowser } from '../fixtures/suite.ts';

/** Console errors and uncaught exceptions of a page, as they happen. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('pages in Chromium', () => {
  const { server, browser } = useServerAndBrowser();

  it('Home, the schedule and the stats load without a console error or a failed request', async () => {
    const page = await openPage(browser());
    const errors = collectErrors(page);
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    for (const [path, text] of [
      ['/', '24/7 From Ireland With Love'],
      ['/schedule', "Today's Schedule"],
      ['/stats', 'Listening Stats'],
    ] as const) {
      await page.goto(server().url + path, { waitUntil: 'load' });
      await page.getByText(text).first().waitFor({ state: 'visible' });
    }
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows the app's error page on an unknown path, with a way back to the player", async () => {
    const page = await openPage(browser());
    await page.goto(`${server().url}/nope`);
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor({ state: 'visible' });
    expect(await page.getByText('404 Not Found').count()).toBe(1);
    expect(await page.getByText(/errorElement|ErrorBoundary|Hey developer/).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to the player' }).click();
    await page.getByText('24/7 From Ireland With Love').first().waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('offers the install in Chromium with its own steps when no beforeinstallprompt fires', async () => {
    const page = await openPage(browser());
    await expectInstallOffer(page);
    // As after the listener dismissed Chromium's own prompt: the page never sees the event.
    await page.addInitScript(() => {
      window.addEventListener('beforeinstallprompt', (event) => event.stopImmediatePropagation(), { capture: true });
    });
    await page.goto(server().url);
    const dialog = page.getByRole('dialog', { name: 'Install the app' });
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.getByText(/Install page as app/).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Later' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });
});
