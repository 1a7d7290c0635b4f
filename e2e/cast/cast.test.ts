import { CAST_SCRIPT_LOAD_TIMEOUT_MS } from '@onair/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  installFakeCastFramework,
  type FakeCastControl,
  type FakeCastLoad,
} from '../../apps/web/src/lib/cast/fake-cast-framework.ts';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import {
  audioState,
  openListenerPage,
  playAndWaitForSound,
  storedJson,
  waitForSound,
} from '../fixtures/listener.ts';
import { waitFor } from '../fixtures/ports.ts';
import { useIcecastStation } from '../fixtures/suite.ts';

const DEVICE = 'Living Room TV';
const TRACK = { artist: 'Ciarán Mac Giolla', title: 'Tonnta' };
const CONTROL_CARD = 'section[aria-label="Player"]';

/** A toast, as a screen reader hears it: a message in a live status region. */
const toast = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });
/** The player card's own status line (cast state and failures). */
const castStatus = (page: Page) => page.getByRole('region', { name: 'Player' }).getByRole('status');
const fake = <T>(page: Page, read: (control: FakeCastControl) => T): Promise<T> =>
  page.evaluate(`(${read.toString()})(window.__fakeCast)`) as Promise<T>;

/** Spec §2/§4/§8 casting in a real Chromium, on a real Icecast; Google's SDK is faked where it must be. */
describe('Cast', () => {
  const station = useIcecastStation({ high: false });

  it('without the sender framework (no internet here): says Cast extension is not available, local audio plays on', async () => {
    const page = await openListenerPage(station.browser());
    const senderRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('cast_sender.js')) senderRequests.push(request.url());
    });
    await page.goto(station.server().url);
    await playAndWaitForSound(page);
    // Never on the first paint: only the tap fetches it.
    expect(senderRequests).toEqual([]);
    expect(await seriousA11yViolations(page, CONTROL_CARD)).toEqual([]);

    await page.getByRole('button', { name: 'Cast', exact: true }).click();
    await toast(page, 'Searching for Cast devices...').waitFor();
    await waitFor(
      'the script-load failure to be told',
      async () => (await castStatus(page).textContent()) === 'Cast extension is not available',
      CAST_SCRIPT_LOAD_TIMEOUT_MS + 5_000,
    );
    expect(senderRequests).toEqual([
      'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1',
    ]);
    expect(await seriousA11yViolations(page, CONTROL_CARD)).toEqual([]);
    // A failure never stops local audio.
    await waitForSound(page);
    expect(await page.getByRole('button', { name: 'Cast', exact: true }).isEnabled()).toBe(true);
    await page.context().close();
  }, 60_000);

  it('with a receiver: local audio stops, the receiver gets the stream URL and metadata; a disconnect gives control back', async () => {
    const page = await openListenerPage(station.browser());
    await page.addInitScript(installFakeCastFramework, { device: DEVICE });
    await station.setTrack(`${TRACK.artist} - ${TRACK.title}`);
    await page.goto(station.server().url);
    await playAndWaitForSound(page);
    const nowPlaying = page.getByTestId('now-playing');
    await nowPlaying.getByText(TRACK.title, { exact: true }).waitFor();
    await nowPlaying.getByText(TRACK.artist, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Cast', exact: true }).click();
    await toast(page, `Connected to ${DEVICE}!`).waitFor();
    await castStatus(page).getByText(`Playing on ${DEVICE}`).waitFor();
    expect((await audioState(page)).paused).toBe(true);
    const loads = await fake(page, (control) => control.loads);
    expect(loads).toEqual<FakeCastLoad[]>([
      {
        contentId: station.icecast().mountUrl('/live'),
        contentType: 'audio/mpeg',
        streamType: 'LIVE',
        autoplay: true,
        title: TRACK.title,
        artist: TRACK.artist,
        albumName: expect.any(String) as string,
        images: expect.any(Array) as string[],
      },
    ]);
    expect(await fake(page, (control) => control.options)).toEqual([
      { receiverApplicationId: 'CC1AD845', autoJoinPolicy: 'origin_scoped' },
    ]);
    expect(await storedJson(page, 'playfm_cast_session')).toMatchObject({
      receiverName: DEVICE,
      isConnected: true,
    });
    expect(await seriousA11yViolations(page, CONTROL_CARD)).toEqual([]);

    // Play/pause and mute act on the receiver; the local element stays silent.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Mute' }).click();
    await page.getByRole('button', { name: 'Unmute' }).waitFor();
    expect(await fake(page, (control) => [control.playOrPauseCalls, control.muteOrUnmuteCalls])).toEqual([
      1, 1,
    ]);
    expect((await audioState(page)).paused).toBe(true);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    expect((await audioState(page)).paused).toBe(true);

    // Another sender (or the TV) ends the session.
    await fake(page, (control) => control.receiverEnds());
    await toast(page, 'Disconnected from Cast device').waitFor();
    await page.getByRole('button', { name: 'Cast', exact: true }).waitFor();
    expect(await storedJson(page, 'playfm_cast_session')).toBeNull();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForSound(page);
    await page.context().close();
  }, 60_000);

  it('stops casting from its button, rejoins a saved session after a reload, and names every failure', async () => {
    const page = await openListenerPage(station.browser());
    await page.addInitScript(installFakeCastFramework, { device: DEVICE });
    await page.goto(station.server().url);
    await page.getByRole('button', { name: 'Cast', exact: true }).click();
    await castStatus(page).getByText(`Playing on ${DEVICE}`).waitFor();

    // The framework's origin-scoped auto-join brings the session back after a reload.
    await page.reload();
    await fake(page, (control) => control.rejoin());
    await castStatus(page).getByText(`Playing on ${DEVICE}`).waitFor();
    await page.getByRole('button', { name: 'Stop casting' }).click();
    await toast(page, 'Disconnected from Cast device').waitFor();
    expect(await fake(page, (control) => control.endCalls)).toEqual([true]);

    await fake(page, (control) => (control.requestAnswer = 'receiver_unavailable'));
    await page.getByRole('button', { name: 'Cast', exact: true }).click();
    await castStatus(page).getByText('Cast device is currently unavailable').waitFor();
    expect(await seriousA11yViolations(page, CONTROL_CARD)).toEqual([]);

    // A request the picker never answers: the connecting state, as axe sees it.
    await fake(page, (control) => (control.requestAnswer = 'hang'));
    await page.getByRole('button', { name: 'Cast', exact: true }).click();
    const castButton = page.getByRole('button', { name: 'Cast', exact: true });
    await waitFor(
      'the Cast button to say it is busy connecting',
      async () => (await castButton.getAttribute('aria-busy')) === 'true',
    );
    expect(await seriousA11yViolations(page, CONTROL_CARD)).toEqual([]);
    await page.context().close();
  }, 60_000);
});
