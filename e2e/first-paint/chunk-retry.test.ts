import { describe, expect, it } from 'vitest';
import { openPage, waitForApp } from '../fixtures/browser.ts';
import { useServerAndBrowser } from '../fixtures/suite.ts';

describe('a screen whose code fails to arrive', () => {
  const { server, browser } = useServerAndBrowser();

  it('is fetched again and drawn when it comes (a server restarting), without the error page or a reload', async () => {
    // No service worker: its precache would answer the chunk, and the failure would never happen.
    const page = await openPage(browser(), { serviceWorkers: 'block' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The schedule's code and stylesheet fail twice each, as they do while the server is down, then arrive.
    const refused = { js: 0, css: 0 };
    await page.route(/\/assets\/ScheduleScreen-[^/]+\.(js|css)$/, (route) => {
      const kind = route.request().url().endsWith('.css') ? 'css' : 'js';
      if (refused[kind] < 2) {
        refused[kind] += 1;
        return route.abort('connectionrefused');
      }
      return route.continue();
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto(server().url);
    await waitForApp(page);
    await page.getByRole('link', { name: 'Schedule' }).first().click();
    // The schedule's own row of days: the screen drew, after the refusals.
    await page.getByRole('navigation', { name: 'Days' }).waitFor({ timeout: 20_000 });
    expect(refused).toEqual({ js: 2, css: 2 });
    // Styled: its stylesheet is in the page, loaded, once.
    const sheets = await page
      .locator('link[rel="stylesheet"][href*="/assets/ScheduleScreen-"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).sheet !== null));
    expect(sheets).toEqual([true]);
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    expect(loads).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
