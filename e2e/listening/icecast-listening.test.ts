import { nowPlayingSchema } from '@onair/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../fixtures/browser.ts';
import { IcecastFixture } from '../fixtures/icecast.ts';
import { waitFor } from '../fixtures/ports.ts';
import { ServerFixture } from '../fixtures/server.ts';
import {
  audioState,
  openListenerPage,
  playerState,
  waitForPlayerState,
  waitForSound,
} from '../fixtures/listener.ts';

/** Spec §4 and §8 in a real Chromium against a real Icecast 2.4 fed by ffmpeg. */
describe('listening to a real Icecast', () => {
  let icecast: IcecastFixture;
  let server: ServerFixture;
  let browser: Browser;

  beforeAll(async () => {
    icecast = await IcecastFixture.start();
    await icecast.startSource('/live', 192);
    await icecast.startSource('/live-hq', 320);
    server = await ServerFixture.start({
      STREAM_STANDARD_URL: icecast.mountUrl('/live'),
      STREAM_HIGH_URL: icecast.mountUrl('/live-hq'),
      STATUS_URL: icecast.statusUrl,
    });
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await icecast?.stop();
  });

  async function setTrack(song: string): Promise<void> {
    // Whichever mount Icecast lists first is the one read (spec §3), so both carry the title.
    await icecast.setTitle('/live', song);
    await icecast.setTitle('/live-hq', song);
    await waitFor(`the server to pick up "${song}"`, async () => {
      const body = nowPlayingSchema.parse(await (await fetch(`${server.url}/api/now-playing`)).json());
      return `${body.artist} - ${body.title}` === song;
    });
  }

  async function openAndPlay(): Promise<Page> {
    const page = await openListenerPage(browser);
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Play' }).click();
    await waitForSound(page);
    return page;
  }

  it('plays on a click, and shows the track set on Icecast, fadas and all, on Home and in the Media Session', async () => {
    await setTrack('Seán Ó Briain - Éire Abú');
    const page = await openAndPlay();
    expect(await playerState(page)).toBe('playing');
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    const track = page.getByTestId('now-playing');
    await track.getByText('Éire Abú').waitFor();
    await track.getByText('Seán Ó Briain').waitFor();
    const metadata = await page.evaluate(() => {
      const m = navigator.mediaSession.metadata;
      return m ? { title: m.title, artist: m.artist } : null;
    });
    expect(metadata).toEqual({ title: 'Éire Abú', artist: 'Seán Ó Briain' });
    expect((await audioState(page)).src).toMatch(/^blob:/); // the MediaSource fast path
    await page.context().close();
  });

  it('resumes by itself within 5 s when the source comes back, and after an Icecast restart', async () => {
    const page = await openAndPlay();

    await icecast.stopSource('/live');
    await waitForPlayerState(page, (state) => state !== 'playing', 'to notice the source is gone');
    await icecast.startSource('/live', 192);
    let back = Date.now();
    await waitForPlayerState(page, (state) => state === 'playing', 'to play again');
    await waitForSound(page);
    expect(Date.now() - back).toBeLessThan(5_000);

    await icecast.stopServer();
    await waitForPlayerState(page, (state) => state !== 'playing', 'to notice Icecast is gone');
    await icecast.startServer();
    await icecast.startSource('/live', 192);
    await icecast.startSource('/live-hq', 320);
    back = Date.now();
    await waitForPlayerState(page, (state) => state === 'playing', 'to play after the restart');
    await waitForSound(page);
    expect(Date.now() - back).toBeLessThan(5_000);
    expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(1);
    await page.context().close();
  });

  it('pauses with an error when offline, and plays again when back online', async () => {
    const page = await openAndPlay();
    const cdp = await page.context().newCDPSession(page);
    const network = (offline: boolean) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

    await network(true);
    const offlineText = page.getByText('You’re offline. Playback will resume when you’re back online.');
    await offlineText.waitFor();
    expect(await playerState(page)).toBe('error');
    expect((await audioState(page)).paused).toBe(true);

    await network(false);
    await offlineText.waitFor({ state: 'detached' });
    await waitForPlayerState(page, (state) => state === 'playing', 'to play once online');
    await waitForSound(page);
    await page.context().close();
  });

  it('switches to the 320 kbps mount, plays it, and remembers the choice', async () => {
    const page = await openAndPlay();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.getByRole('radio', { name: /High/ }).check();
    await waitFor('a request to the 320 kbps mount', async () =>
      requested.some((url) => url.startsWith(icecast.mountUrl('/live-hq'))),
    );
    await waitForPlayerState(page, (state) => state === 'playing', 'to play the high mount');
    await waitForSound(page);

    await page.reload();
    expect(await page.getByRole('radio', { name: /High/ }).isChecked()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('playfm_audio_quality'))).toBe('high');
    requested.length = 0;
    await page.getByRole('button', { name: 'Play' }).click();
    await waitForSound(page);
    expect(requested.some((url) => url.startsWith(icecast.mountUrl('/live-hq')))).toBe(true);
    expect(requested.some((url) => url.startsWith(`${icecast.mountUrl('/live')}?`))).toBe(false);
    await page.context().close();
  });
});
