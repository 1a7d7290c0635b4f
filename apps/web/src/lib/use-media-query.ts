import { useCallback, useSyncExternalStore } from 'react';

/** Where the app uses the width of a computer's window (the week grid; issue 34): 1024 px and up. */
export const WIDE_SCREEN_QUERY = '(min-width: 64rem)';

/**
 * Whether the media query matches, following the window as it changes. The server's prerender and
 * the render that hydrates it say false (the phone layout, which is what the server drew), so the
 * wide parts arrive in the render after, as chunks of their own.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      // Engines without matchMedia (jsdom) keep the phone layout.
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', changed);
      return () => list?.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
