import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { InitialData } from '@onair/core';
import { provideInitialData } from '../lib/initial-data.ts';
import { PlayerService } from '../lib/player/index.ts';
import { AppProviders } from './providers.tsx';
import { appRoutes, type ScreenChunk } from './router.tsx';

/**
 * The server's prerender of a screen (built by `vite build --ssr` into dist/.server): the markup
 * the page paints before its JavaScript arrives, from the same components and the same inlined data.
 * The browser then renders the app afresh over it (createRoot, not hydration: the listener's stored
 * settings may differ from the server's defaults, and a hydration mismatch would discard it anyway).
 */
export interface PrerenderedScreen {
  html: string;
  /**
   * The modules (Vite manifest keys) the page needs at once, for the server to link in its head: the
   * app itself (main.tsx imports it after the first paint) and the split-out screen shown.
   */
  chunks: string[];
}

/** The module main.tsx starts the app from, as Vite's manifest names it. */
const APP_MODULE = 'src/app/start-app.tsx';

const handler = createStaticHandler(appRoutes);

function isScreenChunk(handle: unknown): handle is ScreenChunk {
  return typeof handle === 'object' && handle !== null && typeof (handle as ScreenChunk).chunk === 'string';
}

/** `url`: absolute, as asked (path and query); `initial`: what the page inlines for its first render. */
export async function renderScreen(url: string, initial: InitialData): Promise<PrerenderedScreen> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error('The app routes have no loaders to redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  // renderToString is synchronous: no other request's data can be read in between.
  provideInitialData(initial);
  const player = new PlayerService({ initialNowPlaying: initial.nowPlaying });
  const html = renderToString(
    <StrictMode>
      <AppProviders realtime={null} player={player} initial={initial}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const chunks = context.matches.map(({ route }) => route.handle as unknown).filter(isScreenChunk);
  return { html, chunks: [APP_MODULE, ...chunks.map(({ chunk }) => chunk)] };
}
