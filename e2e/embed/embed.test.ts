import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { openListenerPage } from '../fixtures/listener.ts';
import { waitFor } from '../fixtures/ports.ts';
import { useIcecastStation } from '../fixtures/suite.ts';

/**
 * A station's own website: a page on another origin that frames the player with the snippet from
 * the README (`?src=` the player's URL, `&width=` the iframe's width).
 */
async function startWebsite(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    const src = (query.get('src') ?? '').replace(/"/g, '');
    const width = Number(query.get('width') ?? '400');
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html lang="en"><title>Harbour Radio's website</title><main><h1>Listen live</h1>
<iframe src="${src}" title="Radio player" width="${width}" height="140" style="border:0" allow="autoplay"></iframe></main></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const allowedSite = await startWebsite();
const otherSite = await startWebsite();

async function playerFrame(page: Page): Promise<Frame> {
  return waitFor(
    'the player frame',
    async () => page.frames().find((frame) => frame.url().includes('/embed')) ?? null,
  );
}

describe('the embeddable player', () => {
  const station = useIcecastStation({ high: false, env: { EMBED_ALLOWED_ORIGINS: allowedSite.origin } });
  afterAll(() => {
    allowedSite.server.close();
    otherSite.server.close();
  });

  it('plays inside an <iframe> on an allowed website, in the station’s colours, with now playing and up next', async () => {
    await station.icecast().setTitle('/live', 'Ciarán Mac Giolla - Tonnta');
    const page = await openListenerPage(station.browser());
    await page.goto(
      `${allowedSite.origin}/?src=${encodeURIComponent(`${station.server().url}/embed`)}&width=320`,
    );
    const frame = await playerFrame(page);
    const player = page.frameLocator('iframe[title="Radio player"]');
    await player.getByTestId('embed-now-playing').getByText('Tonnta').waitFor({ timeout: 40_000 });
    await player.getByRole('button', { name: 'Play' }).click();
    await player.getByRole('button', { name: 'Pause' }).waitFor();
    await waitFor(
      'sound in the frame',
      async () =>
        frame.evaluate(() => {
          const audio = document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]');
          return audio !== null && !audio.paused && audio.currentTime > 0.5;
        }),
      30_000,
    );
    const look = await frame.evaluate(() => ({
      background: document.documentElement.style.getPropertyValue('--embed-bg'),
      overflows: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    }));
    expect(look).toEqual({ background: '#12061f', overflows: false });
    expect(await player.getByTestId('embed-up-next').textContent()).not.toContain('…');
    const appLink = player.getByRole('link', { name: 'Open From Ireland With Love' });
    expect(await appLink.getAttribute('href')).toBe('/');
    expect(await appLink.getAttribute('target')).toBe('_blank');
    expect(await seriousA11yViolations(frame)).toEqual([]);

    await player.getByRole('button', { name: 'Pause' }).click();
    await player.getByRole('button', { name: 'Play' }).waitFor();
    await page.context().close();
  });

  it('fits a 600 px wide frame too', async () => {
    const page = await openListenerPage(station.browser(), { viewport: { width: 800, height: 400 } });
    await page.goto(
      `${allowedSite.origin}/?src=${encodeURIComponent(`${station.server().url}/embed`)}&width=600`,
    );
    const frame = await playerFrame(page);
    await page.frameLocator('iframe[title="Radio player"]').getByRole('button', { name: 'Play' }).waitFor();
    expect(
      await frame.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    await page.context().close();
  });

  it('speaks the listener’s language: Irish for a browser set to ga-IE', async () => {
    const page = await openListenerPage(station.browser(), { locale: 'ga-IE' });
    await page.goto(
      `${allowedSite.origin}/?src=${encodeURIComponent(`${station.server().url}/embed`)}&width=320`,
    );
    const frame = await playerFrame(page);
    const player = page.frameLocator('iframe[title="Radio player"]');
    await player.getByRole('button', { name: 'Seinn' }).waitFor();
    await player.getByText('Ag Seinm Anois').waitFor();
    await player.getByText('Ar aghaidh', { exact: true }).waitFor();
    await player.getByRole('link', { name: 'Oscail From Ireland With Love' }).waitFor();
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe('ga');
    expect(await seriousA11yViolations(frame)).toEqual([]);
    await page.context().close();
  });

  it('is refused inside an <iframe> on any other website', async () => {
    const page = await openListenerPage(station.browser());
    await page.goto(`${otherSite.origin}/?src=${encodeURIComponent(`${station.server().url}/embed`)}`);
    // Chromium replaces a frame its CSP frame-ancestors refuses with an error page: no player in it.
    const frame = await waitFor(
      'the refused frame',
      async () =>
        page
          .frames()
          .find(
            (candidate) => candidate !== page.mainFrame() && candidate.url().startsWith('chrome-error://'),
          ) ?? null,
    );
    expect(await frame.getByRole('button', { name: 'Play' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps the full app unframeable even for the allowed website', async () => {
    const page = await openListenerPage(station.browser());
    await page.goto(`${allowedSite.origin}/?src=${encodeURIComponent(`${station.server().url}/`)}`);
    await waitFor(
      'the refused app frame',
      async () =>
        page
          .frames()
          .find(
            (candidate) => candidate !== page.mainFrame() && candidate.url().startsWith('chrome-error://'),
          ) ?? null,
    );
    await page.context().close();
  });
});
