import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ScheduleStore, type ScheduleState } from './schedule-store.ts';

const ScheduleContext = createContext<ScheduleStore | null>(null);

export function ScheduleProvider({ children, store }: { children: ReactNode; store?: ScheduleStore }) {
  const [owned] = useState(() => store ?? new ScheduleStore());
  useEffect(() => {
    const controller = new AbortController();
    void owned.load(controller.signal);
    return () => controller.abort();
  }, [owned]);
  return <ScheduleContext.Provider value={owned}>{children}</ScheduleContext.Provider>;
}

/** The week's schedule as loaded (server, else the bundled fallback). */
export function useSchedule(): ScheduleState {
  const store = useContext(ScheduleContext);
  if (!store) throw new Error('useSchedule() must be used inside <ScheduleProvider>');
  return useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.state,
  );
}

/** The store itself, for the realtime client and admin editing. */
export function useScheduleStore(): ScheduleStore {
  const store = useContext(ScheduleContext);
  if (!store) throw new Error('useScheduleStore() must be used inside <ScheduleProvider>');
  return store;
}
