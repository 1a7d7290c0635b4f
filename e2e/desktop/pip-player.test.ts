import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, waitForApp } from '../fixtures/browser.ts';
import { audioState, playAndWaitForSound, waitForSound } from '../fixtures/listener.ts';
import { waitFor } from '../fixtures/ports.ts';
import { useServerAndBrowser } from '../fixtures/suite.ts';

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
// Two Chromium contexts, a PiP window, the demo stream and the server on two busy cores.
const TEST_TIMEOUT_MS = 150_000;

/** Whether the music has stopped: paused, and currentTime still where it was a second later. */
async function musicStopped(page: Page): Promise<boolean> {
  const before = await audioState(page);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = await audioState(page);
  return before.paused && after.paused && after.currentTime === before.currentTime;
}

describe('the pop-out player', () => {
  // Real time: the service worker and the stream run on the real clock.
  const { server, browser } = useServerAndBrowser();

  it(
    'opens a Document PiP window whose buttons drive the page’s player from any screen, shows the live chat, and gives the controls back when closed',
    async () => {
      const page = await openPage(browser(), { viewport: WIDE });
      await page.goto(server().url);
      await waitForApp(page);
      await playAndWaitForSound(page);

      const opened = page.context().waitForEvent('page');
      await page.getByRole('button', { name: 'Pop out player' }).click();
      const popOut = await opened;
      // The page keeps the sound; its controls wait for the small window.
      await page.getByRole('button', { name: 'Bring the player back' }).waitFor();
      expect(await page.getByRole('button', { name: 'Pause', exact: true }).count()).toBe(0);

      await popOut.getByRole('button', { name: 'Mute' }).waitFor();
      expect(await popOut.locator('.pop-out-player__title').textContent()).toBeTruthy();
      expect(await popOut.locator('img.pop-out-player__art').count()).toBe(1);
      await popOut.getByRole('button', { name: 'Mute' }).click();
      await popOut.getByRole('button', { name: 'Unmute' }).waitFor();
      expect((await audioState(page)).volume).toBe(0);
      await popOut.getByRole('button', { name: 'Unmute' }).click();

      await popOut.getByRole('button', { name: 'Pause', exact: true }).click();
      await popOut.getByRole('button', { name: 'Play', exact: true }).waitFor();
      await waitFor('the music to stop', () => musicStopped(page), 15_000);

      await popOut.getByRole('button', { name: 'Play', exact: true }).click();
      await waitForSound(page, 30_000);

      // Another listener, on a phone, says something: the small window shows it under the controls.
      const phone = await openPage(browser(), { viewport: PHONE });
      await phone.goto(`${server().url}/chat`);
      await phone.getByRole('textbox', { name: 'Your name in the chat' }).fill('Pocket');
      await phone.getByRole('button', { name: 'Join chat' }).click();
      const messageBox = phone.getByRole('combobox', { name: 'Message' });
      await messageBox.fill('Hello from the bus');
      await messageBox.press('Enter');
      const line = popOut
        .getByRole('region', { name: 'Chat' })
        .getByRole('listitem')
        .filter({ hasText: 'Hello from the bus' });
      await line.filter({ hasText: 'Pocket' }).waitFor();
      expect(await line.isVisible()).toBe(true);
      await phone.context().close();

      // Leaving Home keeps the small window: on the schedule its pause still pauses the music.
      await page.getByRole('link', { name: 'Schedule' }).click();
      await page.waitForURL((url) => url.pathname === '/schedule');
      await popOut.getByRole('button', { name: 'Pause', exact: true }).click();
      await popOut.getByRole('button', { name: 'Play', exact: true }).waitFor();
      await waitFor('the music to stop on the schedule', () => musicStopped(page), 15_000);
      await popOut.getByRole('button', { name: 'Play', exact: true }).click();
      await waitForSound(page, 30_000);
      await page.goBack();
      await page.getByRole('button', { name: 'Bring the player back' }).waitFor();

      // A language picked while it is open reaches the small window too: its words and its <html lang>.
      await page.getByLabel('Language').selectOption('de');
      await popOut.getByRole('button', { name: 'Stummschalten', exact: true }).waitFor();
      expect(await popOut.evaluate(() => document.documentElement.lang)).toBe('de');
      await page.getByLabel('Sprache').selectOption('');
      await popOut.getByRole('button', { name: 'Mute', exact: true }).waitFor();
      expect(await popOut.evaluate(() => document.documentElement.lang)).toBe('en');

      // Closing the small window puts the controls back in the page, the music playing on.
      await popOut.close();
      await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Bring the player back' }).count()).toBe(0);
      await waitForSound(page);
      await page.context().close();
    },
    TEST_TIMEOUT_MS,
  );

  it('is not offered where the browser has no Document Picture-in-Picture', async () => {
    const page = await openPage(browser());
    await page.addInitScript(() =>
      Object.defineProperty(window, 'documentPictureInPicture', { value: undefined, configurable: true }),
    );
    await page.goto(server().url);
    await waitForApp(page);
    await page.getByRole('button', { name: 'Share' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pop out player' }).count()).toBe(0);
    await page.context().close();
  });
});
