import { clientsClaim } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import {
  onNotificationClick,
  onPush,
  onPushSubscriptionChange,
  type PushWorker,
} from './features/notifications/sw-push.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// ---- The app: its files precached, each page network-first with its own last copy offline ----

// Live answers and the stream must always come from the network: a cached now-playing or a cached
// audio chunk would be a lie. The worker only ever serves the app's own files and pages.
// /embed is its own page (another site's <iframe>), never the app's.
const NEVER_FROM_THE_SHELL = [
  /^\/api\//,
  /^\/demo\//,
  /^\/embed\/?$/,
  /^\/manifest\.webmanifest$/,
  /^\/sw\.js$/,
];

/**
 * How long a navigation waits for the server before the page's last copy is shown instead: the
 * server's page (prerendered now, with the week and track on air now) reaches a slow 4G phone well
 * within it (~5 KB compressed); past it the network is as good as out, and the copy paints at once.
 */
const PAGE_NETWORK_TIMEOUT_SECONDS = 2;
/** Screens a listener opens (four, and the admin's insights), with room for a few other paths. */
const PAGE_COPIES_MAX = 10;
/** Where the installed app opens: its copy is taken at install, so even the first launch offline paints it. */
const START_PATH = '/';
/** The neutral shell (the server's index.html: the station, no screen, no data), for a path with no copy. */
const NEUTRAL_SHELL = '/index.html';

const precached = self.__WB_MANIFEST;
// Only the files themselves: by default `/` would be answered with the precached index.html (the
// neutral shell) and `/x` with `/x.html`, ahead of the pages' own route below.
precacheAndRoute(precached, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

/**
 * Each page as the server last sent it (its own screen prerendered, which the app hydrates), one
 * cache per build: a copy names its build's hashed files, which the next build's precache drops.
 */
const PAGES_CACHE_PREFIX = 'onair-pages-';
const pagesCache = PAGES_CACHE_PREFIX + buildId(precached);

/** A short name for this build's file list (FNV-1a of it): it changes whenever any file does. */
function buildId(entries: readonly (PrecacheEntry | string)[]): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(entries)) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** One copy per path: `/schedule?x=1` is the same screen as `/schedule`. */
const pageKey = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  return url.origin + url.pathname;
};

const pages = new NetworkFirst({
  cacheName: pagesCache,
  networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
  plugins: [
    { cacheKeyWillBeUsed: async (options) => pageKey(options) },
    // Bounded: an unknown path is a page too (the app's error screen), and each would keep a copy.
    new ExpirationPlugin({ maxEntries: PAGE_COPIES_MAX, purgeOnQuotaError: true }),
    // No network and no copy of this path: the neutral shell, which the app draws for any path.
    { handlerDidError: async () => matchPrecache(NEUTRAL_SHELL) },
  ],
});
registerRoute(new NavigationRoute(pages, { denylist: NEVER_FROM_THE_SHELL }));
// The page's request starts while the worker itself starts up, not after: network-first costs no
// worker boot on top of the round trip.
enableNavigationPreload();

self.addEventListener('install', (event) => {
  // Best effort: without it, the first launch offline gets the neutral shell, which still works.
  event.waitUntil(
    caches
      .open(pagesCache)
      .then((cache) => cache.add(START_PATH))
      .catch(() => undefined),
  );
});

self.addEventListener('activate', (event) => {
  // Other builds' copies name files this build's precache no longer holds.
  event.waitUntil(
    caches.keys().then((names) =>
      Promise.all(
        names
          .filter((name) => name.startsWith(PAGES_CACHE_PREFIX) && name !== pagesCache)
          .map(async (name) => {
            await caches.delete(name);
            await new CacheExpiration(name, { maxEntries: PAGE_COPIES_MAX }).delete();
          }),
      ),
    ),
  );
});

// A first visit is controlled at once, so it opens offline next time without a second visit.
clientsClaim();
// A new version waits until the page asks it to take over (workbox-window's messageSkipWaiting).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// ---- Web Push (spec §3 push message fields, §9 timings): the handlers live in sw-push.ts ----

const worker: PushWorker = {
  registration: self.registration,
  clients: self.clients,
  // Bound: fetch called as a method of another object throws 'Illegal invocation'.
  fetch: (input, init) => fetch(input, init),
  userAgent: self.navigator.userAgent,
  origin: self.location.origin,
};

self.addEventListener('push', (event) => {
  event.waitUntil(onPush(worker, event.data));
});

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(onNotificationClick(worker, event.notification));
});

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(onPushSubscriptionChange(worker, event as PushSubscriptionChangeEvent));
});
