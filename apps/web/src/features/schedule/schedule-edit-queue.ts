import {
  applySlotEdit,
  scheduleConflictSchema,
  scheduleDocumentSchema,
  type Schedule,
  type SlotEdit,
} from '@onair/core';
import { ApiError, sendJson } from '../../lib/api-client.ts';
import { isSignedOutError } from '../../lib/auth.ts';
import type { ScheduleStore } from '../../lib/schedule-store.ts';

/** An admin's change: one slot, or the whole week (Upload). */
export type WeekChange = SlotEdit | { kind: 'replace'; schedule: Schedule };

export type EditOutcome =
  | { kind: 'saved' }
  /** Someone else saved first (409): the store now shows their week; nothing of ours was written. */
  | { kind: 'conflict' }
  /** The slot was changed or removed meanwhile: nothing was sent. */
  | { kind: 'gone' }
  /** The server no longer takes us for the admin (401/403): the session expired or ended elsewhere. */
  | { kind: 'signed-out' }
  | { kind: 'failed'; message: string };

/**
 * The admin's saves, one at a time. Every save is a PUT of the whole week naming the version it was
 * based on, so two saves sent together would name the same version and the second would be refused
 * as a conflict that never happened. Here each change waits for the one before it and is applied to
 * the week (and version) that save returned, so quick clicks all land and none is lost.
 */
export class ScheduleEditQueue {
  readonly #store: ScheduleStore;
  #tail: Promise<unknown> = Promise.resolve();
  #pending = 0;
  readonly #listeners = new Set<() => void>();

  constructor(store: ScheduleStore) {
    this.#store = store;
  }

  /** Changes queued or being saved. */
  get pending(): number {
    return this.#pending;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  submit(change: WeekChange): Promise<EditOutcome> {
    this.#setPending(this.#pending + 1);
    const outcome = this.#tail.then(() => this.#save(change));
    this.#tail = outcome;
    return outcome.finally(() => this.#setPending(this.#pending - 1));
  }

  async #save(change: WeekChange): Promise<EditOutcome> {
    const state = this.#store.state;
    if (state.status !== 'ready') return { kind: 'failed', message: 'The schedule has not loaded yet.' };
    const next = change.kind === 'replace' ? change.schedule : applySlotEdit(state.schedule, change);
    if (!next) return { kind: 'gone' };
    // A bundled week has no server version: 0 asks for a fresh store, and is refused with the current one otherwise.
    const version = state.version ?? 0;
    try {
      const saved = await sendJson('PUT', '/api/schedule', { data: next, version }, scheduleDocumentSchema);
      this.#store.accept(saved.data, saved.version);
      return { kind: 'saved' };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'schedule_stale') {
        const conflict = scheduleConflictSchema.safeParse(error.body);
        const current = conflict.success ? conflict.data.current : null;
        if (current) this.#store.accept(current.data, current.version);
        else await this.#store.load();
        return { kind: 'conflict' };
      }
      if (isSignedOutError(error)) return { kind: 'signed-out' };
      return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  }

  #setPending(pending: number): void {
    this.#pending = pending;
    for (const listener of this.#listeners) listener();
  }
}
