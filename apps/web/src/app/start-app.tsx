import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initialData } from '../lib/initial-data.ts';
import { PlayerService } from '../lib/player/index.ts';
import { sharedRealtimeClient } from '../lib/realtime-client.ts';
import { startNativeShell } from '../lib/native/native-shell.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/**
 * Starts the app in `container`. What the server prerendered there is replaced in one commit by the
 * same screen, drawn by the app (createRoot, not hydration: see server-render.tsx).
 */
export function startApp(container: HTMLElement): void {
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

  createRoot(container).render(
    <StrictMode>
      <AppProviders realtime={sharedRealtimeClient()} player={player} initial={initial}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
