import { describe, expect, it } from 'vitest';
import { openPage } from '../fixtures/browser.ts';
import { useServerAndBrowser } from '../fixtures/suite.ts';

const PHONE = { width: 390, height: 844 };

describe('the app taking over the prerendered Home', () => {
  const { server, browser } = useServerAndBrowser();

  it('leaves Play and Mute where the listener saw them, though Cast and Pop out player join them', async () => {
    const page = await openPage(browser(), { viewport: PHONE });
    // The app held back a moment, so the prerendered screen is measured as a listener sees it first.
    await page.route(/\/assets\/start-app-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto(server().url);
    const place = () =>
      Promise.all(
        ['Play', 'Mute'].map(async (name) => {
          const box = await page.getByRole('button', { name, exact: true }).boundingBox();
          return box && { name, x: Math.round(box.x), y: Math.round(box.y) };
        }),
      );
    const prerendered = await place();
    expect(await page.evaluate(() => document.documentElement.dataset['app'])).toBeUndefined();
    // The buttons that only the browser can offer, there once the app runs.
    await page.getByRole('button', { name: 'Pop out player' }).waitFor();
    await page.getByRole('button', { name: 'Cast' }).waitFor();
    expect(await place()).toEqual(prerendered);
    await page.context().close();
  });
});
