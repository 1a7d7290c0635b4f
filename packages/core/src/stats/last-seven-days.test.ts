import { describe, expect, it } from 'vitest';
import { lastSevenDays } from './last-seven-days.ts';

// Local-time constructors: the calendar is the listener's own, so this holds in any process zone.
const at = (month: number, day: number, hour: number) => new Date(2026, month - 1, day, hour);

describe('lastSevenDays', () => {
  it('gives the seven local days ending today, oldest first, zero where nobody listened', () => {
    const week = lastSevenDays(
      [
        { date: '2026-11-14', totalTime: 999, sessions: 1 },
        { date: '2026-11-16', totalTime: 600, sessions: 2 },
        { date: '2026-11-20', totalTime: 45, sessions: 1 },
      ],
      at(11, 20, 23),
    );
    expect(week.map((day) => [day.date, day.label, day.totalTime, day.isToday])).toEqual([
      ['2026-11-14', 'Sat', 999, false],
      ['2026-11-15', 'Sun', 0, false],
      ['2026-11-16', 'Mon', 600, false],
      ['2026-11-17', 'Tue', 0, false],
      ['2026-11-18', 'Wed', 0, false],
      ['2026-11-19', 'Thu', 0, false],
      ['2026-11-20', 'Fri', 45, true],
    ]);
  });

  it('counts calendar days across a month end and at the first minute of a day', () => {
    expect(lastSevenDays([], new Date(2026, 2, 2, 0, 0)).map((day) => day.date)).toEqual([
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('neither skips nor repeats a day across the daylight-saving changes of 2026', () => {
    // Europe and the US change clocks in March and October/November; every one falls in these weeks.
    for (const today of [at(3, 31, 0), at(3, 10, 23), at(10, 27, 12), at(11, 3, 1)]) {
      const dates = lastSevenDays([], today).map((day) => day.date);
      expect(new Set(dates).size).toBe(7);
      const days = dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 86_400_000);
      expect(days.slice(1).map((day, index) => day - (days[index] ?? 0))).toEqual([1, 1, 1, 1, 1, 1]);
    }
  });
});
