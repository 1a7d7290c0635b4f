import { parseSchedule, scheduleDocumentSchema, WEEKDAYS, type Schedule } from '@onair/core';
import { getJson } from './api-client.ts';
import type { RealtimeClient } from './realtime-client.ts';
import { readStored, writeStored } from './storage.ts';
import * as stored from './stored.ts';

/**
 * Where the shown schedule came from: live from the server, the last copy kept offline, the app's own
 * week, or nowhere (an empty week: not even the app's own week could be loaded).
 */
export type ScheduleSource = 'server' | 'cache' | 'bundled' | 'none';

export type ScheduleState =
  | { status: 'loading' }
  | {
      status: 'ready';
      schedule: Schedule;
      /** The server's document version; null for the bundled fallback. */
      version: number | null;
      source: ScheduleSource;
      /** Why a fallback (cache or bundled) is shown, when it is. */
      error: string | null;
    };

/**
 * The one owner of the schedule on the page: loads it from the server, follows the realtime topic,
 * and falls back to the last copy received, then to the bundled week, when the server fails or has
 * none (spec §7 #1), so Home never stays empty.
 */
export class ScheduleStore {
  #state: ScheduleState = { status: 'loading' };
  readonly #listeners = new Set<() => void>();
  /** The week shown is the one the page was sent with, not yet confirmed by the server (fromPage). */
  #fromPage = false;

  get state(): ScheduleState {
    return this.#state;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async load(signal?: AbortSignal): Promise<void> {
    try {
      const body = await getJson('/api/schedule', scheduleDocumentSchema, signal ? { signal } : {});
      this.accept(body.data, body.version);
    } catch (error) {
      if (signal?.aborted) return;
      await this.#useFallback(errorText(error));
    }
  }

  /** Follows the schedule topic; returns the unsubscribe. */
  follow(realtime: RealtimeClient): () => void {
    return realtime.subscribe('schedule', {
      currentVersion: () =>
        this.#state.status === 'ready' && this.#state.source === 'server' ? this.#state.version : null,
      onDocument: (version, data) => void this.accept(data, version),
    });
  }

  /**
   * Takes the week written into the page, for the first render (it draws what the server prerendered).
   * The page may be the service worker's copy, older than the last week this device received: so it
   * is not kept as that, and if the server cannot be reached a newer kept copy replaces it (`load`).
   */
  fromPage(data: unknown, version: number): void {
    this.#fromPage = this.#take(data, version, false);
  }

  /** Takes a document from the server (HTTP, realtime or a save); an invalid or older one never replaces a newer one. */
  accept(data: unknown, version: number): boolean {
    return this.#take(data, version, true);
  }

  /** `keep`: the document is the server's current one, kept as the last received for offline use. */
  #take(data: unknown, version: number, keep: boolean): boolean {
    const parsed = parseSchedule(data);
    if (!parsed.ok) {
      if (this.#state.status === 'loading') void this.#useFallback(parsed.error);
      return false;
    }
    const current = this.#state;
    // Only versions from this server session are comparable: a cached copy may predate a store reset.
    if (current.status === 'ready' && current.source === 'server' && current.version !== null) {
      // The page's week may be a copy from before a store reset: the server's answer replaces it.
      if (current.version > version && !this.#fromPage) return false;
      if (current.version === version) {
        if (this.#fromPage) this.#keep(parsed.schedule, version);
        return true;
      }
    }
    if (keep) this.#keep(parsed.schedule, version);
    this.#set({ status: 'ready', schedule: parsed.schedule, version, source: 'server', error: null });
    return true;
  }

  /** The last week received from the server, kept for offline use; it is now confirmed as current. */
  #keep(schedule: Schedule, version: number): void {
    writeStored(stored.scheduleCache, { data: schedule, version });
    this.#fromPage = false;
  }

  async #useFallback(error: string): Promise<void> {
    const current = this.#state;
    if (this.#live() && current.status === 'ready') {
      // The page's week (maybe the worker's old copy) gives way to a newer week received since.
      const kept = this.#fromPage ? readStored(stored.scheduleCache) : null;
      if (kept && current.version !== null && kept.version > current.version) {
        this.#fromPage = false;
        this.#set({ status: 'ready', schedule: kept.data, version: kept.version, source: 'cache', error });
      }
      // Otherwise a live document (e.g. from realtime) beats any fallback.
      return;
    }
    const cached = readStored(stored.scheduleCache);
    if (cached)
      return this.#set({
        status: 'ready',
        schedule: cached.data,
        version: cached.version,
        source: 'cache',
        error,
      });
    try {
      const { bundledSchedule } = await import('./bundled-schedule.ts');
      if (!this.#live())
        this.#set({ status: 'ready', schedule: bundledSchedule(), version: null, source: 'bundled', error });
    } catch (failure) {
      // Its chunk is precached with the app, so this is a first visit that lost the network meanwhile.
      const schedule = WEEKDAYS.map((day) => ({ day, shows: [] }));
      const reason = `${error}; the regular week could not be loaded either (${errorText(failure)})`;
      if (!this.#live())
        this.#set({ status: 'ready', schedule, version: null, source: 'none', error: reason });
    }
  }

  #live(): boolean {
    return this.#state.status === 'ready' && this.#state.source === 'server';
  }

  #set(next: ScheduleState): void {
    this.#state = next;
    for (const listener of this.#listeners) listener();
  }
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
