import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ScheduleDocument } from '@onair/core';
import type { RealtimeClient } from './realtime-client.ts';
import { ScheduleStore, type ScheduleState } from './schedule-store.ts';

const ScheduleContext = createContext<ScheduleStore | null>(null);

interface ScheduleProviderProps {
  children: ReactNode;
  store?: ScheduleStore;
  /** The realtime client to follow, injected (start-app.tsx: the page's shared one); null: no live updates. */
  realtime: RealtimeClient | null;
  /** The week the server wrote into the page, if any: ready from the first render. */
  initial?: ScheduleDocument | null;
}

export function ScheduleProvider({ children, store, realtime, initial = null }: ScheduleProviderProps) {
  const [owned] = useState(() => {
    const created = store ?? new ScheduleStore();
    if (initial) created.fromPage(initial.data, initial.version);
    return created;
  });
  useEffect(() => {
    const controller = new AbortController();
    // Read even with a week written into the page (it may be the service worker's older copy):
    // after the first paint, and an equal version changes nothing.
    void owned.load(controller.signal);
    const unfollow = realtime ? owned.follow(realtime) : undefined;
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
    () => store.state,
  );
}

/** The store itself, for admin editing. */
export function useScheduleStore(): ScheduleStore {
  const store = useContext(ScheduleContext);
  if (!store) throw new Error('useScheduleStore() must be used inside <ScheduleProvider>');
  return store;
}
