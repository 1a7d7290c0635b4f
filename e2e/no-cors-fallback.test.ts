import { describe, expect, it } from 'vitest';
import { audioState, openListenerPage, waitForSound } from './fixtures/listener.ts';
import { useIcecastStation } from './fixtures/suite.ts';

describe('a station whose Icecast sends no CORS headers', () => {
  const { icecast, server, browser } = useIcecastStation({ cors: false, high: false });

  it('really sends none: the browser will refuse fetch() of the mount', async () => {
    const controller = new AbortController();
    const response = await fetch(icecast().mountUrl('/live'), {
      headers: { origin: server().url },
      signal: controller.signal,
    });
    controller.abort(); // a live mount never ends; the headers are all this needs
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('falls back from fetch() to <audio src> on the mount, and sound plays', async () => {
    const page = await openListenerPage(browser());
    await page.goto(server().url);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await waitForSound(page, 30_000);
    // Not a blob: MediaSource URL (the fast path, which needs CORS) but the mount itself (with the
    // player's cache-busting query, so a stale buffered copy is never replayed).
    const src = new URL((await audioState(page)).src);
    expect(`${src.origin}${src.pathname}`).toBe(icecast().mountUrl('/live'));
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await page.context().close();
  });
});
