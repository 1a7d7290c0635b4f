import { useCallback, useSyncExternalStore } from 'react';
import { readStoredSnapshot, subscribeStored, writeStored, type StoredValue } from './storage.ts';

/** A validated localStorage value as React state, shared by every component (and tab) using it. */
export function useStored<T>(stored: StoredValue<T>): [T, (next: T) => void] {
  const subscribe = useCallback((listener: () => void) => subscribeStored(stored, listener), [stored]);
  const value = useSyncExternalStore(
    subscribe,
    () => readStoredSnapshot(stored),
    () => stored.fallback,
  );
  const set = useCallback((next: T) => void writeStored(stored, next), [stored]);
  return [value, set];
}
