import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider, type DataRouter } from 'react-router';
import { DEFAULT_LOCALE } from '@onair/core';
import {
  activateFirstPaintLocale,
  applyDocumentLocale,
  chooseLocale,
  pageLocale,
  storedLocaleChoice,
} from '../lib/i18n/locale.ts';
import { initialData } from '../lib/initial-data.ts';
import { PlayerService } from '../lib/player/index.ts';
import { sharedRealtimeClient } from '../lib/realtime-client.ts';
import { startNativeShell } from '../lib/native/native-shell.ts';
import { AppTree } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/**
 * Starts the app in `container` and resolves with its React root once the screen answers. What the
 * server prerendered there is hydrated: the same components draw the same markup from the same
 * inlined data, so React adopts the server's elements instead of building and laying out the screen
 * again (what a listener stored is read after that first render: `useStored`). The prerender is on
 * screen meanwhile, so the start is cut into short tasks: a slow phone's finger is never held up by
 * one long task (Total Blocking Time).
 */
export async function startApp(container: HTMLElement): Promise<Root> {
  // The module's evaluation was one task; what follows is the next.
  await nextTask();
  const router = createAppRouter();
  // The language is settled before the first render: a prerendered screen is hydrated in the
  // language the server drew it in (<html lang>), then switched if the listener's choice differs.
  // Only the messages of the first paint's own modules are awaited; every split-out chunk waits for
  // its own part of the catalog (lib/i18n/catalog.ts).
  const initialLocale =
    pageLocale() ??
    chooseLocale(storedLocaleChoice(), navigator.languages, initialData()?.station.locale ?? DEFAULT_LOCALE);
  const catalog = activateFirstPaintLocale(initialLocale);
  // Outside render: StrictMode renders twice, and the player must exist once per page.
  // The server writes the station, the week and now-playing into the page: the first render needs no API.
  const initial = initialData();
  const player = new PlayerService({ initialNowPlaying: initial?.nowPlaying ?? null });
  // Events go to the station's own server, never to a third party (and nowhere under DNT/GPC). The
  // sink is a chunk of its own, off Home's first paint: events need a listener's tap, which comes later.
  void import('../lib/analytics-sink.ts').then(({ startServerAnalytics }) => startServerAnalytics());
  // Inside the iOS and Android apps only (a no-op in browsers): Android's back button closes a dialog first.
  void startNativeShell();

  // A split-out screen's chunk is loaded first: the prerendered screen is then hydrated by the same
  // screen, never by its "Loading…" placeholder.
  await Promise.all([routerReady(router), catalog]);
  applyDocumentLocale(initialLocale);
  await nextTask();
  return new Promise<Root>((committed) =>
    startTransition(() => {
      const app = (
        <AppTree
          realtime={sharedRealtimeClient()}
          player={player}
          initial={initial}
          router={<RouterProvider router={router} />}
          onCommit={() => committed(root)}
        />
      );
      // The prerendered screen is hydrated: React keeps the server's elements and only attaches to
      // them. A page without it (Vite's dev server, the offline shell) is drawn from scratch.
      const prerendered = container.hasChildNodes();
      const root = prerendered ? hydrateRoot(container, app) : createRoot(container);
      if (!prerendered) root.render(app);
    }),
  );
}

/** A new task, so the browser can paint and answer input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function routerReady(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
