import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { audioState, openListenerPage, playAndWaitForSound } from '../fixtures/listener.ts';
import { waitFor } from '../fixtures/ports.ts';
import { useIcecastStation } from '../fixtures/suite.ts';

const CONTROL_CARD = 'section[aria-label="Player"]';
/** A toast, as a screen reader hears it: a message in a live status region. */
const toast = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });

/**
 * Safari's AirPlay surface, faked on Chromium (no Safari here): the availability event constructor
 * and, unless `picker: false`, the element's webkitShowPlaybackTargetPicker, which counts its calls.
 */
async function openAirPlayPage(page: Page, url: string, picker: boolean): Promise<void> {
  await page.addInitScript((withPicker: boolean) => {
    const page = window as unknown as Record<string, unknown>;
    page['WebKitPlaybackTargetAvailabilityEvent'] = class extends Event {};
    page['__pickerCalls'] = 0;
    if (withPicker)
      Object.defineProperty(HTMLMediaElement.prototype, 'webkitShowPlaybackTargetPicker', {
        value: () => (page['__pickerCalls'] = Number(page['__pickerCalls']) + 1),
      });
  }, picker);
  await page.goto(url);
}

/** What Safari fires on the <audio> when AirPlay receivers come and go. */
async function targets(page: Page, availability: 'available' | 'not-available'): Promise<void> {
  await page.evaluate((value) => {
    const event = new Event('webkitplaybacktargetavailabilitychanged');
    Object.defineProperty(event, 'availability', { value });
    document.querySelector('audio[data-testid="player-audio"]')?.dispatchEvent(event);
  }, availability);
}

describe('AirPlay', () => {
  const station = useIcecastStation({ high: false });

  it('plays from the stream URL (not MediaSource), offers AirPlay, and opens the picker once targets exist', async () => {
    const page = await openListenerPage(station.browser());
    await openAirPlayPage(page, station.server().url, true);
    await playAndWaitForSound(page);
    // The AirPlay path: a URL-based <audio>, the same choice the engine makes on iOS.
    expect((await audioState(page)).src).toMatch(/^http:.*\/live\?t=\d+$/);

    const airPlay = page.getByRole('button', { name: 'AirPlay' });
    await airPlay.click();
    await toast(page, 'AirPlay not available').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pickerCalls: number }).__pickerCalls)).toBe(0);

    await targets(page, 'available');
    await waitFor(
      'AirPlay targets to be found',
      async () => (await airPlay.getAttribute('data-available')) === 'true',
    );
    await airPlay.click();
    expect(await page.evaluate(() => (window as unknown as { __pickerCalls: number }).__pickerCalls)).toBe(1);
    expect(await seriousA11yViolations(page, CONTROL_CARD)).toEqual([]);

    await targets(page, 'not-available');
    await waitFor(
      'AirPlay targets to be gone',
      async () => (await airPlay.getAttribute('data-available')) === 'false',
    );
    await airPlay.click();
    await toast(page, 'AirPlay not available').waitFor();
    await page.context().close();
  }, 60_000);

  it('says AirPlay not supported on this device when the browser has no picker', async () => {
    const page = await openListenerPage(station.browser());
    await openAirPlayPage(page, station.server().url, false);
    await page.getByRole('button', { name: 'AirPlay' }).click();
    await toast(page, 'AirPlay not supported on this device').waitFor();
    await page.context().close();
  });

  it('offers no AirPlay button in a browser without AirPlay', async () => {
    const page = await openListenerPage(station.browser());
    await page.goto(station.server().url);
    await page.getByRole('button', { name: 'Cast', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'AirPlay' }).count()).toBe(0);
    await page.context().close();
  });
});
