import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { openPage } from '../fixtures/browser.ts';
import { waitFor } from '../fixtures/ports.ts';

/** What a listener's ear would tell: the player's <audio> and how far it has played. */
export async function audioState(page: Page) {
  return page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]');
    if (!audio) throw new Error('the player has no <audio> element');
    return { currentTime: audio.currentTime, paused: audio.paused, volume: audio.volume, src: audio.src };
  });
}

/**
 * Resolves once currentTime has moved on by `seconds` from now: in headless Chromium that is the
 * honest sign of sound (events like 'playing' fire before anything is heard).
 */
export async function waitForSound(page: Page, timeoutMs = 15_000, seconds = 0.5): Promise<void> {
  const start = (await audioState(page)).currentTime;
  await waitFor(
    `currentTime to advance ${seconds} s past ${start}`,
    async () => {
      const { currentTime, paused } = await audioState(page);
      return !paused && currentTime >= start + seconds;
    },
    timeoutMs,
  );
}

/** The player's state as the play button exposes it (data-state mirrors usePlayer().state). */
export async function playerState(page: Page): Promise<string | null> {
  return page.locator('.player-play').getAttribute('data-state');
}

export async function waitForPlayerState(
  page: Page,
  wanted: (state: string | null) => boolean,
  what: string,
  timeoutMs = 20_000,
) {
  await waitFor(`player ${what}`, async () => wanted(await playerState(page)), timeoutMs);
}

/**
 * A page as a returning listener sees it: they already answered the install offer with 'Later',
 * so its modal (spec §4, 3 s after load) does not cover the player mid-test.
 */
export async function openListenerPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await openPage(browser, options);
  await page.addInitScript(() =>
    localStorage.setItem('playfm_install_later_until', String(Date.now() + 86_400_000)),
  );
  return page;
}
