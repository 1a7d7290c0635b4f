import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { appRoutes } from '../app/router.tsx';
import { PlayerService } from '../lib/player/index.ts';
import type { RealtimeClient } from '../lib/realtime-client.ts';

/**
 * The whole app, providers and routes as in start-app.tsx, opened at `path` in memory. No realtime
 * socket unless the test hands one in (e.g. `fakeRealtime().client` from fixtures.ts).
 */
export function renderAppAt(path: string, options: { realtime?: RealtimeClient | null } = {}) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders realtime={options.realtime ?? null} player={new PlayerService()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
