import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  computeListeningStats,
  isoWeekKey,
  listeningSessionSchema,
  listeningStatsSchema,
  localDateKey,
  makeListeningSession,
  parseStoredSessions,
  timeOfDayBucket,
  timeOfDayHours,
  type ListeningSession,
} from './listening-stats.ts';

// Dates are built with local-time constructors, so these tests hold in any process zone (the stats
// are defined in the listener's local zone). Run with TZ=Pacific/Auckland or TZ=America/New_York to see.
const local = (month: number, day: number, hour = 12, minute = 0, year = 2026) =>
  new Date(year, month - 1, day, hour, minute);
let nextId = 0;
const session = (start: Date, seconds: number): ListeningSession => ({
  id: `s${(nextId += 1)}`,
  startTime: start.getTime(),
  endTime: start.getTime() + seconds * 1000,
  duration: seconds,
  date: localDateKey(start.getTime()),
});

describe('timeOfDayBucket', () => {
  it.each([
    [0, 'Night'],
    [5, 'Night'],
    [6, 'Morning'],
    [11, 'Morning'],
    [12, 'Afternoon'],
    [17, 'Afternoon'],
    [18, 'Evening'],
    [21, 'Evening'],
    [22, 'Night'],
    [23, 'Night'],
  ])('hour %i → %s', (hour, bucket) => {
    expect(timeOfDayBucket(hour)).toBe(bucket);
  });
});

describe('timeOfDayHours', () => {
  it("words each bucket with the hours spec §9 gives it, on the station's clock", () => {
    expect(timeOfDayHours('Morning', '12-hour')).toBe('6am – 12pm');
    expect(timeOfDayHours('Afternoon', '12-hour')).toBe('12pm – 6pm');
    expect(timeOfDayHours('Evening', '12-hour')).toBe('6pm – 10pm');
    expect(timeOfDayHours('Night', '12-hour')).toBe('10pm – 6am');
    expect(timeOfDayHours('Morning', '24-hour')).toBe('06:00 – 12:00');
    expect(timeOfDayHours('Night', '24-hour')).toBe('22:00 – 06:00');
  });
});

describe('listeningStatsSchema', () => {
  it('accepts what computeListeningStats gives and refuses a stats object with a bad field', () => {
    const stats = computeListeningStats(
      [session(local(1, 5, 9), 600), session(local(1, 6, 20), 30)],
      local(1, 6),
    );
    expect(listeningStatsSchema.parse(stats)).toEqual(stats);
    expect(listeningStatsSchema.parse(computeListeningStats([], local(1, 6)))).toMatchObject({
      favoriteTimeOfDay: null,
    });
    expect(listeningStatsSchema.safeParse({ ...stats, totalSessions: -1 }).success).toBe(false);
    expect(listeningStatsSchema.safeParse({ ...stats, favoriteTimeOfDay: 'Dawn' }).success).toBe(false);
  });
});

describe('isoWeekKey', () => {
  it('uses the ISO week-year', () => {
    expect(isoWeekKey({ year: 2026, month: 1, day: 1 })).toBe('2026-W01');
    expect(isoWeekKey({ year: 2026, month: 1, day: 5 })).toBe('2026-W02');
    expect(isoWeekKey({ year: 2027, month: 1, day: 1 })).toBe('2026-W53');
    expect(isoWeekKey({ year: 2024, month: 12, day: 30 })).toBe('2025-W01');
    expect(isoWeekKey({ year: 2026, month: 3, day: 29 })).toBe('2026-W13');
  });
});

describe('makeListeningSession', () => {
  it('stores sessions of at least 10 s with local date and whole seconds', () => {
    const start = local(1, 5, 23, 59);
    expect(makeListeningSession('a', start.getTime(), start.getTime() + 10_000)).toEqual({
      id: 'a',
      startTime: start.getTime(),
      endTime: start.getTime() + 10_000,
      duration: 10,
      date: '2026-01-05',
    });
    expect(makeListeningSession('b', start.getTime(), start.getTime() + 9_999)).toBeNull();
    expect(makeListeningSession('c', start.getTime(), start.getTime() - 60_000)).toBeNull();
  });
});

describe('computeListeningStats', () => {
  it('is empty with no sessions', () => {
    expect(computeListeningStats([], local(1, 7))).toEqual({
      totalListeningTime: 0,
      totalSessions: 0,
      currentStreak: 0,
      longestStreak: 0,
      averageSessionLength: 0,
      dailyStats: [],
      weeklyStats: [],
      favoriteTimeOfDay: null,
      thisWeekTime: 0,
      lastWeekTime: 0,
      thisMonthTime: 0,
    });
  });

  it('ignores sessions under 10 s and repeated ids', () => {
    const kept = session(local(1, 5, 8), 600);
    const stats = computeListeningStats([kept, kept, session(local(1, 5, 9), 9)], local(1, 5, 20));
    expect(stats.totalSessions).toBe(1);
    expect(stats.totalListeningTime).toBe(600);
  });

  it('sums days, weeks and this/last week and month in local time', () => {
    // Wednesday 7 January 2026 is in ISO week 2; Monday 29 December 2025 is in 2026-W01.
    const sessions = [
      session(local(12, 29, 20, 0, 2025), 1200), // 2026-W01, last week, December
      session(local(1, 2, 7), 600), // 2026-W01, last week, January
      session(local(1, 5, 8), 1800), // 2026-W02
      session(local(1, 5, 19), 900), // 2026-W02
      session(local(1, 7, 23, 30), 300), // 2026-W02
    ];
    const stats = computeListeningStats(sessions, local(1, 7, 23, 45));
    expect(stats.totalListeningTime).toBe(4800);
    expect(stats.totalSessions).toBe(5);
    expect(stats.averageSessionLength).toBe(960);
    expect(stats.dailyStats).toEqual([
      { date: '2025-12-29', totalTime: 1200, sessions: 1 },
      { date: '2026-01-02', totalTime: 600, sessions: 1 },
      { date: '2026-01-05', totalTime: 2700, sessions: 2 },
      { date: '2026-01-07', totalTime: 300, sessions: 1 },
    ]);
    expect(stats.weeklyStats).toEqual([
      { week: '2026-W01', totalTime: 1800, sessions: 2, averageDaily: 1800 / 7 },
      { week: '2026-W02', totalTime: 3000, sessions: 3, averageDaily: 3000 / 7 },
    ]);
    expect(stats.thisWeekTime).toBe(3000);
    expect(stats.lastWeekTime).toBe(1800);
    expect(stats.thisMonthTime).toBe(3600);
    expect(stats.favoriteTimeOfDay).toBe('Morning'); // 2400 s of mornings beats 2100 s of evenings
  });

  it('counts a streak of consecutive local days only if it reaches today or yesterday', () => {
    const days = [1, 2, 3, 5, 6].map((day) => session(local(3, day, 21), 60));
    expect(computeListeningStats(days, local(3, 6, 23))).toMatchObject({
      currentStreak: 2,
      longestStreak: 3,
    });
    expect(computeListeningStats(days, local(3, 7, 9))).toMatchObject({ currentStreak: 2, longestStreak: 3 });
    expect(computeListeningStats(days, local(3, 8, 9))).toMatchObject({ currentStreak: 0, longestStreak: 3 });
    // Across the end of March (Dublin and others change clocks that Sunday) days still chain.
    const overChange = [28, 29, 30, 31].map((day) => session(local(3, day, 0, 30), 60));
    expect(computeListeningStats(overChange, local(4, 1, 9))).toMatchObject({
      currentStreak: 4,
      longestStreak: 4,
    });
  });

  it('picks the bucket with the most listening time, earlier bucket on a tie', () => {
    const stats = computeListeningStats(
      [session(local(1, 5, 23), 500), session(local(1, 5, 13), 400), session(local(1, 5, 14), 400)],
      local(1, 6),
    );
    expect(stats.favoriteTimeOfDay).toBe('Afternoon');
    const tie = computeListeningStats(
      [session(local(1, 5, 19), 500), session(local(1, 5, 2), 500)],
      local(1, 6),
    );
    expect(tie.favoriteTimeOfDay).toBe('Evening');
  });

  it('keeps totals consistent for any sessions', () => {
    const sessionArb = fc
      .tuple(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.integer({ min: 0, max: 20_000 }),
      )
      .map(([start, seconds]) => session(new Date(start), seconds));
    fc.assert(
      fc.property(
        fc.array(sessionArb, { maxLength: 40 }),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }),
        (sessions, now) => {
          const stats = computeListeningStats(sessions, new Date(now));
          const counted = sessions.filter((s) => s.duration >= 10);
          const total = counted.reduce((sum, s) => sum + s.duration, 0);
          expect(stats.totalSessions).toBe(counted.length);
          expect(stats.totalListeningTime).toBe(total);
          expect(stats.dailyStats.reduce((sum, d) => sum + d.totalTime, 0)).toBe(total);
          expect(stats.weeklyStats.reduce((sum, w) => sum + w.sessions, 0)).toBe(counted.length);
          expect(stats.currentStreak).toBeLessThanOrEqual(stats.longestStreak);
          expect(stats.longestStreak).toBeLessThanOrEqual(stats.dailyStats.length);
          expect(stats.thisWeekTime + stats.lastWeekTime).toBeLessThanOrEqual(total);
          expect(stats.favoriteTimeOfDay === null).toBe(counted.length === 0);
        },
      ),
    );
  });
});

describe('stored sessions', () => {
  it('validates with the schema and drops only the bad entries', () => {
    const good = session(local(1, 5, 8), 600);
    expect(listeningSessionSchema.safeParse(good).success).toBe(true);
    expect(listeningSessionSchema.safeParse({ ...good, endTime: good.startTime - 1 }).success).toBe(false);
    expect(listeningSessionSchema.safeParse({ ...good, date: '5/1/2026' }).success).toBe(false);
    expect(parseStoredSessions([good, { ...good, duration: 'long' }, null])).toEqual([good]);
    expect(parseStoredSessions({ sessions: [good] })).toEqual([]);
  });
});
