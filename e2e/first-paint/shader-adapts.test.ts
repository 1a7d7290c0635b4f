import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../fixtures/browser.ts';
import { waitFor } from '../fixtures/ports.ts';
import { useServerAndBrowser } from '../fixtures/suite.ts';

/** What each WebGL draw costs the fake slow device: a fixed part plus a part per thousand pixels. */
interface DrawCost {
  fixedMs: number;
  msPerKilopixel: number;
}

/** Makes every WebGL draw in this scope (page or worker) busy-wait for what `cost` says. */
function slowDraws(cost: DrawCost) {
  for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
    const draw = proto.drawArrays;
    proto.drawArrays = function (this: WebGLRenderingContext, ...args: Parameters<typeof draw>) {
      const { width, height } = this.canvas;
      const until = performance.now() + cost.fixedMs + ((width * height) / 1000) * cost.msPerKilopixel;
      while (performance.now() < until) {
        // busy: the draw's cost lands on the thread that draws, where the renderer measures it
      }
      draw.apply(this, args);
    };
  }
}

/**
 * Makes every WebGL draw cost time, as a slow GPU or software WebGL does, wherever the shader draws:
 * on the page, or in its worker, whose script gets the same patch in front.
 */
async function fakeSlowDraws(page: Page, cost: DrawCost): Promise<{ inWorker: () => boolean }> {
  await page.addInitScript(slowDraws, cost);
  let patched = false;
  await page.route(/\/assets\/shader-worker-[^/]+\.js$/, async (route) => {
    const response = await route.fetch();
    const patch = `(${slowDraws.toString()})(${JSON.stringify(cost)});\n`;
    await route.fulfill({ response, body: patch + (await response.text()) });
    patched = true;
  });
  return { inWorker: () => patched };
}

describe('the shader background on a slow device', () => {
  const { server, browser } = useServerAndBrowser();

  // What holds on any machine: a load on top of the fake device's cost only makes draws slower. Whether
  // the page then keeps animating at that size is the governor's judgement of whole frames, which a
  // loaded machine rightly turns into a still one ("expected 'still' to be 'running'" on CI): that
  // decision is pinned by shader-renderer.test.ts and frame-governor.test.ts with injected frame costs.
  it('draws fewer pixels when the cost follows the pixels, judged in the worker where it draws', async () => {
    const page = await openPage(browser());
    // ~9 ms a draw at full size (well over a quarter of a 60 fps frame), ~2 ms at half size.
    const device = await fakeSlowDraws(page, { fixedMs: 0, msPerKilopixel: 0.05 });
    await page.goto(server().url);
    const canvas = page.getByTestId('shader-background');
    await waitFor('a lower resolution', async () =>
      (await canvas.getAttribute('data-quality')) !== '0' ? true : null,
    );
    // The window is 844 px tall at a pixel ratio of 1: 640 px (the buffer's cap) at full quality.
    expect(await canvas.evaluate((element) => (element as HTMLCanvasElement).height)).toBeLessThanOrEqual(
      320,
    );
    // Chromium hands the canvas to the shader's worker: that is where the slow draws were measured.
    // (Polled: the worker may report before Playwright's route handler has returned.)
    await expect.poll(() => device.inWorker()).toBe(true);
    await page.context().close();
  });

  it('holds a still frame when even the cheapest step is too slow', async () => {
    const page = await openPage(browser());
    const device = await fakeSlowDraws(page, { fixedMs: 30, msPerKilopixel: 0 });
    await page.goto(server().url);
    const canvas = page.getByTestId('shader-background');
    await waitFor('a still frame', async () =>
      (await canvas.getAttribute('data-mode')) === 'still' ? true : null,
    );
    // The start's timed draws found even the cheapest step too slow: no step was animated.
    expect(await canvas.getAttribute('data-quality')).toBe('5');
    // Chromium hands the canvas to the shader's worker: that is where the slow draws were measured.
    expect(device.inWorker()).toBe(true);
    await page.context().close();
  });
});
