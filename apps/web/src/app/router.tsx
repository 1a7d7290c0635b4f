import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomeScreen } from '../features/home/HomeScreen.tsx';
import { Layout } from './layout.tsx';
import { RouteError } from './RouteError.tsx';

function ScreenLoading({ text }: { text: string }) {
  return (
    <p className="screen__note" role="status">
      {text}
    </p>
  );
}

// Shown when a split-out screen is the first page loaded, while its chunk downloads.
const ChatLoading = () => <ScreenLoading text="Loading chat…" />;
const ScheduleLoading = () => <ScreenLoading text="Loading schedule..." />;
const ListenAgainLoading = () => <ScreenLoading text="Loading episodes…" />;

/** What a route's screen is built from: the module its `lazy` imports, as Vite's manifest names it. */
export interface ScreenChunk {
  chunk: string;
}

/**
 * A split-out screen's module, for the server's prerender: it links that chunk's stylesheet in the
 * page's head, so the prerendered screen is styled from its first paint. Same path as the `lazy` import.
 */
const screenChunk = (chunk: string): ScreenChunk => ({ chunk });

/**
 * The app's routes, shared by the browser router and by tests (createMemoryRouter).
 *
 * Spec §2: an unknown path shows the router's error page, 'Unexpected Application Error!'. RouteError
 * keeps those words in the app's own style, with a way back to the player.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: HomeScreen },
      {
        path: 'schedule',
        handle: screenChunk('src/features/schedule/ScheduleScreen.tsx'),
        // The coverflow carousel and the admin editor stay out of Home's first paint.
        lazy: () =>
          import('../features/schedule/ScheduleScreen.tsx').then(({ ScheduleScreen }) => ({
            Component: ScheduleScreen,
          })),
        HydrateFallback: ScheduleLoading,
      },
      {
        path: 'chat',
        handle: screenChunk('src/features/chat/ChatScreen.tsx'),
        // Chat is the heaviest screen once built, so it is split out and fetched on first visit.
        lazy: () =>
          import('../features/chat/ChatScreen.tsx').then(({ ChatScreen }) => ({ Component: ChatScreen })),
        HydrateFallback: ChatLoading,
      },
      {
        path: 'stats',
        handle: screenChunk('src/features/stats/StatsScreen.tsx'),
        // Stats are visited rarely; their chunk stays out of the first paint of Home.
        lazy: () =>
          import('../features/stats/StatsScreen.tsx').then(({ StatsScreen }) => ({ Component: StatsScreen })),
      },
      // Listen again and its episode and show pages: one chunk, fetched on first visit.
      {
        path: 'listen-again',
        handle: screenChunk('src/features/listen-again/ListenAgainScreen.tsx'),
        lazy: () =>
          import('../features/listen-again/ListenAgainScreen.tsx').then(({ ListenAgainScreen }) => ({
            Component: ListenAgainScreen,
          })),
        HydrateFallback: ListenAgainLoading,
      },
      {
        path: 'episodes/:id',
        handle: screenChunk('src/features/listen-again/EpisodeScreen.tsx'),
        lazy: () =>
          import('../features/listen-again/EpisodeScreen.tsx').then(({ EpisodeScreen }) => ({
            Component: EpisodeScreen,
          })),
        HydrateFallback: ListenAgainLoading,
      },
      {
        path: 'shows/:slug',
        handle: screenChunk('src/features/listen-again/ShowScreen.tsx'),
        lazy: () =>
          import('../features/listen-again/ShowScreen.tsx').then(({ ShowScreen }) => ({
            Component: ShowScreen,
          })),
        HydrateFallback: ListenAgainLoading,
      },
      {
        path: 'insights',
        handle: screenChunk('src/features/insights/InsightsScreen.tsx'),
        // The admin's insights page and its charts never reach a listener's first paint.
        lazy: () =>
          import('../features/insights/InsightsScreen.tsx').then(({ InsightsScreen }) => ({
            Component: InsightsScreen,
          })),
      },
      {
        path: 'integrations',
        handle: screenChunk('src/features/integrations/IntegrationsScreen.tsx'),
        // The admin's integrations screen, like insights, never reaches a listener's first paint.
        lazy: () =>
          import('../features/integrations/IntegrationsScreen.tsx').then(({ IntegrationsScreen }) => ({
            Component: IntegrationsScreen,
          })),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
