import { createContext, useContext, type ReactNode } from 'react';
import type { RealtimeClient } from './realtime-client.ts';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** Hands the page's realtime client (or null: no live updates, as in most tests) to the screens that follow a topic. */
export function RealtimeProvider({
  client,
  children,
}: {
  client: RealtimeClient | null;
  children: ReactNode;
}) {
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

/** The page's realtime client; null when the app runs without live updates. */
export function useRealtime(): RealtimeClient | null {
  return useContext(RealtimeContext);
}
