import type { ReactNode } from 'react';
import type { InitialData } from '@onair/core';
import { PlayerProvider, RemotePlaybackToasts, type PlayerService } from '../lib/player/index.ts';
import type { RealtimeClient } from '../lib/realtime-client.ts';
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
        <ScheduleProvider realtime={realtime} initial={initial?.schedule ?? null}>
          <ToastProvider>
            <PlayerProvider service={player}>
              <RemotePlaybackToasts service={player} />
              {children}
            </PlayerProvider>
          </ToastProvider>
        </ScheduleProvider>
      </StationProvider>
    </RealtimeProvider>
  );
}
