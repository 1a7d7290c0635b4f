import { useSyncExternalStore } from 'react';

/**
 * From this width Home and /chat become one view, the music beside the chat (issue 34). Below it
 * (phones, and tablets up to 1023 px) the phone column stays: two columns of under 500 px would
 * squeeze both the player and the chat, where one column reads well and the chat is a tap away.
 */
export const WIDE_SCREEN_QUERY = '(min-width: 1024px)';

// jsdom (the unit tests) has no matchMedia: there the window is a phone's.
function subscribe(listener: () => void): () => void {
  const query = window.matchMedia?.(WIDE_SCREEN_QUERY);
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

const isWide = (): boolean => window.matchMedia?.(WIDE_SCREEN_QUERY).matches ?? false;

/**
 * Whether the window is wide, live as it is resized. False on the server and while hydrating (the
 * prerender is the phone column), so the wide layout's chunk is only fetched by a wide browser.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => false);
}
