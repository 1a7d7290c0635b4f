import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  clampSleepMinutes,
  extendSleepTimer,
  restoreSleepTimer,
  SLEEP_FADE_MS,
  sleepFadeLevel,
  sleepTimerRemainingFraction,
  sleepTimerRemainingSeconds,
  startSleepTimer,
} from './sleep-timer.ts';

const NOW = Date.UTC(2026, 0, 5, 22, 0);

describe('clampSleepMinutes', () => {
  it('clamps to 1..480 and rounds to whole minutes', () => {
    expect(clampSleepMinutes(0)).toBe(1);
    expect(clampSleepMinutes(-20)).toBe(1);
    expect(clampSleepMinutes(481)).toBe(480);
    expect(clampSleepMinutes(45)).toBe(45);
    expect(clampSleepMinutes(44.6)).toBe(45);
    expect(clampSleepMinutes(0.4)).toBe(1);
  });

  it('turns NaN and infinities into the default 30', () => {
    expect(clampSleepMinutes(Number.NaN)).toBe(30);
    expect(clampSleepMinutes(Infinity)).toBe(30);
    expect(clampSleepMinutes(-Infinity)).toBe(30);
  });

  it('always gives a whole number in range, idempotently, keeping in-range integers', () => {
    fc.assert(
      fc.property(fc.double(), (n) => {
        const m = clampSleepMinutes(n);
        expect(Number.isInteger(m)).toBe(true);
        expect(m).toBeGreaterThanOrEqual(1);
        expect(m).toBeLessThanOrEqual(480);
        expect(clampSleepMinutes(m)).toBe(m);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 480 }), (n) => {
        expect(clampSleepMinutes(n)).toBe(n);
      }),
    );
  });
});

describe('sleep timer state', () => {
  it('starts with end time and initial seconds', () => {
    expect(startSleepTimer(30, NOW)).toEqual({
      endTime: NOW + 30 * 60_000,
      initialTime: 1800,
      isActive: true,
    });
    expect(startSleepTimer(9999, NOW).initialTime).toBe(480 * 60);
  });

  it('extends endTime and initialTime by +5 / +15 minutes', () => {
    const started = startSleepTimer(15, NOW);
    const extended = extendSleepTimer(extendSleepTimer(started, 5), 15);
    expect(extended).toEqual({ endTime: NOW + 35 * 60_000, initialTime: 35 * 60, isActive: true });
    expect(started.initialTime).toBe(900);
  });

  it('does not extend an inactive timer or by a bad amount', () => {
    const inactive = { endTime: NOW, initialTime: 60, isActive: false };
    expect(extendSleepTimer(inactive, 5)).toBe(inactive);
    const active = startSleepTimer(10, NOW);
    expect(extendSleepTimer(active, 0)).toBe(active);
    expect(extendSleepTimer(active, Number.NaN)).toBe(active);
  });

  it('counts whole seconds up and never below zero', () => {
    const state = startSleepTimer(1, NOW);
    expect(sleepTimerRemainingSeconds(state, NOW)).toBe(60);
    expect(sleepTimerRemainingSeconds(state, NOW + 59_001)).toBe(1);
    expect(sleepTimerRemainingSeconds(state, NOW + 59_999)).toBe(1);
    expect(sleepTimerRemainingSeconds(state, NOW + 60_000)).toBe(0);
    expect(sleepTimerRemainingSeconds(state, NOW + 3_600_000)).toBe(0);
    expect(sleepTimerRemainingSeconds({ ...state, isActive: false }, NOW)).toBe(0);
  });

  it('reports the share left for the ring', () => {
    const state = startSleepTimer(10, NOW);
    expect(sleepTimerRemainingFraction(state, NOW)).toBe(1);
    expect(sleepTimerRemainingFraction(state, NOW + 5 * 60_000)).toBe(0.5);
    expect(sleepTimerRemainingFraction(state, NOW + 11 * 60_000)).toBe(0);
  });
});

describe('restoreSleepTimer', () => {
  it('restores an active timer whose end is in the future', () => {
    const state = startSleepTimer(30, NOW);
    expect(restoreSleepTimer(JSON.parse(JSON.stringify(state)), NOW + 60_000)).toEqual(state);
  });

  it('drops expired, inactive and malformed state', () => {
    const state = startSleepTimer(30, NOW);
    expect(restoreSleepTimer(state, state.endTime)).toBeNull();
    expect(restoreSleepTimer({ ...state, isActive: false }, NOW)).toBeNull();
    expect(restoreSleepTimer({ ...state, endTime: String(state.endTime) }, NOW)).toBeNull();
    expect(restoreSleepTimer({ endTime: state.endTime }, NOW)).toBeNull();
    expect(restoreSleepTimer({ ...state, initialTime: 0 }, NOW)).toBeNull();
    expect(restoreSleepTimer(null, NOW)).toBeNull();
    expect(restoreSleepTimer('{"endTime":1}', NOW)).toBeNull();
  });
});

describe('sleepFadeLevel', () => {
  it('is full volume until the last 10 s, then falls linearly to silence', () => {
    expect(SLEEP_FADE_MS).toBe(10_000);
    expect(sleepFadeLevel(60_000)).toBe(1);
    expect(sleepFadeLevel(10_000)).toBe(1);
    expect(sleepFadeLevel(7_500)).toBe(0.75);
    expect(sleepFadeLevel(5_000)).toBe(0.5);
    expect(sleepFadeLevel(0)).toBe(0);
    expect(sleepFadeLevel(-1)).toBe(0);
    expect(sleepFadeLevel(Number.NaN)).toBe(1);
  });

  it('is a volume (0..1) that never rises as the end comes closer', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.double({ min: 0, noNaN: true }), (msLeft, later) => {
        const level = sleepFadeLevel(msLeft);
        expect(level).toBeGreaterThanOrEqual(0);
        expect(level).toBeLessThanOrEqual(1);
        expect(sleepFadeLevel(msLeft - later)).toBeLessThanOrEqual(level);
      }),
    );
  });
});
