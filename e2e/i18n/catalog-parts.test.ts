import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useServerAndBrowser } from '../fixtures/suite.ts';
import { openPage, waitForApp } from '../fixtures/browser.ts';
import { REPO_ROOT } from '../fixtures/server.ts';

/**
 * The built file of a catalog part (apps/web/vite-catalog-parts.ts), from the build's manifest:
 * first-paint, rest, or `chunk&of=<module>`, a split-out chunk's own part.
 */
function catalogPartUrl(locale: string, part: string): string {
  const manifest = z
    .record(z.string(), z.object({ file: z.string() }))
    .parse(JSON.parse(readFileSync(join(REPO_ROOT, 'apps/web/dist/.vite/manifest.json'), 'utf8')));
  const chunk = manifest[`src/locales/${locale}/messages.po?catalog=${part}`];
  if (!chunk) throw new Error(`The build has no ${part} part for ${locale}: run npm run build`);
  return `/${chunk.file}`;
}

/** The part of split-out screen `module` (its source, relative to apps/web). */
const screenPart = (locale: string, module: string) => catalogPartUrl(locale, `chunk&of=${module}`);

/** Whether `page` asks for `path` from now on. */
function watchFor(page: Page, path: string): () => boolean {
  let asked = false;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) asked = true;
  });
  return () => asked;
}

/** The message ids among the words `page` shows. */
async function shownIds(page: Page, ids: readonly string[]): Promise<string[]> {
  const words = new Set((await page.locator('body').innerText()).split(/\s+/));
  return ids.filter((id) => words.has(id));
}

/** Holds back the page's requests for `path` until `release()`; `asked` says whether one came. */
async function holdBack(page: Page, path: string) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(`**${path}`, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** Every message id of a catalog part, as the page imports it (a string: Vitest would rewrite `import()`). */
function messageIds(page: Page, url: string): Promise<string[]> {
  return page.evaluate<string[]>(`import(${JSON.stringify(url)}).then((part) => Object.keys(part.messages))`);
}

/** Two frames: what the page was about to draw is drawn. */
function twoFrames(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

describe('each catalog in parts: the first paint’s messages, each screen’s own, the rest', () => {
  const { server, browser } = useServerAndBrowser();

  it('Home starts with the first part alone; a split-out screen waits for its own part, never the rest, and shows no message id', async () => {
    const rest = catalogPartUrl('en', 'rest');
    const schedulePart = screenPart('en', 'src/features/schedule/ScheduleScreen.tsx');
    // No service worker: its precache would fetch every part before the page asks.
    const page = await openPage(browser(), { locale: 'en-GB', serviceWorkers: 'block' });
    const restAsked = watchFor(page, rest);
    const held = await holdBack(page, schedulePart);
    await page.goto(server().url);
    // Hydrated with the first part alone.
    await waitForApp(page);
    await page.getByText('Tap play to listen live').waitFor();

    const scheduleChunk = page.waitForResponse(/\/assets\/ScheduleScreen-[^/]+\.js$/);
    await page.getByRole('link', { name: 'Schedule' }).click();
    await scheduleChunk;
    await twoFrames(page);
    // The screen's own chunk is in, its part of the catalog is not: Home is still shown.
    expect(held.asked()).toBe(true);
    expect(await page.locator('.day-tabs__tab').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');

    held.release();
    await page.locator('.day-tabs__tab').first().waitFor();
    // Before the test reads the rest's ids: that import asks for it.
    expect(restAsked()).toBe(false);
    const ids = await messageIds(page, rest);
    expect(ids.length).toBeGreaterThan(100);
    expect(await shownIds(page, ids)).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['/schedule', 'src/features/schedule/ScheduleScreen.tsx', "Today's Schedule"],
    ['/stats', 'src/features/stats/StatsScreen.tsx', 'Listening Stats'],
    ['/chat', 'src/features/chat/ChatScreen.tsx', 'Chat'],
  ])(
    '%s, opened directly, loads its own part and not the rest, and shows no message id',
    async (path, module, heading) => {
      const rest = catalogPartUrl('en', 'rest');
      const page = await openPage(browser(), { locale: 'en-GB', serviceWorkers: 'block' });
      const restAsked = watchFor(page, rest);
      const partAsked = watchFor(page, screenPart('en', module));
      await page.goto(`${server().url}${path}`);
      await waitForApp(page);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await twoFrames(page);
      expect(partAsked()).toBe(true);
      // Before the test reads the rest's ids: that import asks for it.
      expect(restAsked()).toBe(false);
      expect(await shownIds(page, await messageIds(page, rest))).toEqual([]);
      await page.context().close();
    },
  );

  it('draws a screen whose part does not arrive with the whole catalog (offline, the worker has catalogs whole)', async () => {
    const schedulePart = screenPart('en', 'src/features/schedule/ScheduleScreen.tsx');
    const page = await openPage(browser(), { locale: 'en-GB', serviceWorkers: 'block' });
    const restAsked = watchFor(page, catalogPartUrl('en', 'rest'));
    let refused = 0;
    await page.route(`**${schedulePart}`, (route) => {
      refused += 1;
      return route.abort('internetdisconnected');
    });
    await page.goto(server().url);
    await waitForApp(page);
    await page.getByRole('link', { name: 'Schedule' }).click();
    await page.locator('.day-tabs__tab').first().waitFor();
    expect(refused).toBe(1);
    expect(restAsked()).toBe(true);
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    expect(await shownIds(page, await messageIds(page, catalogPartUrl('en', 'rest')))).toEqual([]);
    await page.context().close();
  });

  it('offline, a screen never opened draws from the worker’s precache: its catalog whole, no part', async () => {
    const page = await openPage(browser(), { locale: 'en-GB' });
    await page.goto(server().url);
    await waitForApp(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.context().setOffline(true);
    await page.getByRole('link', { name: 'Schedule' }).click();
    await page.locator('.day-tabs__tab').first().waitFor();
    await page.context().setOffline(false);
    expect(await shownIds(page, await messageIds(page, catalogPartUrl('en', 'rest')))).toEqual([]);
    await page.context().close();
  });

  it('a language chosen on Home comes whole: both its parts before any of it shows', async () => {
    const germanRest = catalogPartUrl('de', 'rest');
    const page = await openPage(browser(), { locale: 'en-GB', serviceWorkers: 'block' });
    const held = await holdBack(page, germanRest);
    await page.goto(server().url);
    await waitForApp(page);
    const asked = page.waitForRequest((request) => request.url().endsWith(germanRest));
    await page.getByLabel('Language').selectOption('de');
    await asked;
    await twoFrames(page);
    // Still English: German is not shown half loaded.
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByText('Tap play to listen live').waitFor();

    held.release();
    await page.getByText('Tippe auf Play, um live zu hören').waitFor();
    await page.getByRole('link', { name: 'Sendeplan' }).click();
    await page.locator('.day-tabs__tab').first().waitFor();
    const words = new Set((await page.locator('body').innerText()).split(/\s+/));
    const ids = await messageIds(page, germanRest);
    expect(ids.filter((id) => words.has(id))).toEqual([]);
    await page.context().close();
  });
});
