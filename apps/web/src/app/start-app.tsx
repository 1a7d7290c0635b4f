import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type DataRouter } from 'react-router';
import { initialData } from '../lib/initial-data.ts';
import { PlayerService } from '../lib/player/index.ts';
import { sharedRealtimeClient } from '../lib/realtime-client.ts';
import { startNativeShell } from '../lib/native/native-shell.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/**
 * Starts the app in `container`. What the server prerendered there is replaced in one commit by the
 * same screen, drawn by the app (createRoot, not hydration: see server-render.tsx). The prerender is
 * on screen meanwhile, so the start is cut into short tasks: a slow phone's finger is never held up
 * by one long task (Total Blocking Time).
 */
export async function startApp(container: HTMLElement): Promise<void> {
  // The module's evaluation was one task; what follows is the next.
  await nextTask();
  const router = createAppRouter();
  // Outside render: StrictMode renders twice, and the player must exist once per page.
  // The server writes the station, the week and now-playing into the page: the first render needs no API.
  const initial = initialData();
  const player = new PlayerService({ initialNowPlaying: initial?.nowPlaying ?? null });
  // Events go to the station's own server, never to a third party (and nowhere under DNT/GPC). The
  // sink is a chunk of its own, off Home's first paint: events need a listener's tap, which comes later.
  void import('../lib/analytics-sink.ts').then(({ startServerAnalytics }) => startServerAnalytics());
  // Inside the iOS and Android apps only (a no-op in browsers): Android's back button closes a dialog first.
  void startNativeShell();

  // A split-out screen's chunk is loaded first: the prerendered screen is then replaced by the same
  // screen, never by its "Loading…" placeholder.
  await routerReady(router);
  await nextTask();
  const root = createRoot(container);
  // A transition: React draws in slices of a few milliseconds, yielding to the browser between them,
  // and commits once. This resolves once that commit's effects ran (the player started): the screen's
  // buttons then answer, and main.tsx gives them the taps made on the prerender.
  await new Promise<void>((committed) =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProviders realtime={sharedRealtimeClient()} player={player} initial={initial}>
            <RouterProvider router={router} />
          </AppProviders>
          <OnCommit run={committed} />
        </StrictMode>,
      ),
    ),
  );
}

/** Calls `run` once the tree it closes is on the page and the effects before it have run. */
function OnCommit({ run }: { run: () => void }): null {
  useEffect(run, [run]);
  return null;
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
