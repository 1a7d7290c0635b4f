import { createServer, type Server } from 'node:http';
import { nowPlayingSchema, type NowPlaying } from '@onair/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServerAndBrowser } from '../fixtures/suite.ts';
import { launchBrowser } from '../fixtures/browser.ts';
import { IcecastFixture } from '../fixtures/icecast.ts';
import { freePort, waitFor } from '../fixtures/ports.ts';
import { ServerFixture } from '../fixtures/server.ts';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { audioState, openListenerPage, waitForSound } from '../fixtures/listener.ts';

describe('Home on the demo station', () => {
  const { server, browser } = useServerAndBrowser();

  it('shows the show on in Dublin to a listener in New York, and flips at the slot boundary', async () => {
    const page = await openListenerPage(browser(), { timezoneId: 'America/New_York' });
    // Monday 2 March 2026, 18:59:30 in Dublin (GMT) is 13:59:30 in New York, where the replays would be on.
    await page.clock.install({ time: new Date('2026-03-02T18:59:30Z') });
    await page.goto(server().url);
    await page.getByRole('heading', { name: 'Grace Kavanagh' }).waitFor();
    expect(await page.getByText('On Air', { exact: true }).count()).toBe(1);
    const upNext = page.getByRole('region', { name: /^Up next from:/ });
    await upNext.getByText('Aoife Ní Mhurchú').waitFor();
    expect(await upNext.getByText('19:00 – 20:30').count()).toBe(1);

    await page.clock.fastForward('00:45');
    await page.getByRole('heading', { name: 'Aoife Ní Mhurchú' }).waitFor();
    await upNext.getByText('Seán Ó Briain').waitFor();
    await page.context().close();
  });

  it('has no serious or critical axe violations, and plays, pauses and mutes from the keyboard', async () => {
    const page = await openListenerPage(browser());
    await page.goto(server().url);
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    for (let presses = 0; presses < 40 && (await focusedName()) !== 'Play'; presses += 1)
      await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Play');
    await page.keyboard.press('Enter');
    await waitForSound(page);
    expect(await focusedName()).toBe('Pause');

    await page.keyboard.press('Shift+Tab');
    expect(await focusedName()).toBe('Mute');
    await page.keyboard.press('Space');
    expect(await focusedName()).toBe('Unmute');
    expect((await audioState(page)).volume).toBe(0);
    await page.keyboard.press('Space');
    expect((await audioState(page)).volume).toBe(1);

    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Pause');
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
    expect((await audioState(page)).paused).toBe(true);
    await page.context().close();
  });
});

/**
 * Spec §7 #5 / §8: failures of the status feed keep the last track. The server reads Icecast
 * through a switch that can also answer HTML (a proxy's error page), as happens in the field.
 */
describe('now-playing when the status feed fails', () => {
  let icecast: IcecastFixture;
  let server: ServerFixture;
  let browser: Browser;
  let feed: Server;
  let mode: 'icecast' | 'html' = 'icecast';

  beforeAll(async () => {
    icecast = await IcecastFixture.start();
    await icecast.startSource('/live', 192);
    const feedPort = await freePort();
    feed = createServer((request, response) => {
      if (mode === 'html') {
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<html><body>502 Bad Gateway</body></html>');
        return;
      }
      fetch(icecast.statusUrl, { headers: { accept: 'application/json' } }).then(
        async (upstream) => {
          response.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? '' });
          response.end(await upstream.text());
        },
        () => request.socket.destroy(), // Icecast is down: so is the feed
      );
    });
    await new Promise<void>((resolve) => feed.listen(feedPort, '127.0.0.1', resolve));
    server = await ServerFixture.start({
      STREAM_STANDARD_URL: icecast.mountUrl('/live'),
      STATUS_URL: `http://127.0.0.1:${feedPort}/status-json.xsl`,
    });
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => feed?.close(resolve));
    await icecast?.stop();
  });

  async function serverNowPlaying(): Promise<NowPlaying> {
    return nowPlayingSchema.parse(await (await fetch(`${server.url}/api/now-playing`)).json());
  }

  /** The app polls every 30 s, and at once when the page becomes visible again: use the latter. */
  async function pollAgain(page: Page): Promise<void> {
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/now-playing'));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await answered;
  }

  it('keeps the previous track on screen while Icecast is down and while the feed answers HTML', async () => {
    await icecast.setTitle('/live', 'Róisín Dubh Soundsystem - Hold Me Closer');
    await waitFor(
      'the server to read the track',
      async () => (await serverNowPlaying()).title === 'Hold Me Closer',
    );
    const page = await openListenerPage(browser);
    await page.goto(server.url);
    const track = page.getByTestId('now-playing');
    await track.getByText('Hold Me Closer').waitFor();

    await icecast.stopServer();
    await waitFor('a network error', async () => (await serverNowPlaying()).error?.kind === 'network');
    await pollAgain(page);
    expect(await track.getByText('Hold Me Closer').count()).toBe(1);
    expect(await track.getByText('Róisín Dubh Soundsystem').count()).toBe(1);

    await icecast.startServer();
    mode = 'html';
    await waitFor(
      'a content-type error',
      async () => (await serverNowPlaying()).error?.kind === 'content-type',
    );
    await pollAgain(page);
    expect(await track.getByText('Hold Me Closer').count()).toBe(1);
    expect(await serverNowPlaying()).toMatchObject({
      title: 'Hold Me Closer',
      artist: 'Róisín Dubh Soundsystem',
    });

    // Icecast back without a source: 'no source', and still the same track.
    mode = 'icecast';
    await waitFor('a no-source error', async () => (await serverNowPlaying()).error?.kind === 'no-source');
    await pollAgain(page);
    expect(await track.getByText('Hold Me Closer').count()).toBe(1);
    await page.context().close();
  });
});
