import * as z from 'zod/mini';
import { SLEEP_DEFAULT_MINUTES, SLEEP_MAX_MINUTES, SLEEP_MIN_MINUTES } from '../constants.ts';

/** Saved state (spec §3): endTime in epoch ms, initialTime = the full length in seconds (for the ring). */
export type SleepTimerState = { endTime: number; initialTime: number; isActive: boolean };

export const sleepTimerSchema = z.object({
  endTime: z.int().check(z.nonnegative()),
  initialTime: z.number().check(z.positive()),
  isActive: z.boolean(),
});

const MS_PER_MINUTE = 60_000;

/** The volume fades out over the last stretch, so nobody is woken by the click of a hard stop. */
export const SLEEP_FADE_MS = 10_000;

/** Volume multiplier for `msLeft` before the end: 1 until the fade window, then linear down to 0. */
export function sleepFadeLevel(msLeft: number): number {
  if (Number.isNaN(msLeft)) return 1;
  if (msLeft >= SLEEP_FADE_MS) return 1;
  return Math.max(0, msLeft / SLEEP_FADE_MS);
}

/** Custom minutes for the stepper and Start Timer: whole minutes in 1..480; garbage becomes the default 30. */
export function clampSleepMinutes(n: number): number {
  if (!Number.isFinite(n)) return SLEEP_DEFAULT_MINUTES;
  return Math.min(SLEEP_MAX_MINUTES, Math.max(SLEEP_MIN_MINUTES, Math.round(n)));
}

export function startSleepTimer(minutes: number, nowMs: number): SleepTimerState {
  const length = clampSleepMinutes(minutes);
  return { endTime: nowMs + length * MS_PER_MINUTE, initialTime: length * 60, isActive: true };
}

/**
 * '+5 min' / '+15 min': moves endTime and grows initialTime by the same amount, so the ring keeps
 * its proportion. An inactive timer, or a non-positive / non-finite amount, leaves the state unchanged.
 */
export function extendSleepTimer(state: SleepTimerState, minutes: number): SleepTimerState {
  if (!state.isActive || !Number.isFinite(minutes) || minutes <= 0) return state;
  return {
    ...state,
    endTime: state.endTime + minutes * MS_PER_MINUTE,
    initialTime: state.initialTime + minutes * 60,
  };
}

/** Whole seconds left, rounded up so the countdown shows 0:01 until the very end; never negative. */
export function sleepTimerRemainingSeconds(state: SleepTimerState, nowMs: number): number {
  if (!state.isActive) return 0;
  return Math.max(0, Math.ceil((state.endTime - nowMs) / 1000));
}

/** Share of the timer still to run, 0..1, for the progress ring. */
export function sleepTimerRemainingFraction(state: SleepTimerState, nowMs: number): number {
  if (!state.isActive || state.initialTime <= 0) return 0;
  return Math.min(1, sleepTimerRemainingSeconds(state, nowMs) / state.initialTime);
}

/**
 * State read back from storage on reload (spec §4): kept only when valid, active and still in the
 * future; null tells the caller to clear the stored value.
 */
export function restoreSleepTimer(stored: unknown, nowMs: number): SleepTimerState | null {
  const parsed = sleepTimerSchema.safeParse(stored);
  if (!parsed.success || !parsed.data.isActive || parsed.data.endTime <= nowMs) return null;
  return parsed.data;
}
