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

  it('Home, the schedule, the chat and the stats load without a console error or a failed request', async () => {
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
      // A first visit to the chat: no chat name yet, which is no failed request either.
      ['/chat', 'Your name in the chat'],
    ] as const) {
      await page.goto(server().url + path, { waitUntil: 'load' });
      await page.getByText(text).first().waitFor({ state: 'visible' });
      // Started: the app has hydrated the screen (a mismatch would be on the console by now).
      await page.waitForFunction(() => document.documentElement.dataset['app'] === 'started');
    }
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('paints each screen from the HTML alone, styled, before any script runs', async () => {
    // What a listener sees while the app's script is still on its way: the server's prerender.
    const page = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto(server().url + '/', { waitUntil: 'load' });
    await page.getByRole('img', { name: 'From Ireland With Love' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor({ state: 'visible' });
    expect(await page.getByText(/Up next from:/).count()).toBe(1);
    // The on-air card is laid out by its stylesheet, not stacked as unstyled text.
    const image = await page.locator('.on-air-now__image').boundingBox();
    expect(image?.width).toBeLessThan(200);
    await page.goto(server().url + '/schedule', { waitUntil: 'load' });
    await page.getByRole('heading', { name: "Today's Schedule" }).waitFor({ state: 'visible' });
    // The schedule's own stylesheets (split-out chunks) are linked by the page: its header is laid out.
    expect(await page.locator('.screen-header').evaluate((header) => getComputedStyle(header).display)).toBe(
      'flex',
    );
    await page.context().close();
  });

  it('the app takes over the prerendered screen: one player, and Play answers', async () => {
    const page = await openPage(browser());
    const errors = collectErrors(page);
    // The prerendered shell as parsed (main.tsx starts the app only after the first paint).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as { prerendered?: Element | null }).prerendered = document.querySelector('#root .app-shell');
      });
    });
    await page.goto(server().url + '/', { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset['app'] === 'started');
    // The app hydrated it: the server's elements are the app's own, not replaced by a render of the
    // same screen (a hydration that failed would have thrown them away and logged the mismatch).
    expect(
      await page.evaluate(
        () =>
          (window as { prerendered?: Element | null }).prerendered ===
          document.querySelector('#root .app-shell'),
      ),
    ).toBe(true);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: /^(Play|Pause)$/ }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps a tap on the prerendered Play and plays once the app has started', async () => {
    const page = await openPage(browser());
    const errors = collectErrors(page);
    // The app's code is held on its way, as on a slow phone: the prerendered screen is all there is.
    let releaseApp = () => undefined as void;
    const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
    await page.route(/\/assets\/start-app-[^/]+\.js$/, async (route) => {
      await appHeld;
      await route.continue();
    });
    await page.goto(server().url + '/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    expect(await page.getByRole('button', { name: 'Pause', exact: true }).count()).toBe(0);

    releaseApp();
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor({ state: 'visible' });
    // Sound: the element's clock advances.
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.2);
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
      window.addEventListener('beforeinstallprompt', (event) => event.stopImmediatePropagation(), {
        capture: true,
      });
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
