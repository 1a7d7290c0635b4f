import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => {};

/** True in the browser, false while the server prerenders the page. */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Its children in the browser, nothing when the server prerenders the page: for the parts that read
 * the listener's device (storage, media, install state) and draw nothing on the first paint anyway.
 */
export function BrowserOnly({ children }: { children: ReactNode }) {
  return useInBrowser() ? children : null;
}
