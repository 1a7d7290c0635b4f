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
        // The coverflow carousel and the admin editor stay out of Home's first paint.
        lazy: () =>
          import('../features/schedule/ScheduleScreen.tsx').then(({ ScheduleScreen }) => ({ Component: ScheduleScreen })),
        HydrateFallback: ScheduleLoading,
      },
      {
        path: 'chat',
        // Chat is the heaviest screen once built, so it is split out and fetched on first visit.
        lazy: () => import('../features/chat/ChatScreen.tsx').then(({ ChatScreen }) => ({ Component: ChatScreen })),
        HydrateFallback: ChatLoading,
      },
      {
        path: 'stats',
        // Stats are visited rarely; their chunk stays out of the first paint of Home.
        lazy: () => import('../features/stats/StatsScreen.tsx').then(({ StatsScreen }) => ({ Component: StatsScreen })),
      },
      {
        path: 'insights',
        // The admin's insights page and its charts never reach a listener's first paint.
        lazy: () => import('../features/insights/InsightsScreen.tsx').then(({ InsightsScreen }) => ({ Component: InsightsScreen })),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
