import type { z } from 'zod';

/** One localStorage value: its key, the schema every read goes through, and what a missing or bad value reads as. */
export interface StoredValue<T> {
  key: string;
  schema: z.ZodType<T>;
  fallback: T;
  /** Values stored as plain strings (e.g. 'high') rather than JSON. */
  raw?: boolean;
}

export function defineStored<T>(value: StoredValue<T>): StoredValue<T> {
  return value;
}

const listeners = new Map<string, Set<() => void>>();

/**
 * Reads and validates a stored value. Corrupt data (hand-edited, an older shape, another app on the
 * origin) is dropped with a warning and reads as the fallback: never a crash.
 */
export function readStored<T>(stored: StoredValue<T>): T {
  let text: string | null;
  try {
    text = localStorage.getItem(stored.key);
  } catch {
    return stored.fallback; // storage disabled (privacy mode, blocked cookies)
  }
  if (text === null) return stored.fallback;
  let candidate: unknown = text;
  if (!stored.raw) {
    try {
      candidate = JSON.parse(text);
    } catch {
      return dropCorrupt(stored, 'not JSON');
    }
  }
  const parsed = stored.schema.safeParse(candidate);
  return parsed.success ? parsed.data : dropCorrupt(stored, parsed.error.message);
}

/** Writes a value; false when the browser refused (quota, disabled storage). */
export function writeStored<T>(stored: StoredValue<T>, value: T): boolean {
  try {
    localStorage.setItem(stored.key, stored.raw ? String(value) : JSON.stringify(value));
  } catch {
    return false;
  }
  notify(stored.key);
  return true;
}

export function removeStored<T>(stored: StoredValue<T>): void {
  try {
    localStorage.removeItem(stored.key);
  } catch {
    return;
  }
  notify(stored.key);
}

/** Calls `listener` when this tab writes the key or another tab changes it. */
export function subscribeStored<T>(stored: StoredValue<T>, listener: () => void): () => void {
  const set = listeners.get(stored.key) ?? new Set();
  set.add(listener);
  listeners.set(stored.key, set);
  const onStorage = (event: StorageEvent) => {
    if (event.key === stored.key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    set.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function notify(key: string): void {
  for (const listener of listeners.get(key) ?? []) listener();
}

function dropCorrupt<T>(stored: StoredValue<T>, why: string): T {
  console.warn(`Ignoring corrupt localStorage value for ${stored.key}: ${why}`);
  try {
    localStorage.removeItem(stored.key);
  } catch {
    // nothing more to do: the fallback is returned either way
  }
  return stored.fallback;
}
