import { describe, expect, it } from 'vitest';
import { activateWhole } from './i18n/catalog.ts';
import { CHUNK_RETRY_DELAYS_MS, loadChunk, retryingLoad } from './load-chunk.ts';

/** A load that fails to arrive `failures` times (as a browser rejects a module it could not fetch), then gives `value`. */
function flaky<T>(failures: number, value: T) {
  let calls = 0;
  const load = () => {
    calls += 1;
    return calls <= failures
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Chat.js'))
      : Promise.resolve(value);
  };
  return { load, calls: () => calls };
}

describe('loading a split-out chunk', () => {
  it('tries a chunk that did not arrive again, after each wait in turn, until it comes', async () => {
    const waits: number[] = [];
    const { load, calls } = flaky(3, 'Chat');
    await expect(
      retryingLoad(load, [500, 1_000, 2_000, 4_000], async (ms) => void waits.push(ms)),
    ).resolves.toBe('Chat');
    expect(calls()).toBe(4);
    expect(waits).toEqual([500, 1_000, 2_000]);
  });

  it('gives the failure up after the last wait', async () => {
    const waits: number[] = [];
    const { load, calls } = flaky(10, 'Chat');
    await expect(retryingLoad(load, [500, 1_000], async (ms) => void waits.push(ms))).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
    expect(calls()).toBe(3);
    expect(waits).toEqual([500, 1_000]);
  });

  it('fails at once for a chunk that arrived and threw: trying again cannot help', async () => {
    let calls = 0;
    const broken = () => {
      calls += 1;
      return Promise.reject(new Error('Chat failed to start'));
    };
    await expect(retryingLoad(broken, [500], () => Promise.resolve())).rejects.toThrow(
      'Chat failed to start',
    );
    expect(calls).toBe(1);
  });

  it('waits about two minutes in all by default, never more than 30 s at a time', () => {
    const total = CHUNK_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeGreaterThanOrEqual(110_000);
    expect(total).toBeLessThanOrEqual(130_000);
    expect(Math.max(...CHUNK_RETRY_DELAYS_MS)).toBe(30_000);
  });
});

describe('a chunk whose stylesheet did not arrive', () => {
  it('has the failed <link> replaced by a new one, and draws once that one is in', async () => {
    await activateWhole('en'); // a chunk also waits for its part of the catalog
    const url = `${location.origin}/assets/Modal-x.css`;
    document.head.insertAdjacentHTML('beforeend', `<link rel="stylesheet" href="${url}">`);
    const failed = document.head.lastElementChild;
    // What Vite's preload helper does when a stylesheet fails: it tells the window, and throws unless told not to.
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error(`Unable to preload CSS for ${url}`),
    });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(failed?.isConnected).toBe(false);
    const links = () => [...document.querySelectorAll<HTMLLinkElement>(`link[href="${url}"]`)];
    expect(links()).toHaveLength(1);

    let drawn = false;
    const chunk = loadChunk(() => Promise.resolve('Modal'), 'src/ui/Modal.tsx').then(() => (drawn = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drawn).toBe(false);
    links()[0]?.dispatchEvent(new Event('load'));
    await chunk;
    expect(links()).toHaveLength(1);
  });
});
