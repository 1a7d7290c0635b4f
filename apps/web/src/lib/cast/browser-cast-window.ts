import type { CastGlobals } from './cast-api.ts';
import type { CastClock, CastWindow } from './cast-service.ts';

type CastPage = Window & {
  __onGCastApiAvailable?: (available: boolean) => void;
  cast?: { framework?: unknown };
  chrome?: { cast?: { media?: unknown } };
};

/** The real page behind CastWindow: a <script> tag, the sender's global callback and globals. */
export function browserCastWindow(page: CastPage = window): CastWindow {
  return {
    loadScript: (src) =>
      new Promise((resolve, reject) => {
        const script = page.document.createElement('script');
        script.src = src;
        script.async = true;
        script.onload = () => resolve();
        script.onerror = () => {
          script.remove();
          reject(new Error(`Could not load ${src}`));
        };
        page.document.head.append(script);
      }),
    onApiAvailable: (callback) => {
      page.__onGCastApiAvailable = callback;
    },
    globals: () =>
      page.cast?.framework && page.chrome?.cast?.media ? (page as unknown as CastGlobals) : null,
    probeStream: (url) => {
      // Icecast 2.4 answers 400 to HEAD (measured): the answer is only logged, never waited for.
      fetch(url, { method: 'HEAD', cache: 'no-store' }).then(
        (response) => {
          if (!response.ok) console.info(`Cast: HEAD ${url} answered ${response.status}`);
        },
        () => undefined,
      );
    },
  };
}

export const browserClock: CastClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout> | undefined),
};
