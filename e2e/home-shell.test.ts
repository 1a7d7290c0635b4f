import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './fixtures/suite.ts';
import { openPage } from './fixtures/browser.ts';
import { waitFor } from './fixtures/ports.ts';

describe('the app shell in Chromium', () => {
  const { server, browser } = useServerAndBrowser();

  it('shows the tagline over a background that WebGL draws', async () => {
    const page = await openPage(browser());
    await page.goto(server().url);
    // The tagline comes from /api/station, so it proves the real server answered the built app.
    await page.getByText('24/7 From Ireland With Love').first().waitFor({ state: 'visible' });
    const canvas = page.getByTestId('shader-background');
    // The renderer starts after the screen, in its worker: its first report says which it is.
    expect(await waitFor('a renderer', async () => canvas.getAttribute('data-renderer'))).toBe('webgl');
    const drawn = async () => Number(await canvas.getAttribute('data-frames'));
    const first = await waitFor('a first frame drawn', async () => ((await drawn()) > 0 ? drawn() : null));
    // Then it animates, or — on a machine too slow for even its cheapest step (software WebGL on a
    // busy 2-core CI machine) — its governor settles on the still frame it already drew (the
    // stepping itself: first-paint/shader-adapts.test.ts).
    const settled = await waitFor('more frames drawn, or a still frame', async () => {
      if ((await drawn()) > first) return 'running';
      return (await canvas.getAttribute('data-mode')) === 'still' ? 'still' : null;
    });
    if (settled === 'still') expect(await canvas.getAttribute('data-quality')).toBe('5');
    // The pixels are really drawn: WebGL reports no error and the canvas has a size.
    const size = await canvas.evaluate((element) => [
      (element as HTMLCanvasElement).width,
      (element as HTMLCanvasElement).height,
    ]);
    expect(size[0]).toBeGreaterThan(0);
    expect(size[1]).toBeGreaterThan(0);
    await page.context().close();
  });

  it("shows the router's own error page on an unknown path", async () => {
    const page = await openPage(browser());
    await page.goto(`${server().url}/nope`);
    await page.getByText('Unexpected Application Error!').waitFor({ state: 'visible' });
    expect(await page.getByText('404 Not Found').count()).toBe(1);
    await page.context().close();
  });
});
