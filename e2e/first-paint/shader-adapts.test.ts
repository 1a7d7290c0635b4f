import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from '../fixtures/browser.ts';
import { waitFor } from '../fixtures/ports.ts';
import { useServerAndBrowser } from '../fixtures/suite.ts';

/**
 * Makes every WebGL draw cost main-thread time, as a slow GPU or software WebGL does: a busy wait of
 * `fixedMs` plus `msPerKilopixel` for each thousand pixels of the drawing buffer.
 */
async function fakeSlowDraws(page: Page, cost: { fixedMs: number; msPerKilopixel: number }) {
  await page.addInitScript((c) => {
    for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
      const draw = proto.drawArrays;
      proto.drawArrays = function (this: WebGLRenderingContext, ...args: Parameters<typeof draw>) {
        const canvas = this.canvas as HTMLCanvasElement;
        const until = performance.now() + c.fixedMs + ((canvas.width * canvas.height) / 1000) * c.msPerKilopixel;
        while (performance.now() < until) {
          // busy: the draw's cost lands on the main thread, where the renderer measures it
        }
        draw.apply(this, args);
      };
    }
  }, cost);
}

describe('the shader background on a slow device', () => {
  const { server, browser } = useServerAndBrowser();

  it('draws fewer pixels when the cost follows the pixels, and keeps animating', async () => {
    const page = await openPage(browser());
    // ~9 ms a draw at full size (well over a quarter of a 60 fps frame), ~2 ms at half size.
    await fakeSlowDraws(page, { fixedMs: 0, msPerKilopixel: 0.05 });
    await page.goto(server().url);
    const canvas = page.getByTestId('shader-background');
    await waitFor('a lower resolution', async () => ((await canvas.getAttribute('data-quality')) !== '0' ? true : null));
    expect(await canvas.getAttribute('data-mode')).toBe('running');
    // The window is 844 px tall at a pixel ratio of 1: 640 px (the buffer's cap) at full quality.
    expect(await canvas.evaluate((element) => (element as HTMLCanvasElement).height)).toBeLessThanOrEqual(320);
    const frames = Number(await canvas.getAttribute('data-frames'));
    await waitFor('frames still drawn', async () => (Number(await canvas.getAttribute('data-frames')) > frames ? true : null));
    await page.context().close();
  });

  it('holds a still frame when even the cheapest step is too slow', async () => {
    const page = await openPage(browser());
    await fakeSlowDraws(page, { fixedMs: 30, msPerKilopixel: 0 });
    await page.goto(server().url);
    const canvas = page.getByTestId('shader-background');
    await waitFor('a still frame', async () => ((await canvas.getAttribute('data-mode')) === 'still' ? true : null));
    // The start's timed draws found even the cheapest step too slow: no step was animated.
    expect(await canvas.getAttribute('data-quality')).toBe('5');
    await page.context().close();
  });
});
