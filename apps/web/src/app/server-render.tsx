import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@onair/core';
import type { InitialData } from '@onair/core';
import { activateLoadedLocale } from '../lib/i18n/locale.ts';
import { provideInitialData } from '../lib/initial-data.ts';
import { PlayerService } from '../lib/player/index.ts';
import { AppTree } from './providers.tsx';
import { appRoutes, type ScreenChunk } from './router.tsx';

/**
 * The server's prerender of a screen (built by `vite build --ssr` into dist/.server): the markup
 * the page paints before its JavaScript arrives, from the same components and the same inlined data.
 * The browser hydrates it (start-app.tsx): its first render draws this same markup, and what the
 * listener stored (favourites, quality) is applied after that render (`useStored`).
 */
export interface PrerenderedScreen {
  /** What goes inside `#root`: the screen's elements, exactly those the app hydrates. */
  html: string;
  /**
   * The resource hints React found while rendering (`<link rel="preload" as="image">` for the eager
   * images: the logo, the show on air), for the page's head: written ahead of the markup, inside
   * `#root`, they are elements the app does not draw, and its hydration would fail on them.
   */
  hints: string;
  /**
   * The modules (Vite manifest keys) the page needs at once, for the server to link in its head: the
   * app itself (main.tsx imports it after the first paint) and the split-out screen shown.
   */
  chunks: string[];
}

/** The module main.tsx starts the app from, as Vite's manifest names it. */
const APP_MODULE = 'src/app/start-app.tsx';

const handler = createStaticHandler(appRoutes);

/** Every shipped catalog, at hand: the server draws each page in its listener's language. */
const catalogs = import.meta.glob<{ messages: Messages }>('../locales/*/messages.po', { eager: true });

function catalogOf(locale: Locale): Messages {
  const catalog = catalogs[`../locales/${locale}/messages.po`];
  if (!catalog) throw new Error(`No message catalog is built for ${locale}`);
  return catalog.messages;
}

/** The `<link … />` elements renderToString writes before the screen's own markup. */
const LEADING_HINTS = /^(?:<link [^>]*\/>)+/;

function isScreenChunk(handle: unknown): handle is ScreenChunk {
  return typeof handle === 'object' && handle !== null && typeof (handle as ScreenChunk).chunk === 'string';
}

/**
 * `url`: absolute, as asked (path and query); `initial`: what the page inlines for its first render;
 * `locale`: the language the server negotiated for this listener (README "Languages").
 */
export async function renderScreen(
  url: string,
  initial: InitialData,
  locale: string = DEFAULT_LOCALE,
): Promise<PrerenderedScreen> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error('The app routes have no loaders to redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  // renderToString is synchronous: no other request's data can be read in between.
  provideInitialData(initial);
  const language = isLocale(locale) ? locale : DEFAULT_LOCALE;
  activateLoadedLocale(language, catalogOf(language));
  const player = new PlayerService({ initialNowPlaying: initial.nowPlaying });
  const markup = renderToString(
    <AppTree
      realtime={null}
      player={player}
      initial={initial}
      router={<StaticRouterProvider router={router} context={context} hydrate={false} />}
    />,
  );
  const hints = LEADING_HINTS.exec(markup)?.[0] ?? '';
  const html = markup.slice(hints.length);
  const chunks = context.matches.map(({ route }) => route.handle as unknown).filter(isScreenChunk);
  return { html, hints, chunks: [APP_MODULE, ...chunks.map(({ chunk }) => chunk)] };
}
