import { parseSchedule, type Schedule } from '@onair/core';
import { z } from 'zod';
import bundledJson from '../../../../station/bundled-schedule.json';
import { getJson } from './api-client.ts';

export type ScheduleSource = 'server' | 'bundled';

export type ScheduleState =
  | { status: 'loading' }
  | {
      status: 'ready';
      schedule: Schedule;
      /** The server's document version; null for the bundled fallback. */
      version: number | null;
      source: ScheduleSource;
      /** Why the bundled fallback is shown, when it is. */
      error: string | null;
    };

const scheduleResponseSchema = z.object({ data: z.unknown(), version: z.number().int().nonnegative() });

function bundledSchedule(): Schedule {
  const parsed = parseSchedule(bundledJson);
  if (!parsed.ok) throw new Error('The bundled schedule is invalid');
  return parsed.schedule;
}

/**
 * The one owner of the schedule on the page: loads it from the server and falls back to the
 * bundled week when the server fails or has none (spec §7 #1), so Home never stays empty.
 */
export class ScheduleStore {
  #state: ScheduleState = { status: 'loading' };
  readonly #listeners = new Set<() => void>();

  get state(): ScheduleState {
    return this.#state;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async load(signal?: AbortSignal): Promise<void> {
    try {
      const body = await getJson('/api/schedule', scheduleResponseSchema, signal ? { signal } : {});
      this.accept(body.data, body.version);
    } catch (error) {
      if (signal?.aborted) return;
      this.#useBundled(error instanceof Error ? error.message : String(error));
    }
  }

  /** Takes a document from the server (HTTP or realtime); an invalid one never replaces a good one. */
  accept(data: unknown, version: number): boolean {
    const parsed = parseSchedule(data);
    if (!parsed.ok) {
      if (this.#state.status === 'loading') this.#useBundled(parsed.error);
      return false;
    }
    if (this.#state.status === 'ready' && this.#state.version !== null && this.#state.version > version) return false;
    this.#set({ status: 'ready', schedule: parsed.schedule, version, source: 'server', error: null });
    return true;
  }

  #useBundled(error: string): void {
    this.#set({ status: 'ready', schedule: bundledSchedule(), version: null, source: 'bundled', error });
  }

  #set(next: ScheduleState): void {
    this.#state = next;
    for (const listener of this.#listeners) listener();
  }
}
