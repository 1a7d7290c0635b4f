import {
  COUNTDOWN_TICK_MS,
  extendSleepTimer,
  restoreSleepTimer,
  SLEEP_FADE_MS,
  sleepFadeLevel,
  sleepTimerRemainingFraction,
  sleepTimerRemainingSeconds,
  startSleepTimer,
  type SleepTimerState,
} from '@onair/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { track } from '../../lib/analytics.ts';
import { readStored, removeStored, writeStored } from '../../lib/storage.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { useStored } from '../../lib/use-stored.ts';
import { claimSleepTimerEnd } from './claim-sleep-timer-end.ts';

// During the fade the volume is stepped more often than the countdown so the fade sounds smooth.
const FADE_TICK_MS = 200;

export interface SleepTimerOptions {
  /**
   * Called once in every open tab when the timer reaches zero: each pauses its own playback (ending
   * its session) and closes its modal. Only one tab reports sleep_timer_complete.
   */
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

/**
 * The one sleep timer of the page. Its state lives in localStorage (spec §3), so it survives a
 * reload and is shared by every open tab; every tick recomputes what is left from `endTime` and the
 * wall clock rather than counting ticks, because a background tab's timers are throttled and would
 * otherwise drift. At zero every tab stops its audio, but only the tab that wins the claim
 * (claim-sleep-timer-end.ts) reports it.
 */
export function useSleepTimer({ onExpire, onFade }: SleepTimerOptions): SleepTimer {
  const [state] = useStored(storedLater.sleepTimer);
  const [now, setNow] = useState(() => Date.now());
  // The end being settled: the volume stays down until this tab's audio is paused.
  const [ending, setEnding] = useState<number | null>(null);
  const callbacks = useRef({ onExpire, onFade });
  useEffect(() => {
    callbacks.current = { onExpire, onFade };
  });
  // The end this tab has already stopped for (or is deciding its role for): it stops only once.
  const handled = useRef<number | null>(null);

  // On load, a timer whose end has passed (the tab was closed meanwhile) is cleared, not fired:
  // nothing is playing after a reload, and the listener should not see a stale countdown.
  useEffect(() => {
    const saved = readStored(storedLater.sleepTimer);
    if (saved && restoreSleepTimer(saved, Date.now()) === null) {
      handled.current = saved.endTime;
      removeStored(storedLater.sleepTimer);
    }
  }, []);

  const settle = useCallback((endTime: number) => {
    if (handled.current === endTime) return;
    handled.current = endTime;
    setEnding(endTime);
    void claimSleepTimerEnd(endTime, Date.now()).then((role) => {
      if (role === 'running') handled.current = null;
      else {
        callbacks.current.onExpire();
        if (role === 'act') track('sleep_timer_complete', {});
        if (readStored(storedLater.sleepTimer)?.endTime === endTime) removeStored(storedLater.sleepTimer);
      }
      setEnding(null);
    });
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
        if (firstTick) {
          // Already over when this page first saw it: it ran out while no tab was open. Clear it only.
          handled.current = endTime;
          removeStored(storedLater.sleepTimer);
        } else settle(endTime);
        return;
      }
      firstTick = false;
      const untilNextSecond = msLeft % COUNTDOWN_TICK_MS || COUNTDOWN_TICK_MS;
      timer = setTimeout(
        tick,
        msLeft <= SLEEP_FADE_MS + COUNTDOWN_TICK_MS ? Math.min(FADE_TICK_MS, msLeft) : untilNextSecond,
      );
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
  }, [endTime, settle]);

  // The timer this tab was counting down was cleared at or after its end, before this tab's own
  // (throttled) tick got there: another tab acted on it, so this one follows. Declared before the
  // fade's effect so the audio is paused before the volume comes back.
  const counted = useRef(endTime);
  useEffect(() => {
    const previous = counted.current;
    counted.current = endTime;
    if (previous === null || endTime !== null || Date.now() < previous || handled.current === previous)
      return;
    handled.current = previous;
    callbacks.current.onExpire();
  }, [endTime]);

  // Runs after the expiry's pause, so the volume comes back only once the audio is silent.
  const level = ending !== null ? 0 : endTime === null ? 1 : sleepFadeLevel(endTime - now);
  useEffect(() => {
    callbacks.current.onFade(level);
  }, [level]);

  const start = useCallback((minutes: number, isCustomTime: boolean) => {
    const next = startSleepTimer(minutes, Date.now());
    writeStored(storedLater.sleepTimer, next);
    setNow(Date.now());
    track('sleep_timer_start', { timer_minutes: next.initialTime / 60, is_custom_time: isCustomTime });
  }, []);

  const extend = useCallback((minutes: number) => {
    const current = readStored(storedLater.sleepTimer);
    if (current) writeStored(storedLater.sleepTimer, extendSleepTimer(current, minutes));
  }, []);

  const cancel = useCallback(() => {
    removeStored(storedLater.sleepTimer);
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
