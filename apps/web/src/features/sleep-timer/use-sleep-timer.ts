import {
  COUNTDOWN_TICK_MS,
  extendSleepTimer,
  restoreSleepTimer,
  sleepTimerRemainingFraction,
  sleepTimerRemainingSeconds,
  startSleepTimer,
  type SleepTimerState,
} from '@onair/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { track } from '../../lib/analytics.ts';
import { readStored, removeStored, writeStored } from '../../lib/storage.ts';
import { useStored } from '../../lib/use-stored.ts';
import { storedSleepTimer } from './sleep-timer-storage.ts';

/** The volume fades out over the last stretch, so nobody is woken by the click of a hard stop. */
export const SLEEP_FADE_MS = 10_000;
// During the fade the volume is stepped more often than the countdown so the fade sounds smooth.
const FADE_TICK_MS = 200;

export interface SleepTimerOptions {
  /** Called once when the timer reaches zero: the app pauses playback (ending the session) there. */
  onExpire: () => void;
  /** Volume multiplier 0..1 for the fade; called with 1 again once the timer ends or is cancelled. */
  onFade: (level: number) => void;
}

export interface SleepTimer {
  /** The running timer, or null. */
  state: SleepTimerState | null;
  remainingSeconds: number;
  /** Share still to run, 0..1, for the ring. */
  fraction: number;
  start: (minutes: number, isCustomTime: boolean) => void;
  extend: (minutes: number) => void;
  cancel: () => void;
}

/** Volume multiplier for `msLeft` before the end: 1 until the fade window, then linear down to 0. */
export function fadeLevel(msLeft: number): number {
  if (msLeft >= SLEEP_FADE_MS) return 1;
  return Math.max(0, msLeft / SLEEP_FADE_MS);
}

/**
 * The one sleep timer of the page. Its state lives in localStorage (spec §3), so it survives a
 * reload; every tick recomputes what is left from `endTime` and the wall clock rather than
 * counting ticks, because a background tab's timers are throttled and would otherwise drift.
 */
export function useSleepTimer({ onExpire, onFade }: SleepTimerOptions): SleepTimer {
  const [state] = useStored(storedSleepTimer);
  const [now, setNow] = useState(() => Date.now());
  const callbacks = useRef({ onExpire, onFade });
  useEffect(() => {
    callbacks.current = { onExpire, onFade };
  });

  // On load, a timer whose end has passed (the tab was closed meanwhile) is cleared, not fired:
  // nothing is playing after a reload, and the listener should not see a stale countdown.
  useEffect(() => {
    if (restoreSleepTimer(readStored(storedSleepTimer), Date.now()) === null) removeStored(storedSleepTimer);
  }, []);

  const endTime = state?.isActive ? state.endTime : null;
  useEffect(() => {
    if (endTime === null) return;
    let timer: ReturnType<typeof setTimeout>;
    let firstTick = true;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const msLeft = endTime - current;
      if (msLeft <= 0) {
        removeStored(storedSleepTimer);
        // A timer already over when this page first saw it ran out in a closed tab: clear it only.
        if (!firstTick) {
          callbacks.current.onExpire();
          track('sleep_timer_complete', {});
        }
        return;
      }
      firstTick = false;
      const untilNextSecond = msLeft % COUNTDOWN_TICK_MS || COUNTDOWN_TICK_MS;
      timer = setTimeout(tick, msLeft <= SLEEP_FADE_MS + COUNTDOWN_TICK_MS ? Math.min(FADE_TICK_MS, msLeft) : untilNextSecond);
    };
    tick();
    // A tab coming back to the foreground catches up at once instead of at its next throttled tick.
    const onVisible = () => {
      if (!document.hidden) {
        clearTimeout(timer);
        tick();
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [endTime]);

  // Runs after the expiry's pause, so the volume comes back only once the audio is silent.
  const level = endTime === null ? 1 : fadeLevel(endTime - now);
  useEffect(() => {
    callbacks.current.onFade(level);
  }, [level]);

  const start = useCallback((minutes: number, isCustomTime: boolean) => {
    const next = startSleepTimer(minutes, Date.now());
    writeStored(storedSleepTimer, next);
    setNow(Date.now());
    track('sleep_timer_start', { timer_minutes: next.initialTime / 60, is_custom_time: isCustomTime });
  }, []);

  const extend = useCallback((minutes: number) => {
    const current = readStored(storedSleepTimer);
    if (current) writeStored(storedSleepTimer, extendSleepTimer(current, minutes));
  }, []);

  const cancel = useCallback(() => {
    removeStored(storedSleepTimer);
    track('sleep_timer_cancel', {});
  }, []);

  const active = state?.isActive ? state : null;
  return {
    state: active,
    remainingSeconds: active ? sleepTimerRemainingSeconds(active, now) : 0,
    fraction: active ? sleepTimerRemainingFraction(active, now) : 0,
    start,
    extend,
    cancel,
  };
}
