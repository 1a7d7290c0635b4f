import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  installFakeCastFramework,
  type FakeCastControl,
} from '../../apps/web/src/lib/cast/fake-cast-framework.ts';
import { openListenerPage } from '../fixtures/listener.ts';
import { useServerAndBrowser } from '../fixtures/suite.ts';

const DEVICE = 'Living Room TV';
const fake = <T>(page: Page, read: (control: FakeCastControl) => T): Promise<T> =>
  page.evaluate(`(${read.toString()})(window.__fakeCast)`) as Promise<T>;

/**
 * The demo station streams from the server's own paths (`/demo/live`). A Cast receiver has no page
 * to resolve a path against, so it must be handed the absolute URL. Google's SDK is faked at the
 * window boundary (no internet here); the server, its demo stream and the app are real.
 */
describe('Cast on the demo station', () => {
  const { server, browser } = useServerAndBrowser();

  it('hands the receiver the absolute stream URL, not the path', async () => {
    const page = await openListenerPage(browser());
    await page.addInitScript(installFakeCastFramework, { device: DEVICE });
    await page.goto(server().url);
    await page.getByRole('button', { name: 'Cast', exact: true }).click();
    await page
      .getByRole('region', { name: 'Player' })
      .getByRole('status')
      .getByText(`Playing on ${DEVICE}`)
      .waitFor();
    expect(await fake(page, (control) => control.loads.map((load) => load.contentId))).toEqual([
      `${server().url}/demo/live`,
    ]);
    await page.context().close();
  });
});
