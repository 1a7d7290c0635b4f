import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { addCivilDays, isValidTimeZone, stationInstant, stationWallClock } from './station-time.ts';

const DUBLIN = 'Europe/Dublin';
const ZONES = [DUBLIN, 'America/New_York', 'Pacific/Auckland', 'Asia/Kolkata', 'UTC'] as const;
const MINUTE_MS = 60_000;
// Minutes anywhere in 2025-2027, or within a day of the 2026 Dublin changes (01:00 UTC both days).
const minuteNearDublinChange = (changeMs: number) =>
  fc.integer({ min: (changeMs - 86_400_000) / MINUTE_MS, max: (changeMs + 86_400_000) / MINUTE_MS });
const anyMinute = fc.oneof(
  fc.integer({ min: Date.UTC(2025, 0, 1) / MINUTE_MS, max: Date.UTC(2028, 0, 1) / MINUTE_MS }),
  minuteNearDublinChange(Date.UTC(2026, 2, 29, 1)),
  minuteNearDublinChange(Date.UTC(2026, 9, 25, 1)),
);

/**
 * The module reads zones with Temporal where the engine has it (Chromium, Firefox) and with Intl where
 * not (Node 20, Safari): every behaviour below holds for both. Node has no Temporal, so the polyfill
 * stands in for the engine's.
 */
describe.each(['Intl', 'Temporal'] as const)('read with %s', (reader) => {
  beforeEach(() => {
    if (reader === 'Temporal') Object.assign(globalThis, { Temporal });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'Temporal');
    vi.restoreAllMocks();
  });

  it(`reads the zone with ${reader}`, () => {
    const temporalReads = vi.spyOn(Temporal.Instant, 'fromEpochMilliseconds');
    stationWallClock(new Date('2026-01-05T18:30:00Z'), DUBLIN);
    expect(temporalReads).toHaveBeenCalledTimes(reader === 'Temporal' ? 1 : 0);
  });

  describe('stationWallClock', () => {
    it('reads Dublin winter (GMT) and summer (IST) time', () => {
      expect(stationWallClock(new Date('2026-01-05T18:30:00Z'), DUBLIN)).toMatchObject({
        year: 2026,
        month: 1,
        day: 5,
        weekday: 'Monday',
        hour: 18,
        minute: 30,
        minutesOfDay: 1110,
      });
      expect(stationWallClock(new Date('2026-07-06T18:30:00Z'), DUBLIN)).toMatchObject({
        weekday: 'Monday',
        hour: 19,
        minute: 30,
      });
    });

    it('follows the 2026 Dublin daylight-saving changes', () => {
      const readings = [
        ['2026-03-29T00:59:00Z', 0, 59],
        ['2026-03-29T01:00:00Z', 2, 0],
        ['2026-10-25T00:59:00Z', 1, 59],
        ['2026-10-25T01:00:00Z', 1, 0],
      ] as const;
      for (const [instant, hour, minute] of readings) {
        expect(stationWallClock(new Date(instant), DUBLIN)).toMatchObject({ hour, minute });
      }
    });

    it('gives the far-away date when the station is a day ahead or behind', () => {
      const instant = new Date('2026-01-05T12:00:00Z');
      expect(stationWallClock(instant, 'Pacific/Auckland')).toMatchObject({
        day: 6,
        weekday: 'Tuesday',
        hour: 1,
      });
      expect(stationWallClock(new Date('2026-01-05T03:00:00Z'), 'America/New_York')).toMatchObject({
        day: 4,
        weekday: 'Sunday',
        hour: 22,
      });
    });

    it('rejects unknown zones', () => {
      expect(isValidTimeZone(DUBLIN)).toBe(true);
      expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
      expect(() => stationWallClock(new Date(0), 'Mars/Olympus_Mons')).toThrow(RangeError);
    });
  });

  describe('stationInstant', () => {
    it('resolves Dublin wall times across the year', () => {
      expect(stationInstant({ year: 2026, month: 1, day: 5 }, 18 * 60, DUBLIN).toISOString()).toBe(
        '2026-01-05T18:00:00.000Z',
      );
      expect(stationInstant({ year: 2026, month: 7, day: 6 }, 18 * 60, DUBLIN).toISOString()).toBe(
        '2026-07-06T17:00:00.000Z',
      );
      expect(stationInstant({ year: 2026, month: 1, day: 5 }, 1440 + 60, DUBLIN).toISOString()).toBe(
        '2026-01-06T01:00:00.000Z',
      );
    });

    it('moves a wall time skipped in spring forward and takes the earlier of a repeated autumn one', () => {
      expect(stationInstant({ year: 2026, month: 3, day: 29 }, 90, DUBLIN).toISOString()).toBe(
        '2026-03-29T01:30:00.000Z',
      );
      expect(stationInstant({ year: 2026, month: 10, day: 25 }, 90, DUBLIN).toISOString()).toBe(
        '2026-10-25T00:30:00.000Z',
      );
      expect(stationInstant({ year: 2026, month: 3, day: 29 }, 180, DUBLIN).toISOString()).toBe(
        '2026-03-29T02:00:00.000Z',
      );
    });

    it('inverts stationWallClock for any minute-aligned instant (the earlier of repeated times)', () => {
      fc.assert(
        fc.property(anyMinute, fc.constantFrom(...ZONES), (minute, zone) => {
          const instant = new Date(minute * MINUTE_MS);
          const clock = stationWallClock(instant, zone);
          const back = stationInstant(clock, clock.minutesOfDay, zone);
          // In the repeated autumn hour the earlier instant comes back, exactly one hour before.
          expect([0, 3_600_000]).toContain(instant.getTime() - back.getTime());
          expect(stationWallClock(back, zone)).toMatchObject({
            day: clock.day,
            hour: clock.hour,
            minute: clock.minute,
          });
        }),
        { numRuns: 500 },
      );
    });
  });
});

it('reads with Intl where the engine has only part of Temporal', () => {
  const instant = new Date('2026-07-06T18:30:00Z');
  const intl = stationWallClock(instant, DUBLIN);
  Object.assign(globalThis, { Temporal: { Now: {} } });
  try {
    expect(stationWallClock(instant, DUBLIN)).toEqual(intl);
    expect(isValidTimeZone(DUBLIN)).toBe(true);
  } finally {
    Reflect.deleteProperty(globalThis, 'Temporal');
  }
});

it('reads the same wall clock with Temporal as with Intl, to the second', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) }),
      fc.constantFrom(...ZONES, 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns'),
      (epochMs, zone) => {
        const instant = new Date(epochMs);
        const intl = stationWallClock(instant, zone);
        Object.assign(globalThis, { Temporal });
        try {
          expect(stationWallClock(instant, zone)).toEqual(intl);
        } finally {
          Reflect.deleteProperty(globalThis, 'Temporal');
        }
      },
    ),
    { numRuns: 2_000 },
  );
});

describe('addCivilDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addCivilDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addCivilDays({ year: 2028, month: 2, day: 28 }, 1)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(addCivilDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
  });
});
