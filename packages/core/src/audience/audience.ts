import * as z from 'zod/mini';
import { roundTenth } from '../analytics/insights.ts';
import { favoriteName } from '../schedule/favorites.ts';
import { findOnAir } from '../schedule/on-air.ts';
import { stationWallClock } from '../schedule/station-time.ts';
import type { Schedule } from '../schedule/types.ts';
import { daypartOf, type Daypart } from './dayparts.ts';
import { listeningSessionsSchema } from './listening-session.ts';

/** The highest listener count read in one UTC minute (`minute` is `YYYY-MM-DDTHH:MM`), as stored. */
export interface ListenerMinute {
  minute: string;
  listeners: number;
}

const figure = z.number().check(z.nonnegative());
const count = z.int().check(z.nonnegative());

/**
 * The audience figures radio is sold on, after Triton's definitions, from the per-minute listener
 * counts the server reads from its own stream server:
 * - TLH, total listening hours: every listener-minute, over 60.
 * - AQH persons, average quarter-hour persons: the mean, over the quarter-hours of a period, of
 *   each quarter-hour's persons. A quarter-hour's persons is the mean of its minute counts (Triton
 *   also allows "listeners present 5 minutes or more"; the stream server's counts carry no one's
 *   identity, so the mean is the one we can compute without tracking anybody).
 * - `quarterHours`: how many quarter-hours had at least one reading. One without any (the stream or
 *   the server was down) is left out of the average rather than counted as nobody listening.
 */
export const audienceFiguresSchema = z.object({
  byDay: z.array(
    z.object({
      day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
      tlh: figure,
      aqh: figure,
      peak: count,
      quarterHours: count,
    }),
  ),
  byDaypart: z.array(
    z.object({
      name: z.string(),
      start: count,
      end: count,
      tlh: figure,
      aqh: figure,
      peak: count,
      quarterHours: count,
    }),
  ),
  /** Each show of the week as the schedule has it now, over the minutes it was on air. */
  byShow: z.array(z.object({ show: z.string(), tlh: figure, average: figure, peak: count, minutes: count })),
});
export type AudienceFigures = z.infer<typeof audienceFiguresSchema>;

/** GET /api/insights/audience?days=N: the audience figures and the app's listening sessions, admin only. */
export const audienceInsightsSchema = z.object({
  days: z.int().check(z.positive()),
  /** The first UTC day read (station days at the edges of the range may be partly covered). */
  since: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  audience: audienceFiguresSchema,
  sessions: listeningSessionsSchema,
});
export type AudienceInsights = z.infer<typeof audienceInsightsSchema>;

interface Tally {
  listenerMinutes: number;
  peak: number;
  quarterHourPersons: number;
  quarterHours: number;
}

const emptyTally = (): Tally => ({ listenerMinutes: 0, peak: 0, quarterHourPersons: 0, quarterHours: 0 });
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * TLH and AQH per station day and per daypart, and peak and average by show, from per-minute
 * counts. Days and dayparts are read on the station's wall clock in `timeZone` (daylight saving
 * included). Every zone's offset is a whole number of quarter-hours, so the UTC quarter-hours the
 * minutes fall in are the station's own, and none straddles an hour, a day or a daypart.
 */
export function audienceFigures({
  minutes,
  timeZone,
  dayparts,
  schedule,
}: {
  minutes: readonly ListenerMinute[];
  timeZone: string;
  dayparts: readonly Daypart[];
  /** The stored week (null: none), which names the show on air at each minute. */
  schedule: Schedule | null;
}): AudienceFigures {
  const quarters = new Map<string, { sum: number; samples: number; day: string; part: string | null }>();
  const days = new Map<string, Tally>();
  const parts = new Map<string, Tally>(dayparts.map((part) => [part.name, emptyTally()]));
  const shows = new Map<string, { sum: number; minutes: number; peak: number }>();
  // The show on air depends only on the station's weekday and minute: looked up once per slot of the week.
  const showAt = new Map<string, string | null>();

  for (const { minute, listeners } of minutes) {
    const at = new Date(`${minute}:00Z`);
    const clock = stationWallClock(at, timeZone);
    const day = `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
    const part = daypartOf(dayparts, clock.hour)?.name ?? null;

    const dayTally = days.get(day) ?? emptyTally();
    dayTally.listenerMinutes += listeners;
    dayTally.peak = Math.max(dayTally.peak, listeners);
    days.set(day, dayTally);
    const partTally = part === null ? undefined : parts.get(part);
    if (partTally) {
      partTally.listenerMinutes += listeners;
      partTally.peak = Math.max(partTally.peak, listeners);
    }

    const quarterKey = `${minute.slice(0, 14)}${Math.floor(Number(minute.slice(14, 16)) / 15)}`;
    const quarter = quarters.get(quarterKey) ?? { sum: 0, samples: 0, day, part };
    quarter.sum += listeners;
    quarter.samples += 1;
    quarters.set(quarterKey, quarter);

    if (schedule) {
      const slotKey = `${clock.weekday} ${clock.minutesOfDay}`;
      let show = showAt.get(slotKey);
      if (show === undefined) {
        const onAir = findOnAir(schedule, at, timeZone);
        show = onAir ? favoriteName(onAir.slot) : null;
        showAt.set(slotKey, show);
      }
      if (show !== null) {
        const tally = shows.get(show) ?? { sum: 0, minutes: 0, peak: 0 };
        tally.sum += listeners;
        tally.minutes += 1;
        tally.peak = Math.max(tally.peak, listeners);
        shows.set(show, tally);
      }
    }
  }

  for (const quarter of quarters.values()) {
    const persons = quarter.sum / quarter.samples;
    for (const tally of [
      days.get(quarter.day),
      quarter.part === null ? undefined : parts.get(quarter.part),
    ]) {
      if (!tally) continue;
      tally.quarterHourPersons += persons;
      tally.quarterHours += 1;
    }
  }

  const summary = (tally: Tally) => ({
    tlh: roundTenth(tally.listenerMinutes / 60),
    aqh: tally.quarterHours === 0 ? 0 : roundTenth(tally.quarterHourPersons / tally.quarterHours),
    peak: tally.peak,
    quarterHours: tally.quarterHours,
  });
  return {
    byDay: [...days.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, tally]) => ({ day, ...summary(tally) })),
    byDaypart: dayparts.map((part) => ({
      name: part.name,
      start: part.start,
      end: part.end,
      ...summary(parts.get(part.name) ?? emptyTally()),
    })),
    byShow: [...shows.entries()]
      .map(([show, tally]) => ({
        show,
        tlh: roundTenth(tally.sum / 60),
        average: roundTenth(tally.sum / tally.minutes),
        peak: tally.peak,
        minutes: tally.minutes,
      }))
      .sort((a, b) => b.average - a.average || b.peak - a.peak || a.show.localeCompare(b.show)),
  };
}
