import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { episodeListSchema, type Episode } from '@onair/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { launchBrowser } from '../fixtures/browser.ts';
import { openListenerPage } from '../fixtures/listener.ts';
import { waitFor } from '../fixtures/ports.ts';
import { REPO_ROOT, ServerFixture } from '../fixtures/server.ts';
import { ADMIN_ENV } from '../schedule/schedule-helpers.ts';
import { MINUTE_MS, scheduleMinuteSlot } from './minute-slot.ts';

/** The episode page's own <audio>, as a listener's ear would tell. */
function episodeAudio(page: Page) {
  return page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-testid="episode-audio"]');
    return audio ? { currentTime: audio.currentTime, paused: audio.paused } : null;
  });
}

/**
 * Listen again on the demo station in Chromium: a minute-precise slot aired and recorded becomes an
 * episode, listed by day; its page plays and seeks it (the server's byte ranges), and the place
 * reached comes back as Continue listening after a reload. Axe finds nothing serious on the screens.
 */
describe('listen again', () => {
  let server: ServerFixture;
  let browser: Browser;
  let stationDir: string;
  let episode: Episode;

  beforeAll(async () => {
    stationDir = mkdtempSync(join(tmpdir(), 'onair-listen-again-'));
    const stationFile = join(stationDir, 'station.json');
    const station = JSON.parse(readFileSync(join(REPO_ROOT, 'station.config.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    writeFileSync(stationFile, JSON.stringify({ ...station, timeZone: 'UTC', archive: { episodes: true } }));
    server = await ServerFixture.start({ STATION_CONFIG: stationFile, ...ADMIN_ENV });
    browser = await launchBrowser();

    // A one-minute show from the next whole minute, on the demo station's own stream.
    const slotStart = await scheduleMinuteSlot(server.url, 8_000);
    await sleep(slotStart + MINUTE_MS + 3_000 - Date.now());
    episode = await waitFor(
      'the slot to become an episode',
      async () => {
        const list = episodeListSchema.parse(
          await (await fetch(`${server.url}/api/episodes?show=minute-mix`)).json(),
        );
        return list.episodes.find((candidate) => candidate.status === 'ready');
      },
      30_000,
    );
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(stationDir, { recursive: true, force: true });
  });

  it(
    'lists the episode by day, plays and seeks it on its page, and offers to continue after a reload',
    { timeout: 120_000 },
    async () => {
      const page = await openListenerPage(browser);
      await page.goto(server.url);
      await page.getByRole('link', { name: 'Listen again' }).click();
      const day = page.getByRole('region', { name: /^\w+day, \d+ \w+$/ });
      await day.getByRole('link', { name: /Minute Mix/ }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      await day.getByRole('link', { name: /Minute Mix/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Minute Mix' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/episodes/${episode.id}`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Play episode' }).click();
      await waitFor(
        'the episode to sound',
        async () => {
          const audio = await episodeAudio(page);
          return audio !== null && !audio.paused && audio.currentTime > 1;
        },
        20_000,
      );
      // Seek by the bar: the browser asks the server for that byte range and plays on from there.
      await page.getByRole('slider', { name: 'Position in the episode' }).fill('30');
      await waitFor(
        'the episode to play on from 0:30',
        async () => {
          const audio = await episodeAudio(page);
          return audio !== null && !audio.paused && audio.currentTime > 30.5;
        },
        20_000,
      );
      await page.getByRole('button', { name: 'Pause episode' }).click();
      await page.getByRole('button', { name: 'Play episode' }).waitFor();

      await page.goto(`${server.url}/listen-again`);
      await page.reload();
      const continuing = page.getByRole('region', { name: 'Continue listening' });
      await continuing.getByRole('link', { name: /Minute Mix/ }).click();
      const bar = page.getByRole('slider', { name: 'Position in the episode' });
      await bar.waitFor();
      expect(Number(await bar.inputValue())).toBeGreaterThanOrEqual(30);
      await page.context().close();
    },
  );

  it(
    'a shared link opens the episode at ?t=, and the show page lists the episode (axe clean)',
    { timeout: 60_000 },
    async () => {
      const page = await openListenerPage(browser);
      await page.goto(`${server.url}/episodes/${episode.id}?t=20`);
      const bar = page.getByRole('slider', { name: 'Position in the episode' });
      await bar.waitFor();
      expect(await bar.getAttribute('aria-valuetext')).toMatch(/^0:20 of /);
      await page.getByRole('link', { name: 'More from Minute Mix' }).click();
      await page.getByRole('heading', { level: 1, name: 'Minute Mix' }).waitFor();
      await page
        .getByRole('region', { name: 'Episodes' })
        .getByRole('link', { name: /Minute Mix/ })
        .waitFor();
      expect(await page.getByRole('button', { name: '♡ Favorite' }).count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.context().close();
    },
  );
});
