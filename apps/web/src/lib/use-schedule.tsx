import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { sharedRealtimeClient, type RealtimeClient } from './realtime-client.ts';
import { ScheduleStore, type ScheduleState } from './schedule-store.ts';

const ScheduleContext = createContext<ScheduleStore | null>(null);

interface ScheduleProviderProps {
  children: ReactNode;
  store?: ScheduleStore;
  /** The realtime client to follow; null turns live updates off (tests). Defaults to the page's shared one. */
  realtime?: RealtimeClient | null;
}

export function ScheduleProvider({ children, store, realtime }: ScheduleProviderProps) {
  const [owned] = useState(() => store ?? new ScheduleStore());
  useEffect(() => {
    const controller = new AbortController();
    void owned.load(controller.signal);
    const client = realtime === undefined ? sharedRealtimeClient() : realtime;
    const unfollow = client ? owned.follow(client) : undefined;
    return () => {
      controller.abort();
      unfollow?.();
    };
  }, [owned, realtime]);
  return <ScheduleContext.Provider value={owned}>{children}</ScheduleContext.Provider>;
}

/** The week's schedule as loaded (server, else the last copy kept, else the bundled week), live. */
export function useSchedule(): ScheduleState {
  const store = useContext(ScheduleContext);
  if (!store) throw new Error('useSchedule() must be used inside <ScheduleProvider>');
  return useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.state,
  );
}

/** The store itself, for admin editing. */
export function useScheduleStore(): ScheduleStore {
  const store = useContext(ScheduleContext);
  if (!store) throw new Error('useScheduleStore() must be used inside <ScheduleProvider>');
  return store;
}
