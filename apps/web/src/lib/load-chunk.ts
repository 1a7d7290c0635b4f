import { afterMessages } from './i18n/catalog.ts';

/*
 * How the app's split-out chunks arrive (a lazy screen or dialog, the live player…): the build turns
 * each of the app's `import('./X')` into `loadChunk(() => import('./X'), 'src/…/X')`
 * (vite-catalog-parts.ts), the second naming the chunk's part of the catalog.
 * A chunk asked for while the server restarts (a deploy) or the network drops for a moment fails to
 * arrive; React.lazy keeps that failure for good, and the screen was the router's error page until a
 * reload. Browsers fetch a module that failed again when it is imported again, so it is tried again.
 */

/** The waits before each new try of a chunk that did not arrive: about two minutes in all. */
export const CHUNK_RETRY_DELAYS_MS: readonly number[] = [
  500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 30_000, 30_000,
];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `load()`, tried again after each of `delaysMs` while it fails to arrive (browsers reject a module
 * or a stylesheet that did not arrive with a TypeError). A chunk that arrived and threw fails at once,
 * and one still missing after the last wait fails with its error.
 */
export async function retryingLoad<T>(
  load: () => Promise<T>,
  delaysMs: readonly number[] = CHUNK_RETRY_DELAYS_MS,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (!(error instanceof TypeError) || delay === undefined) throw error;
      await wait(delay);
    }
  }
}

/** The chunks' stylesheets that failed once and are being fetched again, by URL. */
const arrivingStylesheets = new Map<string, Promise<void>>();
const MISSING_STYLESHEET = /^Unable to preload CSS for (.+)$/;

function insertStylesheet(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = url;
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => {
      link.remove();
      reject(new TypeError(`The stylesheet ${url} did not arrive`));
    });
    document.head.append(link);
  });
}

/**
 * Vite inserts a chunk's stylesheets before its import() and fails the import when one does not
 * arrive, then never inserts that one again. It is fetched again here, until it arrives (the failed
 * <link> taken out), while the import goes on: `loadChunk` waits for it before the chunk draws.
 */
function refetchMissingStylesheet(event: Event & { payload?: unknown }): void {
  const url =
    event.payload instanceof Error ? MISSING_STYLESHEET.exec(event.payload.message)?.[1] : undefined;
  if (url === undefined) return;
  event.preventDefault();
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))
    if (link.href === url) link.remove();
  if (arrivingStylesheets.has(url)) return;
  const arriving = retryingLoad(() => insertStylesheet(url));
  arrivingStylesheets.set(url, arriving);
  // Arrived, or given up (the chunk then draws without it): no longer waited for.
  const settled = () => void arrivingStylesheets.delete(url);
  arriving.then(settled, settled);
}

if (typeof window !== 'undefined') window.addEventListener('vite:preloadError', refetchMissingStylesheet);

/**
 * Split-out `chunk` (its module, relative to the app's folder): once its part of the catalog is in
 * (so it never shows a message id) and its stylesheets are in, tried again until it arrives.
 */
export const loadChunk = <T>(load: () => Promise<T>, chunk: string): Promise<T> =>
  retryingLoad(async () => {
    const module = await afterMessages(load(), chunk);
    await Promise.allSettled(arrivingStylesheets.values());
    return module;
  });
