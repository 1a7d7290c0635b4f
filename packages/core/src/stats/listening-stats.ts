import * as z from 'zod/mini';
import { addCivilDays } from '../schedule/station-time.ts';
import { formatTimeOfDay, type ClockStyle } from '../clock/clock-style.ts';
import {
  DAYS_PER_WEEK,
  MIN_STORED_SESSION_SECONDS,
  STREAK_GRACE_DAYS,
  TIME_OF_DAY_START_HOURS,
} from '../constants.ts';

/** One play-to-stop stretch (spec §3): times in epoch ms, duration in seconds, date = local 'YYYY-MM-DD' of the start. */
export type ListeningSession = {
  id: string;
  startTime: number;
  endTime: number;
  duration: number;
  date: string;
};

export type TimeOfDay = keyof typeof TIME_OF_DAY_START_HOURS;

/** One local calendar day with listening: date 'YYYY-MM-DD', totalTime in seconds. */
export type DailyStat = { date: string; totalTime: number; sessions: number };
/** One ISO week with listening: week 'YYYY-Www' (ISO week-year), totalTime and averageDaily in seconds. */
export type WeeklyStat = { week: string; totalTime: number; sessions: number; averageDaily: number };

/**
 * Field names as spec §3; every duration is in seconds. dailyStats and weeklyStats hold only days and
 * weeks with listening, oldest first. Streaks count days. favoriteTimeOfDay is the bucket with the most
 * listening time (ties go to the earlier bucket of Morning, Afternoon, Evening, Night), null when there
 * are no sessions.
 */
export type ListeningStats = {
  totalListeningTime: number;
  totalSessions: number;
  currentStreak: number;
  longestStreak: number;
  averageSessionLength: number;
  dailyStats: DailyStat[];
  weeklyStats: WeeklyStat[];
  favoriteTimeOfDay: TimeOfDay | null;
  thisWeekTime: number;
  lastWeekTime: number;
  thisMonthTime: number;
};

export const listeningSessionSchema = z
  .object({
    id: z.string().check(z.minLength(1)),
    startTime: z.number().check(z.nonnegative()),
    endTime: z.number().check(z.nonnegative()),
    duration: z.number().check(z.nonnegative()),
    date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  })
  .check(
    z.refine((session) => session.endTime >= session.startTime, { message: 'endTime is before startTime' }),
  );

const seconds = z.number().check(z.nonnegative());
const count = z.int().check(z.nonnegative());

/** The stats as stored under playfm_stats_listening_stats (spec §3): checked before every write. */
export const listeningStatsSchema = z.object({
  totalListeningTime: seconds,
  totalSessions: count,
  currentStreak: count,
  longestStreak: count,
  averageSessionLength: seconds,
  dailyStats: z.array(
    z.object({ date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)), totalTime: seconds, sessions: count }),
  ),
  weeklyStats: z.array(
    z.object({
      week: z.string().check(z.regex(/^\d{4}-W\d{2}$/)),
      totalTime: seconds,
      sessions: count,
      averageDaily: seconds,
    }),
  ),
  favoriteTimeOfDay: z.nullable(z.enum(['Morning', 'Afternoon', 'Evening', 'Night'])),
  thisWeekTime: seconds,
  lastWeekTime: seconds,
  thisMonthTime: seconds,
}) satisfies z.ZodMiniType<ListeningStats>;

/** Stored sessions: entries that fail validation are dropped one by one, so one bad entry loses nothing else. */
export function parseStoredSessions(input: unknown): ListeningSession[] {
  if (!Array.isArray(input)) return [];
  return input.flatMap((entry) => {
    const parsed = listeningSessionSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of an instant in the listener's (process's) local zone. */
export function localDateKey(epochMs: number): string {
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** A finished session ready to store, or null when shorter than MIN_STORED_SESSION_SECONDS (spec §4). */
export function makeListeningSession(id: string, startMs: number, endMs: number): ListeningSession | null {
  const duration = Math.floor((endMs - startMs) / 1000);
  if (!(duration >= MIN_STORED_SESSION_SECONDS)) return null;
  return { id, startTime: startMs, endTime: endMs, duration, date: localDateKey(startMs) };
}

/** The hours of a bucket on the station's clock: 'Morning' → '06:00 – 12:00' or '6am – 12pm'. */
export function timeOfDayHours(bucket: TimeOfDay, clock: ClockStyle): string {
  const order = Object.keys(TIME_OF_DAY_START_HOURS) as TimeOfDay[];
  const next = order[(order.indexOf(bucket) + 1) % order.length] ?? bucket;
  return `${formatTimeOfDay(TIME_OF_DAY_START_HOURS[bucket], 0, clock)} – ${formatTimeOfDay(TIME_OF_DAY_START_HOURS[next], 0, clock)}`;
}

export function timeOfDayBucket(hour: number): TimeOfDay {
  if (hour >= TIME_OF_DAY_START_HOURS.Morning && hour < TIME_OF_DAY_START_HOURS.Afternoon) return 'Morning';
  if (hour >= TIME_OF_DAY_START_HOURS.Afternoon && hour < TIME_OF_DAY_START_HOURS.Evening) return 'Afternoon';
  if (hour >= TIME_OF_DAY_START_HOURS.Evening && hour < TIME_OF_DAY_START_HOURS.Night) return 'Evening';
  return 'Night';
}

type Civil = { year: number; month: number; day: number };

// Calendar arithmetic is done on UTC dates built from local calendar fields, so a daylight-saving
// day (23 or 25 hours long) still counts as exactly one day.
const dayNumber = ({ year, month, day }: Civil): number => Date.UTC(year, month - 1, day) / 86_400_000;

function localCivil(epochMs: number): Civil {
  const date = new Date(epochMs);
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** ISO 8601 week key, 'YYYY-Www' with the ISO week-year (1 Jan 2027 is in '2026-W53'). */
export function isoWeekKey(civil: Civil): string {
  const days = dayNumber(civil);
  const mondayBased = (new Date(days * 86_400_000).getUTCDay() + 6) % 7;
  const thursday = new Date((days - mondayBased + 3) * 86_400_000);
  const weekYear = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(weekYear, 0, 1)) / (7 * 86_400_000));
  return `${weekYear}-W${pad2(week)}`;
}

function streaks(dayNumbers: number[], today: number): { current: number; longest: number } {
  const days = [...new Set(dayNumbers)].sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  let previous = -Infinity;
  for (const day of days) {
    run = day === previous + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const latest = days.at(-1);
  const sinceLatest = latest === undefined ? Infinity : today - latest;
  const current = sinceLatest >= 0 && sinceLatest <= STREAK_GRACE_DAYS ? run : 0;
  return { current, longest };
}

/**
 * Statistics from stored sessions (spec §3, §9). Sessions under 10 s are ignored and repeated ids
 * count once. Each session belongs wholly to the local day, hour, week and month of its start, in the
 * listener's own zone (the process's zone: these are personal figures, unlike the schedule).
 */
export function computeListeningStats(sessions: readonly ListeningSession[], now: Date): ListeningStats {
  const seen = new Set<string>();
  const counted = sessions.filter((session) => {
    if (session.duration < MIN_STORED_SESSION_SECONDS || seen.has(session.id)) return false;
    seen.add(session.id);
    return true;
  });

  const today = localCivil(now.getTime());
  const thisWeek = isoWeekKey(today);
  const lastWeek = isoWeekKey(addCivilDays(today, -DAYS_PER_WEEK));
  const daily = new Map<string, DailyStat>();
  const weekly = new Map<string, WeeklyStat>();
  const bucketTime: Record<TimeOfDay, number> = { Morning: 0, Afternoon: 0, Evening: 0, Night: 0 };
  const dayNumbers: number[] = [];
  let total = 0;
  let thisWeekTime = 0;
  let lastWeekTime = 0;
  let thisMonthTime = 0;

  for (const session of counted) {
    const civil = localCivil(session.startTime);
    const dateKey = `${civil.year}-${pad2(civil.month)}-${pad2(civil.day)}`;
    const weekKey = isoWeekKey(civil);
    const seconds = session.duration;
    total += seconds;
    dayNumbers.push(dayNumber(civil));
    bucketTime[timeOfDayBucket(new Date(session.startTime).getHours())] += seconds;

    const day = daily.get(dateKey) ?? { date: dateKey, totalTime: 0, sessions: 0 };
    daily.set(dateKey, { ...day, totalTime: day.totalTime + seconds, sessions: day.sessions + 1 });
    const week = weekly.get(weekKey) ?? { week: weekKey, totalTime: 0, sessions: 0, averageDaily: 0 };
    const weekTotal = week.totalTime + seconds;
    weekly.set(weekKey, {
      week: weekKey,
      totalTime: weekTotal,
      sessions: week.sessions + 1,
      averageDaily: weekTotal / DAYS_PER_WEEK,
    });

    if (weekKey === thisWeek) thisWeekTime += seconds;
    if (weekKey === lastWeek) lastWeekTime += seconds;
    if (civil.year === today.year && civil.month === today.month) thisMonthTime += seconds;
  }

  const { current, longest } = streaks(dayNumbers, dayNumber(today));
  const buckets = Object.keys(bucketTime) as TimeOfDay[];
  const favorite = buckets.reduce((best, bucket) => (bucketTime[bucket] > bucketTime[best] ? bucket : best));
  return {
    totalListeningTime: total,
    totalSessions: counted.length,
    currentStreak: current,
    longestStreak: longest,
    averageSessionLength: counted.length === 0 ? 0 : total / counted.length,
    dailyStats: [...daily.values()].sort((a, b) => a.date.localeCompare(b.date)),
    weeklyStats: [...weekly.values()].sort((a, b) => a.week.localeCompare(b.week)),
    favoriteTimeOfDay: counted.length === 0 ? null : favorite,
    thisWeekTime,
    lastWeekTime,
    thisMonthTime,
  };
}
