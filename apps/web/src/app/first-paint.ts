/** The longest the app waits for the prerender's first paint: a safety net, not a schedule. */
export const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Resolves once the prerendered screen in `container` is on screen, so the app's code (parsing and
 * running it holds a slow phone for a second) never delays what the listener came for. "On screen" is
 * the first contentful paint as the browser reports it once the frame is shown: a frame merely begun
 * (requestAnimationFrame) is not drawn yet, and the app's first task would hold it back.
 *
 * At once when there is nothing to show (the dev server, the offline shell) or the page is hidden
 * (it gets no frames until the listener looks); after FIRST_PAINT_WAIT_MS at the latest.
 */
export function afterFirstPaint(
  container: HTMLElement,
  win: Window & typeof globalThis = window,
): Promise<void> {
  return new Promise((resolve) => {
    const { document } = win;
    if (!container.hasChildNodes() || document.visibilityState !== 'visible') return resolve();
    if (!win.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
      win.requestAnimationFrame(() => win.setTimeout(resolve, 0));
      return;
    }
    const shown = () => {
      observer.disconnect();
      win.clearTimeout(timer);
      document.removeEventListener('visibilitychange', shown);
      resolve();
    };
    const observer = new win.PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) shown();
    });
    observer.observe({ type: 'paint', buffered: true });
    const timer = win.setTimeout(shown, FIRST_PAINT_WAIT_MS);
    document.addEventListener('visibilitychange', shown);
  });
}
