import { readStored } from '../../lib/storage.ts';
import * as storedLater from '../../lib/stored-later.ts';

/**
 * What a tab does when the shared timer reaches zero: exactly one tab acts (reports the end), every
 * other one follows (stops its own audio quietly). 'running' means another tab extended the timer
 * meanwhile, so it has not ended after all.
 */
export type SleepTimerEnding = 'act' | 'follow' | 'running';

/** The part of the Web Locks API used here (navigator.locks). */
export interface SleepTimerLocks {
  request(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: Lock | null) => Promise<never> | undefined,
  ): Promise<unknown>;
}

/**
 * Decides the role of this tab for the timer that ends at `endTime`. The timer's state is shared
 * through localStorage, but localStorage has no compare-and-set, and in Chromium each tab sees the
 * others' writes only later; so the claim is a Web Lock named for this end, taken if free
 * (`ifAvailable`), which the lock manager grants to one tab only. The winner holds it for the
 * page's life, so a tab whose throttled timer fires minutes later still finds it taken.
 * BroadcastChannel would only say who spoke first, not decide it. Browsers without Web Locks
 * (Safari before 15.4) fall back to the stored value alone: the first tab to clear it acts.
 */
export function claimSleepTimerEnd(
  endTime: number,
  nowMs: number,
  locks: SleepTimerLocks | undefined = navigator.locks,
): Promise<SleepTimerEnding> {
  const current = readStored(storedLater.sleepTimer);
  if (current?.isActive && current.endTime > nowMs) return Promise.resolve('running');
  // Cleared or replaced: another tab has already acted on this end.
  if (current?.endTime !== endTime) return Promise.resolve('follow');
  if (!locks) return Promise.resolve('act');
  return new Promise((resolve) => {
    locks
      .request(`playfm_sleep_timer_end_${endTime}`, { ifAvailable: true }, (lock) => {
        resolve(lock ? 'act' : 'follow');
        return lock ? new Promise<never>(() => {}) : undefined;
      })
      // A lock manager that refuses (e.g. a sandboxed frame): better one report too many than a
      // timer that never stops the music.
      .catch(() => resolve('act'));
  });
}
