import { rewindWindowSchema, trackHistorySchema } from '@onair/core';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { installFakeCastFramework } from '../../apps/web/src/lib/cast/fake-cast-framework.ts';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { audioState, openListenerPage, playAndWaitForSound, waitForSound } from '../fixtures/listener.ts';
import { waitFor } from '../fixtures/ports.ts';
import { useIcecastStation } from '../fixtures/suite.ts';

/** How much the archive must hold before the page opens: more than one Back 30 seconds past the live margin. */
const RECORDED_MS = 50_000;

/** The instant an /api/rewind request asks for, or null for any other request. */
const rewoundTo = (request: Request): number | null => {
  const url = new URL(request.url());
  return url.pathname === '/api/rewind' ? Number(url.searchParams.get('at')) : null;
};

/**
 * Live rewind on Home against a real Icecast fed by ffmpeg, the server recording it: the timeline's
 * buttons, the scrubber and Recently played's Play from here each open the archive's stream at the
 * right instant, and sound follows.
 */
describe('live rewind', () => {
  const station = useIcecastStation({ high: false });

  async function recorded(): Promise<number> {
    return waitFor(
      'the archive to hold enough to rewind',
      async () => {
        const window = rewindWindowSchema.parse(
          await (await fetch(`${station.server().url}/api/rewind/window`)).json(),
        );
        return window.earliestAt !== null && window.earliestAt <= Date.now() - RECORDED_MS
          ? window.earliestAt
          : null;
      },
      90_000,
    );
  }

  async function openHome(): Promise<Page> {
    const page = await openListenerPage(station.browser());
    await page.goto(station.server().url);
    await page.getByRole('group', { name: 'Live rewind' }).waitFor({ timeout: 20_000 });
    return page;
  }

  /** Clicks `name` and returns the instant of the /api/rewind request it makes. */
  async function rewindBy(page: Page, name: string): Promise<number> {
    const [request] = await Promise.all([
      page.waitForRequest((candidate) => rewoundTo(candidate) !== null),
      page.getByRole('button', { name, exact: true }).click(),
    ]);
    return rewoundTo(request) ?? Number.NaN;
  }

  it(
    'Back 30 seconds, Go live and Restart this show, with how far behind live',
    { timeout: 180_000 },
    async () => {
      const earliest = await recorded();
      const page = await openHome();
      expect(await page.getByRole('button', { name: 'Go live' }).count()).toBe(0);
      await playAndWaitForSound(page);

      const clicked = Date.now();
      const back = await rewindBy(page, 'Back 30 seconds');
      // 30 s before what was heard: the live edge less the player's buffer (a few seconds).
      expect(clicked - back).toBeGreaterThanOrEqual(30_000);
      expect(clicked - back).toBeLessThan(45_000);
      await waitForSound(page, 20_000);
      await page.getByText(/^You’re \d+ s behind live$/).waitFor();
      expect((await audioState(page)).paused).toBe(false);

      const [live] = await Promise.all([
        page.waitForRequest((request) => new URL(request.url()).pathname === '/live'),
        page.getByRole('button', { name: 'Go live' }).click(),
      ]);
      expect(live.url()).toContain(station.icecast().mountUrl('/live'));
      await page.getByRole('button', { name: 'Go live' }).waitFor({ state: 'detached' });
      await waitForSound(page, 20_000);

      // The demo schedule's slot began hours before this archive: the show restarts at its oldest instant.
      const restart = await rewindBy(page, 'Restart this show');
      expect(Math.abs(restart - earliest)).toBeLessThan(5_000);
      await waitForSound(page, 20_000);
      await page.getByRole('button', { name: 'Go live' }).waitFor();
      expect(await seriousA11yViolations(page, '.home-controls')).toEqual([]);
      await page.context().close();
    },
  );

  it(
    'the scrubber by keyboard names the show and time under the thumb and plays from there',
    { timeout: 120_000 },
    async () => {
      await recorded();
      const page = await openHome();
      const scrubber = page.getByRole('slider', { name: 'Position in the last hours' });
      expect(await scrubber.getAttribute('aria-valuetext')).toMatch(/, live$/);
      await scrubber.focus();
      const [request] = await Promise.all([
        page.waitForRequest((candidate) => rewoundTo(candidate) !== null),
        page.keyboard.press('ArrowLeft'),
      ]);
      expect(Date.now() - (rewoundTo(request) ?? 0)).toBeGreaterThanOrEqual(25_000);
      expect(await scrubber.getAttribute('aria-valuetext')).toMatch(/, \d\d:\d\d, \d+ s behind live$/);
      await waitForSound(page, 20_000);
      await page.context().close();
    },
  );

  it(
    "a rewind the archive refuses shows the server's reason, not Reconnecting…, and Go live still plays",
    { timeout: 120_000 },
    async () => {
      await recorded();
      const page = await openHome();
      await playAndWaitForSound(page);
      // A device clock running ahead asks for a moment not yet broadcast: the real server refuses it.
      let rewinds = 0;
      const isRewind = (url: URL) => url.pathname === '/api/rewind';
      await page.route(isRewind, (route) => {
        rewinds += 1;
        const url = new URL(route.request().url());
        url.searchParams.set('at', String(Date.now() + 60_000));
        return route.continue({ url: url.href });
      });
      const [refusal] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === '/api/rewind'),
        page.getByRole('button', { name: 'Back 30 seconds', exact: true }).click(),
      ]);
      expect(refusal.status()).toBe(416);
      const status = page.locator('.home-controls__status');
      await page.getByText('That moment has not been broadcast yet.').waitFor({ timeout: 10_000 });
      // It stays: no retry (the first comes after 1 s) asks again and says "Reconnecting…".
      await page.waitForTimeout(3_000);
      expect(rewinds).toBe(1);
      expect(await status.textContent()).toBe('That moment has not been broadcast yet.');
      expect(await page.getByRole('button', { name: 'Play', exact: true }).count()).toBe(1);

      await page.unroute(isRewind);
      const [live] = await Promise.all([
        page.waitForRequest((request) => new URL(request.url()).pathname === '/live'),
        page.getByRole('button', { name: 'Go live' }).click(),
      ]);
      expect(live.url()).toContain(station.icecast().mountUrl('/live'));
      await waitForSound(page, 20_000);
      expect(await status.textContent()).toBe('Live now');
      await page.context().close();
    },
  );

  it(
    "rewinds on a Cast receiver: it gets the archive's absolute /api/rewind URL, Go live the live mount",
    { timeout: 120_000 },
    async () => {
      await recorded();
      const page = await openListenerPage(station.browser());
      await page.addInitScript(installFakeCastFramework, { device: 'Kitchen' });
      await page.goto(station.server().url);
      await page.getByRole('group', { name: 'Live rewind' }).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Cast', exact: true }).click();
      await page.getByRole('region', { name: 'Player' }).getByText('Playing on Kitchen').waitFor();
      const loads = () =>
        page.evaluate('window.__fakeCast.loads') as Promise<Array<{ contentId: string; streamType: string }>>;

      // Nothing plays locally while casting: 30 s back from the live edge at the click.
      const before = Date.now();
      await page.getByRole('button', { name: 'Back 30 seconds', exact: true }).click();
      const after = Date.now();
      await waitFor('the receiver to get the rewind', async () =>
        (await loads()).length >= 2 ? true : null,
      );
      const rewind = (await loads()).at(-1);
      const url = new URL(rewind?.contentId ?? '');
      expect(url.origin + url.pathname).toBe(`${station.server().url}/api/rewind`);
      const at = Number(url.searchParams.get('at'));
      expect(after - at).toBeGreaterThanOrEqual(30_000);
      expect(before - at).toBeLessThanOrEqual(30_000);
      expect(rewind?.streamType).toBe('LIVE');
      // The receiver plays it: the page's own element stays silent.
      expect((await audioState(page)).paused).toBe(true);
      // A real receiver fetches that URL: the server streams audio from there.
      const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('audio/mpeg');
      await answer.body?.cancel();

      await page.getByRole('button', { name: 'Go live' }).click();
      await waitFor('the receiver to go live', async () => ((await loads()).length >= 3 ? true : null));
      expect((await loads()).at(-1)?.contentId).toBe(station.icecast().mountUrl('/live'));
      await page.context().close();
    },
  );

  it('Play from here plays a song of Recently played from when it began', { timeout: 120_000 }, async () => {
    await station.setTrack('Aoife Ní Mhurchú - Sunrise');
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    await station.setTrack('Niamh - Moonrise');
    await recorded();
    const history = trackHistorySchema.parse(
      await (await fetch(`${station.server().url}/api/now-playing/history`)).json(),
    );
    const sunrise = history.tracks.find((track) => track.title === 'Sunrise');
    if (!sunrise) throw new Error('Sunrise is not in the history');

    const page = await openHome();
    const row = page
      .getByRole('region', { name: 'Recently played' })
      .getByRole('listitem')
      .filter({ hasText: 'Sunrise' });
    const [request] = await Promise.all([
      page.waitForRequest((candidate) => rewoundTo(candidate) !== null),
      row.getByRole('button', { name: 'Play from here' }).click(),
    ]);
    expect(rewoundTo(request)).toBe(Date.parse(sunrise.startedAt));
    await waitForSound(page, 20_000);
    // What is heard is Sunrise again: the title follows the rewound position, not the live one.
    await page.getByTestId('now-playing').getByText('Sunrise').waitFor();
    await page.getByRole('button', { name: 'Go live' }).waitFor();
    await page.context().close();
  });
});
