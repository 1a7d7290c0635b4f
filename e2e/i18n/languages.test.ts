import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../fixtures/suite.ts';
import { openPage, waitForApp } from '../fixtures/browser.ts';
import { englishMessages, englishShown } from '../fixtures/english-ui.ts';

describe("the app in the listener's language", () => {
  const { server, browser } = useServerAndBrowser();

  it('ga-IE: <html lang="ga">, Irish on Home and Irish day names on the schedule', async () => {
    const page = await openPage(browser(), { locale: 'ga-IE' });
    await page.goto(server().url);
    await waitForApp(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('ga');
    await page.getByText('Tapáil seinn chun éisteacht beo').waitFor();
    await page.getByRole('link', { name: 'Sceideal' }).waitFor();
    await page.goto(`${server().url}/schedule`);
    await waitForApp(page);
    const days = page.locator('.day-tabs__tab');
    await days.first().waitFor();
    const titles = await page.locator('.day-slide__title').allInnerTexts();
    expect(titles[0], titles.join(' | ')).toMatch(/^Dé Luain/);
    expect(await days.first().innerText()).toMatch(/^Luan/);
    await page.context().close();
  });

  it('Accept-Language: de gets the page drawn in German, with Vary', async () => {
    const response = await fetch(server().url, {
      headers: { accept: 'text/html', 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    expect(response.headers.get('vary')).toContain('Accept-Language, Cookie');
    const html = await response.text();
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain('Tippe auf Play, um live zu hören');
    expect(html).toContain('Deine Hörstatistik');
  });

  it('en-XA: Home, schedule and stats show no plain-English UI text', async () => {
    const english = englishMessages();
    expect(english.length).toBeGreaterThan(50);
    const page = await openPage(browser(), { locale: 'en-XA' });
    for (const path of ['/', '/schedule', '/stats']) {
      await page.goto(server().url + path);
      await waitForApp(page);
      expect(await page.locator('html').getAttribute('lang')).toBe('en-XA');
      expect(await englishShown(page, english), path).toEqual([]);
    }
    await page.context().close();
  });

  it('the language chosen at the foot of Home survives a reload and an offline launch', async () => {
    const page = await openPage(browser(), { locale: 'en-GB' });
    await page.goto(server().url);
    await waitForApp(page);
    await page.getByText('Tap play to listen live').waitFor();
    await page.getByLabel('Language').selectOption('de');
    await page.getByText('Tippe auf Play, um live zu hören').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');

    await page.reload();
    await waitForApp(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByText('Tippe auf Play, um live zu hören').waitFor();

    // The service worker took its shell while the choice was made: offline, the app still starts in German.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await page.context().setOffline(true);
    await page.reload();
    await waitForApp(page);
    await page.getByText('Tippe auf Play, um live zu hören').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.context().close();
  });
});
