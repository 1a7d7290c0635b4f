import { useCallback, useSyncExternalStore } from 'react';
import { readStored, subscribeStored, writeStored, type StoredValue } from './storage.ts';

/**
 * A validated localStorage value as React state, shared by every component (and tab) using it.
 * Reads are cached per raw string so React sees a stable snapshot.
 */
export function useStored<T>(stored: StoredValue<T>): [T, (next: T) => void] {
  const subscribe = useCallback((listener: () => void) => subscribeStored(stored, listener), [stored]);
  const value = useSyncExternalStore(subscribe, () => snapshot(stored), () => stored.fallback);
  const set = useCallback((next: T) => void writeStored(stored, next), [stored]);
  return [value, set];
}

const cache = new WeakMap<StoredValue<unknown>, { text: string | null; value: unknown }>();

function snapshot<T>(stored: StoredValue<T>): T {
  let text: string | null = null;
  try {
    text = localStorage.getItem(stored.key);
  } catch {
    return stored.fallback;
  }
  const cached = cache.get(stored as StoredValue<unknown>);
  if (cached && cached.text === text) return cached.value as T;
  const value = readStored(stored);
  cache.set(stored as StoredValue<unknown>, { text, value });
  return value;
}
