import type { ReactNode } from 'react';
import { StationProvider } from '../lib/station-context.tsx';
import { ScheduleProvider } from '../lib/use-schedule.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { PlayerProvider } from '../features/player/index.ts';

// The station context lives in lib/ because features read it and features may only import
// downwards (core → lib → features → app); this file only composes the app-wide providers.
export { StationProvider, useStation } from '../lib/station-context.tsx';

/** Every app-wide provider, outermost first. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StationProvider>
      <ScheduleProvider>
        <ToastProvider>
          <PlayerProvider>{children}</PlayerProvider>
        </ToastProvider>
      </ScheduleProvider>
    </StationProvider>
  );
}
