import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, MUSIC_SERVICE_NAMES } from '@onair/core';
import type { Page } from 'playwright-core';
import { openPage, waitForApp } from '../fixtures/browser.ts';
import { waitFor } from '../fixtures/ports.ts';
import { useServerAndBrowser } from '../fixtures/suite.ts';
import { ADMIN, ADMIN_ENV } from '../schedule/schedule-helpers.ts';

const WIDE = { width: 1280, height: 800 };

/** Keys of the station's JSON whose values are data a listener typed or a stream sent, not the app's words. */
const DATA_KEYS = new Set(['name', 'show', 'artist', 'genre', 'title', 'tagline', 'timeZone', 'description']);

/**
 * Not the app's words either: the services' own names (music, social, posting), the placeholders a post text may hold, and the
 * server's default post texts (what a post says when the admin writes none, shown as the example).
 */
const NAMES_AND_TOKENS = [
  ...Object.values(MUSIC_SERVICE_NAMES),
  'Mixcloud',
  'Facebook',
  'Instagram',
  'Discord',
  'Mastodon',
  'Telegram',
  'Bluesky',
  'TuneIn AIR',
  '{title} {artist} {show} {link} {listeners}',
  ...Object.values(DEFAULT_TEMPLATES),
];

/** Every string under one of DATA_KEYS in `value`, however deep (schedule, station, episodes, audience). */
function stationStrings(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return DATA_KEYS.has(key) && value.trim() !== '' ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => stationStrings(item, key));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, item]) => stationStrings(item, name));
  return [];
}

/**
 * The plain-English words left in `selector` (README "Languages"): every text node, option and
 * accessible text (aria-label, title, placeholder, alt, aria-valuetext) of the visible part, with
 * the station's own data taken out. Under en-XA every message of the app is accented, so a run of
 * three plain letters is a string that never went through a catalog.
 */
async function plainEnglish(page: Page, selector: string, data: readonly string[]): Promise<string[]> {
  const texts = await page.evaluate((root) => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll(root))) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, svg title')) continue;
        if (!parent.closest('select') && !parent.checkVisibility()) continue;
        found.push(node.textContent ?? '');
      }
      for (const owner of [element, ...Array.from(element.querySelectorAll('*'))]) {
        if (!owner.checkVisibility() && !owner.closest('select')) continue;
        for (const attribute of ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext'])
          found.push(owner.getAttribute(attribute) ?? '');
      }
    }
    return found;
  }, selector);
  const longestFirst = [...data].sort((a, b) => b.length - a.length);
  return texts.flatMap((text) => {
    const rest = longestFirst.reduce((left, value) => left.split(value).join(' '), text);
    return /[A-Za-z]{3,}/.test(rest) ? [text.trim()] : [];
  });
}

describe('every screen in the pseudo-locale', () => {
  const { server, browser } = useServerAndBrowser({ ...ADMIN_ENV });

  it('en-XA: sign-in, slot editor, week grid, shortcuts, insights, integrations, listen again, Home, pop-out and 404 have no plain-English text', async () => {
    const base = server().url;
    const json = async (path: string) => (await fetch(base + path)).json() as Promise<unknown>;
    // The demo station's generated past day: Listen again has episodes once the archive has started.
    const episodes = await waitFor(
      'the demo episodes',
      async () => {
        const list = (await json('/api/episodes?limit=50')) as { episodes: { id: string; show: string }[] };
        return list.episodes.length > 0 ? list.episodes : null;
      },
      45_000,
    );
    const data = [
      ...NAMES_AND_TOKENS,
      ...stationStrings(await json('/api/schedule')),
      ...stationStrings(await json('/api/station')),
      ...stationStrings(await json('/api/now-playing')),
      ...stationStrings(episodes),
    ];
    // Every screen is read before the one assertion, so one run names every string left.
    const left: Record<string, string[]> = {};
    const check = async (path: string, selector: string, on: Page = page, known = data) => {
      const words = await plainEnglish(on, selector, known);
      if (words.length > 0) left[`${path} ${selector}`] = words;
    };

    const page = await openPage(browser(), { locale: 'en-XA' });
    await page.goto(`${base}/schedule`);
    await waitForApp(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-XA');

    // The admin's sign-in, then the slot editor of Manage mode.
    await page.locator('.schedule-footer button').click();
    const signIn = page.locator('dialog[open]');
    await signIn.locator('input[autocomplete="username"]').waitFor();
    await check('/schedule', 'dialog[open]');
    await signIn.locator('input[autocomplete="username"]').fill(ADMIN.username);
    await signIn.locator('input[type="password"]').fill(ADMIN.password);
    await signIn.locator('button[type="submit"]').click();
    await page.locator('.admin-bar').waitFor();
    await page.locator('.admin-bar button').first().click();
    await page.locator('.slot-card__admin button').first().dispatchEvent('click');
    const editor = page.locator('dialog[open]');
    await editor.locator('.edit-form__note').first().waitFor();
    await check('/schedule edit', 'dialog[open]');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' }).catch(() => undefined);

    // The week grid of a wide window.
    await page.setViewportSize(WIDE);
    await page.goto(`${base}/schedule`);
    await page.locator('.week-grid__piece').first().waitFor();
    await check('/schedule wide', '.week-grid');

    // The keyboard shortcuts' list.
    await page.goto(`${base}/?dialog=shortcuts`);
    await page.locator('dialog[open] .shortcuts-dialog__table').waitFor();
    await check('/?dialog=shortcuts', 'dialog[open]');

    // Insights and integrations, with the form of a new integration open on a posting kind. The shows
    // of the audience figures are the station's; its dayparts are core's defaults (this station's
    // file names none), whose names are the app's words.
    const audience = (await page.evaluate(
      async () => (await fetch('/api/insights/audience?days=7')).json() as Promise<unknown>,
    )) as { audience: { byShow: unknown[] } };
    data.push(...stationStrings(audience.audience.byShow));
    await page.goto(`${base}/insights`);
    await page.locator('.insights__private').waitFor();
    await page.locator('.insights [role="status"]').first().waitFor({ state: 'detached' });
    await check('/insights', '.screen');
    await page.goto(`${base}/integrations`);
    await page.locator('.admin-card .integrations__actions button').click();
    await page.locator('.integrations__form select').first().selectOption('mastodon');
    await check('/integrations', '.screen');

    // Listen again, an episode and its show's page.
    const [episode] = episodes;
    await page.goto(`${base}/listen-again`);
    await page.locator('.episode-row').first().waitFor();
    await check('/listen-again', '.screen');
    await page.goto(`${base}/episodes/${episode!.id}`);
    await page.locator('.episode__scrubber').waitFor();
    await check('/episodes/:id', '.screen');
    await page.locator('.episode__show-link').click();
    await page.locator('.show-page .episode-row').first().waitFor();
    await check('/shows/:slug', '.screen');

    // The router's error page.
    await page.goto(`${base}/no-such-page`);
    await page.locator('.route-error').waitFor();
    await check('/no-such-page', '.route-error');

    // Home, with Recently played and the live rewind timeline (the demo station records its stream).
    await page.goto(base);
    await waitForApp(page);
    await page.locator('.recently-played').waitFor();
    await page.locator('.rewind').waitFor();
    await check('/', '#main', page, [...data, ...stationStrings(await json('/api/now-playing/history'))]);

    // The pop-out player: its window's landmark and buttons.
    const opened = page.context().waitForEvent('page');
    await page.locator('.player-icon-button').last().click();
    const popOut = await opened;
    await popOut.locator('.pop-out-player').waitFor();
    await check('pop-out', '.pop-out-player', popOut, [
      ...data,
      ...stationStrings(await json('/api/now-playing')),
    ]);
    await page.context().close();
    expect(left).toEqual({});
  });
});
