import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useServerAndBrowser } from '../fixtures/suite.ts';
import { openPage, waitForApp } from '../fixtures/browser.ts';
import { REPO_ROOT } from '../fixtures/server.ts';

/** The built file of a catalog part (apps/web/vite-catalog-parts.ts), from the build's manifest. */
function catalogPartUrl(locale: string, part: 'first-paint' | 'rest'): string {
  const manifest = z
    .record(z.string(), z.object({ file: z.string() }))
    .parse(JSON.parse(readFileSync(join(REPO_ROOT, 'apps/web/dist/.vite/manifest.json'), 'utf8')));
  const chunk = manifest[`src/locales/${locale}/messages.po?catalog=${part}`];
  if (!chunk) throw new Error(`The build has no ${part} part for ${locale}: run npm run build`);
  return `/${chunk.file}`;
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

describe('each catalog in two parts: the first paint’s messages, then the rest', () => {
  const { server, browser } = useServerAndBrowser();

  it('Home starts without the rest; a split-out screen waits for it and never shows a message id', async () => {
    const rest = catalogPartUrl('en', 'rest');
    // No service worker: its precache would fetch the rest before the page asks.
    const page = await openPage(browser(), { locale: 'en-GB', serviceWorkers: 'block' });
    const held = await holdBack(page, rest);
    await page.goto(server().url);
    // Hydrated with the first part alone.
    await waitForApp(page);
    await page.getByText('Tap play to listen live').waitFor();
    expect(held.asked()).toBe(true);

    const scheduleChunk = page.waitForResponse(/\/assets\/ScheduleScreen-[^/]+\.js$/);
    await page.getByRole('link', { name: 'Schedule' }).click();
    await scheduleChunk;
    await twoFrames(page);
    // The screen's own chunk is in, the rest of the catalog is not: Home is still shown.
    expect(await page.locator('.day-tabs__tab').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');

    held.release();
    await page.locator('.day-tabs__tab').first().waitFor();
    const text = await page.locator('body').innerText();
    const words = new Set(text.split(/\s+/));
    const ids = await messageIds(page, rest);
    expect(ids.length).toBeGreaterThan(100);
    expect(ids.filter((id) => words.has(id))).toEqual([]);
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
