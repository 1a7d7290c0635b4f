import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { onNotificationClick, onPush, onPushSubscriptionChange, type PushWorker } from './features/notifications/sw-push.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// ---- The app shell (what generateSW used to write, kept as it was) ----

// Live answers and the stream must always come from the network: a cached now-playing or a cached
// audio chunk would be a lie. The worker only ever serves the precached app shell.
// /embed is its own page (another site's <iframe>), never the app's shell.
const NEVER_FROM_THE_SHELL = [/^\/api\//, /^\/demo\//, /^\/embed\/?$/, /^\/manifest\.webmanifest$/, /^\/sw\.js$/];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NEVER_FROM_THE_SHELL }));
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
