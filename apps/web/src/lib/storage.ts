import type * as z from 'zod/mini';

/**
 * One localStorage value: its key, the schema every read and every write goes through, and what a
 * missing or unrepairable value reads as. Every value of the app is declared in lib/stored.ts; this
 * module is the only one that touches localStorage.
 */
export interface StoredValue<T> {
  key: string;
  schema: z.ZodMiniType<T>;
  fallback: T;
  /** Values stored as plain strings (e.g. 'high') rather than JSON. */
  raw?: boolean;
  /**
   * Turns a stored value that fails the schema into the nearest valid one (field by field, entry by
   * entry); its result must pass the schema too. Without it such a value reads as the fallback.
   */
  repair?: (value: unknown) => T;
  /** The key the value had before; its value moves here once, on the first read. */
  legacyKey?: string;
}

/** Declares a value (lib/stored.ts); free of side effects, so an unused one leaves the bundle. */
// @__NO_SIDE_EFFECTS__
export function defineStored<T>(value: StoredValue<T>): StoredValue<T> {
  return value;
}

const listeners = new Map<string, Set<() => void>>();

/**
 * Reads and validates a stored value; never throws. A value that fails its schema is repaired when
 * the value says how (and the repair is written back); one that is not JSON, or beyond repair, is
 * replaced by the fallback. Either way with a warning naming the key.
 */
export function readStored<T>(stored: StoredValue<T>): T {
  const text = storedText(stored);
  return text === null ? stored.fallback : decode(stored, text);
}

const snapshots = new WeakMap<StoredValue<unknown>, { text: string | null; value: unknown }>();

/** `readStored` for React's useSyncExternalStore: the same object back while the stored text is unchanged. */
export function readStoredSnapshot<T>(stored: StoredValue<T>): T {
  const text = storedText(stored);
  const cached = snapshots.get(stored as StoredValue<unknown>);
  if (cached && cached.text === text) return cached.value as T;
  const value = text === null ? stored.fallback : decode(stored, text);
  // A repair rewrote the text: cache under the new one so the next read is a cache hit.
  snapshots.set(stored as StoredValue<unknown>, { text: storedText(stored), value });
  return value;
}

/**
 * Writes a value after checking it against the schema (what is written is what the schema gives
 * back). False when the value is invalid (logged as an error: a bug, and the stored value is kept)
 * or the browser refused (quota, disabled storage).
 */
export function writeStored<T>(stored: StoredValue<T>, value: T): boolean {
  const parsed = stored.schema.safeParse(value);
  if (!parsed.success) {
    console.error(`Refusing to store an invalid ${stored.key}: ${issues(parsed.error)}`);
    return false;
  }
  if (!setText(stored.key, encode(stored, parsed.data))) return false;
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

/** The stored text, after moving a value still under its legacy key; null when there is none. */
function storedText<T>(stored: StoredValue<T>): string | null {
  try {
    const text = localStorage.getItem(stored.key);
    if (text !== null || stored.legacyKey === undefined) return text;
    const legacy = localStorage.getItem(stored.legacyKey);
    // The old key is removed only once the new one holds the value, so a full storage loses nothing.
    if (legacy !== null && setText(stored.key, legacy)) localStorage.removeItem(stored.legacyKey);
    return legacy;
  } catch {
    return null; // storage disabled (privacy mode, blocked cookies)
  }
}

function setText(key: string, text: string): boolean {
  try {
    localStorage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

function encode<T>(stored: StoredValue<T>, value: T): string {
  return stored.raw ? String(value) : JSON.stringify(value);
}

function decode<T>(stored: StoredValue<T>, text: string): T {
  let candidate: unknown = text;
  if (!stored.raw) {
    try {
      candidate = JSON.parse(text);
    } catch {
      return replaceWithFallback(stored, 'not JSON');
    }
  }
  const parsed = stored.schema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const repaired = stored.repair ? stored.schema.safeParse(stored.repair(candidate)) : undefined;
  if (!repaired?.success) return replaceWithFallback(stored, issues(parsed.error));
  console.warn(`Repaired the stored ${stored.key} (${issues(parsed.error)}); every valid part was kept`);
  // Written back without notifying: every reader already gets the repaired value.
  setText(stored.key, encode(stored, repaired.data));
  return repaired.data;
}

function replaceWithFallback<T>(stored: StoredValue<T>, why: string): T {
  console.warn(`Replacing the stored ${stored.key} with its default: ${why}`);
  try {
    localStorage.removeItem(stored.key);
  } catch {
    // nothing more to do: the fallback is returned either way
  }
  return stored.fallback;
}

const ISSUES_SHOWN = 3;

function issues(error: z.core.$ZodError): string {
  const shown = error.issues
    .slice(0, ISSUES_SHOWN)
    .map((issue) => `${issue.path.join('.') || 'value'}: ${issue.message}`);
  const more = error.issues.length - shown.length;
  return more > 0 ? `${shown.join('; ')} and ${more} more` : shown.join('; ');
}
