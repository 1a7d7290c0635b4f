import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => {};

/**
 * Its children in the browser, nothing when the server prerenders the page: for the parts that read
 * the listener's device (storage, media, install state) and draw nothing on the first paint anyway.
 */
export function BrowserOnly({ children }: { children: ReactNode }) {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return inBrowser ? children : null;
}
