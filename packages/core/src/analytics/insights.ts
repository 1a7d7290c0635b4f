import * as z from 'zod/mini';
import { stationWallClock } from '../schedule/station-time.ts';
import { WEEKDAYS } from '../schedule/types.ts';
import { ANALYTICS_EVENT_NAMES, ANALYTICS_RETENTION_DAYS, PLATFORM_TYPES } from './analytics-constants.ts';

/** The longest window the insights page may ask for: nothing older is kept. */
export const INSIGHTS_MAX_DAYS = ANALYTICS_RETENTION_DAYS;
export const INSIGHTS_DEFAULT_DAYS = 7;

export const insightsQuerySchema = z.strictObject({
  days: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(INSIGHTS_MAX_DAYS)),
    INSIGHTS_DEFAULT_DAYS,
  ),
});

const count = z.int().check(z.nonnegative());
const listenerFigure = z.number().check(z.nonnegative());
/** A UTC calendar day, `YYYY-MM-DD`. */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const listenerHourSchema = z.object({
  weekday: z.enum(WEEKDAYS),
  hour: z.int().check(z.minimum(0), z.maximum(23)),
  average: listenerFigure,
  peak: count,
});
export type ListenerHour = z.infer<typeof listenerHourSchema>;

/** GET /api/insights: what the station learns, all of it aggregated (no row is about a person). */
export const insightsSchema = z.object({
  days: z.int().check(z.positive()),
  since: day,
  listeners: z.object({
    peak: count,
    average: listenerFigure,
    byDay: z.array(z.object({ day, peak: count, average: listenerFigure })),
    byHourOfWeek: z.array(listenerHourSchema),
  }),
  eventsByDay: z.array(
    z.object({ day, name: z.enum(ANALYTICS_EVENT_NAMES), platform: z.enum(PLATFORM_TYPES), count }),
  ),
  topShows: z.array(z.object({ show: z.string(), favorited: count, unfavorited: count })),
  sleepTimer: z.object({
    started: count,
    completed: count,
    cancelled: count,
    custom: count,
    byMinutes: z.array(z.object({ minutes: z.int().check(z.positive()), count })),
  }),
  chat: z.object({ messages: count, reactions: count, emojiPickerOpens: count, closes: count }),
});
export type Insights = z.infer<typeof insightsSchema>;

/** Listener samples summed over one UTC hour (`hour` is `YYYY-MM-DDTHH`). */
export interface ListenerHourTotal {
  hour: string;
  sum: number;
  samples: number;
  peak: number;
}

/**
 * Folds hourly listener totals onto the station's week (Monday 0 h … Sunday 23 h, in the station's
 * zone, daylight saving included): the average and peak audience for each hour of the week, in week
 * order, only for hours that have samples.
 */
export function listenersByHourOfWeek(
  totals: readonly ListenerHourTotal[],
  timeZone: string,
): ListenerHour[] {
  const cells = new Map<number, { sum: number; samples: number; peak: number }>();
  for (const total of totals) {
    const clock = stationWallClock(new Date(`${total.hour}:00:00Z`), timeZone);
    const key = WEEKDAYS.indexOf(clock.weekday) * 24 + clock.hour;
    const cell = cells.get(key) ?? { sum: 0, samples: 0, peak: 0 };
    cell.sum += total.sum;
    cell.samples += total.samples;
    cell.peak = Math.max(cell.peak, total.peak);
    cells.set(key, cell);
  }
  return [...cells.entries()]
    .sort(([a], [b]) => a - b)
    .map(([key, cell]) => ({
      weekday: WEEKDAYS[Math.floor(key / 24)] ?? 'Monday',
      hour: key % 24,
      average: roundTenth(cell.sum / cell.samples),
      peak: cell.peak,
    }));
}

export function roundTenth(value: number): number {
  return Math.round(value * 10) / 10;
}
