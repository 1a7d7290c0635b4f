import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForApp } from '../fixtures/browser.ts';
import { waitFor } from '../fixtures/ports.ts';
import { useIcecastStation } from '../fixtures/suite.ts';
import {
  audioState,
  openListenerPage,
  playerState,
  waitForPlayerState,
  waitForSound,
} from '../fixtures/listener.ts';

/** Spec §4 and §8 in a real Chromium against a real Icecast 2.4 fed by ffmpeg. */
describe('listening to a real Icecast', () => {
  const station = useIcecastStation();

  const { setTrack } = station;

  async function openAndPlay(): Promise<Page> {
    const page = await openListenerPage(station.browser());
    await page.goto(station.server().url);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
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

  it('opens the stream when the finger lands, plays that one on the click, and closes it if no click comes', async () => {
    const page = await openListenerPage(station.browser());
    const streamRequests: string[] = [];
    page.on('request', (request) => {
      // The live mount, or the archive's stream: a pause keeps the place heard once the recorder has
      // a window, so the next press asks for the rewind from there.
      const { pathname } = new URL(request.url());
      if (pathname === '/live' || pathname === '/api/rewind') streamRequests.push(request.url());
    });
    await page.goto(station.server().url);
    await waitForApp(page);
    const box = await page.getByRole('button', { name: 'Play', exact: true }).boundingBox();
    if (!box) throw new Error('Play has no box');
    const onPlay = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

    await page.mouse.move(onPlay.x, onPlay.y);
    await page.mouse.down();
    await expect.poll(() => streamRequests.length).toBe(1);
    expect(await playerState(page)).toBe('stopped');
    await page.mouse.up(); // the click
    await waitForSound(page);
    expect(streamRequests).toHaveLength(1);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await waitForPlayerState(page, (state) => state === 'stopped', 'the player stopped');
    // The next press opens a new stream once the player has let go of this one (a press during that
    // teardown opened none in a CI run: the click still plays, only the early open is missed).
    await expect.poll(async () => (await audioState(page)).src, { timeout: 10_000 }).toBe('');

    // A press that slides off Play is no click: the stream it opened is closed again.
    await page.mouse.move(onPlay.x, onPlay.y);
    await page.mouse.down();
    await expect.poll(() => streamRequests.length).toBe(2);
    await page.mouse.move(onPlay.x, onPlay.y + 200);
    await page.mouse.up();
    await expect.poll(async () => (await audioState(page)).src, { timeout: 10_000 }).toBe('');
    expect(await playerState(page)).toBe('stopped');
    await page.context().close();
  });

  // How soon it comes back follows the retry backoff (unit-tested in core's player machine) and the
  // machine's load, so the times are printed, not asserted (CI saw 5.1 s on a loaded machine).
  it('resumes by itself when the source comes back, and after an Icecast restart', async () => {
    const page = await openAndPlay();

    await station.icecast().stopSource('/live');
    await waitForPlayerState(page, (state) => state !== 'playing', 'to notice the source is gone');
    await station.icecast().startSource('/live', 192);
    let back = Date.now();
    await waitForPlayerState(page, (state) => state === 'playing', 'to play again');
    await waitForSound(page);
    const afterSourceMs = Date.now() - back;

    await station.icecast().stopServer();
    await waitForPlayerState(page, (state) => state !== 'playing', 'to notice Icecast is gone');
    await station.icecast().startServer();
    await station.icecast().startSource('/live', 192);
    await station.icecast().startSource('/live-hq', 320);
    back = Date.now();
    await waitForPlayerState(page, (state) => state === 'playing', 'to play after the restart');
    await waitForSound(page);
    console.log(`sound again ${afterSourceMs} ms after the source, ${Date.now() - back} ms after Icecast`);
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

  it('after an outage, plays again as soon as the network is back or the page is looked at, not after the backoff', async () => {
    const page = await openListenerPage(station.browser());
    await page.clock.install();
    await page.goto(station.server().url);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForSound(page);

    const restartIcecast = async () => {
      await station.icecast().startServer();
      await station.icecast().startSource('/live', 192);
      await station.icecast().startSource('/live-hq', 320);
    };
    const wakeWith = [
      () => window.dispatchEvent(new Event('online')),
      () => document.dispatchEvent(new Event('visibilitychange')), // headless pages are always 'visible'
    ];
    for (const wake of wakeWith) {
      await station.icecast().stopServer();
      try {
        await page.getByText(/^Lost the stream\. Reconnecting in \d+ s…$/).waitFor();
        // The page's clock stops here: its retry timer can never fire, only the wake-up can bring sound back.
        // pauseAt needs a moment ahead of the page's clock, which runs on while this round trip does;
        // a retry due meanwhile just fails once more against the stopped server.
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
        await waitForPlayerState(page, (state) => state === 'error', 'to wait for its retry timer');
      } finally {
        await restartIcecast(); // the next tests need it, whatever happened here
      }
      await page.evaluate(wake);
      await waitForPlayerState(page, (state) => state === 'playing', 'to play without waiting for its timer');
      await waitForSound(page);
      await page.clock.resume();
    }
    await page.context().close();
  });

  it('switches to the 320 kbps mount, plays it, and remembers the choice', async () => {
    const page = await openAndPlay();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.getByRole('radio', { name: /High/ }).check();
    await waitFor('a request to the 320 kbps mount', async () =>
      requested.some((url) => url.startsWith(station.icecast().mountUrl('/live-hq'))),
    );
    await waitForPlayerState(page, (state) => state === 'playing', 'to play the high mount');
    await waitForSound(page);

    await page.reload();
    // The stored choice is the listener's browser's: the app applies it over the server's prerender.
    await waitForApp(page);
    expect(await page.getByRole('radio', { name: /High/ }).isChecked()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('playfm_audio_quality'))).toBe('high');
    requested.length = 0;
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForSound(page);
    expect(requested.some((url) => url.startsWith(station.icecast().mountUrl('/live-hq')))).toBe(true);
    expect(requested.some((url) => url.startsWith(`${station.icecast().mountUrl('/live')}?`))).toBe(false);
    await page.context().close();
  });
});
