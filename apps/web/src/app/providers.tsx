import { StrictMode, useEffect, type ReactNode } from 'react';
import type { InitialData } from '@onair/core';
import { PlayerProvider, RemotePlaybackToasts, type PlayerService } from '../lib/player/index.ts';
import type { RealtimeClient } from '../lib/realtime-client.ts';
import { LocaleProvider } from '../lib/i18n/LocaleProvider.tsx';
import { RealtimeProvider } from '../lib/realtime-context.tsx';
import { StationProvider } from '../lib/station-context.tsx';
import { ScheduleProvider } from '../lib/use-schedule.tsx';
import { ToastProvider } from '../ui/toast.tsx';

// The station context lives in lib/ because features read it and features may only import
// downwards (core → lib → features → app); this file only composes the app-wide providers.
export { StationProvider, useStation } from '../lib/station-context.tsx';

interface AppProvidersProps {
  children: ReactNode;
  /** The page's realtime socket (start-app.tsx passes the shared one); null means no live updates. */
  realtime: RealtimeClient | null;
  /** The page's player, created outside render (start-app.tsx, a test); the provider starts and stops it. */
  player: PlayerService;
  /** What the server wrote into the page for the first render (null: loaded over the API). */
  initial?: InitialData | null;
}

/** Every app-wide provider, outermost first. */
export function AppProviders({ children, realtime, player, initial = null }: AppProvidersProps) {
  return (
    <RealtimeProvider client={realtime}>
      <StationProvider initial={initial?.station ?? null}>
        <LocaleProvider>
          <ScheduleProvider realtime={realtime} initial={initial?.schedule ?? null}>
            <ToastProvider>
              <PlayerProvider service={player}>
                <RemotePlaybackToasts service={player} />
                {children}
              </PlayerProvider>
            </ToastProvider>
          </ScheduleProvider>
        </LocaleProvider>
      </StationProvider>
    </RealtimeProvider>
  );
}

interface AppTreeProps extends Omit<AppProvidersProps, 'children'> {
  /** The router's provider: StaticRouterProvider on the server, RouterProvider in the browser. */
  router: ReactNode;
  /** Called once the tree is on the page and its effects have run (the browser only). */
  onCommit?: () => void;
}

/**
 * The whole tree, the same for the server's prerender and the browser that hydrates it: React's
 * `useId` ids follow the tree's shape, so any other element around either side's router would give
 * the prerendered ids and labels (aria-labelledby, radio names) other values than the app's.
 */
export function AppTree({ router, onCommit, ...providers }: AppTreeProps) {
  return (
    <StrictMode>
      <AppProviders {...providers}>{router}</AppProviders>
      <OnCommit run={onCommit} />
    </StrictMode>
  );
}

function OnCommit({ run }: { run: (() => void) | undefined }): null {
  useEffect(() => run?.(), [run]);
  return null;
}
