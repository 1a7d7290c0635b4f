import { SW_ACTIVATION_TIMEOUT_MS, SW_UPDATE_CHECK_MS } from '@onair/core';

export interface ServiceWorkerOptions {
  /** Reloads the page into the new version; injectable for tests. */
  reload?: () => void;
  /**
   * Whether the listener is listening now, and a way to hear when that changes (the player). A new
   * version waits for the music to stop: a station's deploy must never cut every listener off.
   */
  listening?: { now: () => boolean; subscribe: (listener: () => void) => () => void };
}

// One reload per page, however many registrations (StrictMode runs effects twice) see the change:
// a second reload would be the loop the spec forbids.
let reloading = false;

/**
 * Registers /sw.js (scope /, spec §7 #12), checks for a new version every 30 s, and on finding one
 * asks it to skip waiting; when it takes control the page reloads into it, once — while the listener
 * is listening, only when the music stops. workbox-window is
 * loaded on demand so it never weighs on the first paint. Returns the function that stops the checks.
 */
export function startServiceWorker({
  reload = () => window.location.reload(),
  listening,
}: ServiceWorkerOptions = {}): () => void {
  let stopped = false;
  let updateCheck: ReturnType<typeof setInterval> | undefined;
  let activationTimer: ReturnType<typeof setTimeout> | undefined;
  let stopWaitingForQuiet = () => {};

  // Reloads now, or once the listener stops listening (pause, sleep timer, stop).
  const reloadWhenQuiet = () => {
    if (!listening?.now()) return reload();
    stopWaitingForQuiet = listening.subscribe(() => {
      if (stopped || listening.now()) return;
      stopWaitingForQuiet();
      reload();
    });
  };

  void import('workbox-window').then(({ Workbox }) => {
    if (stopped) return;
    const workbox = new Workbox('/sw.js', { scope: '/' });

    workbox.addEventListener('waiting', () => {
      if (stopped) return;
      workbox.messageSkipWaiting();
      clearTimeout(activationTimer);
      // Reloading without the new worker in control would load the old version and find the same
      // waiting worker again: a loop. So a stuck activation only waits for the next launch.
      activationTimer = setTimeout(() => {
        console.warn(
          `The new version did not activate within ${SW_ACTIVATION_TIMEOUT_MS} ms; it will load next time.`,
        );
      }, SW_ACTIVATION_TIMEOUT_MS);
    });

    // Whether a worker controlled this page before the change. Not workbox's isUpdate: that only
    // says whether one did at registration, so a page opened on a first visit (then claimed by the
    // first worker) would never reload into later versions.
    let controlled = navigator.serviceWorker.controller !== null;
    workbox.addEventListener('controlling', () => {
      clearTimeout(activationTimer);
      const replacing = controlled;
      controlled = true;
      if (stopped || !replacing || reloading) return;
      reloading = true;
      reloadWhenQuiet();
    });

    workbox.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
    updateCheck = setInterval(() => {
      workbox.update().catch(() => {
        // Offline or the server is restarting: the next check tries again.
      });
    }, SW_UPDATE_CHECK_MS);
  });

  return () => {
    stopped = true;
    stopWaitingForQuiet();
    clearInterval(updateCheck);
    clearTimeout(activationTimer);
  };
}
