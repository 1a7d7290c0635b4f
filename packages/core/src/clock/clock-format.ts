import { addCivilDays, stationWallClock, type CivilDate } from '../schedule/station-time.ts';
import type { Weekday } from '../schedule/types.ts';
import { formatTimeOfDay, type ClockSetting } from './clock-style.ts';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** What the clock on the wall in `timeZone` reads at `instant`, e.g. `19:05`. */
export function formatClockTime(instant: Date, { timeZone, clock }: ClockSetting): string {
  const wall = stationWallClock(instant, timeZone);
  return formatTimeOfDay(wall.hour, wall.minute, clock);
}

/** The day and time at `instant` in `timeZone`, short: `Mon 19:05`. */
export function formatWeekdayTime(instant: Date, { timeZone, clock }: ClockSetting): string {
  const wall = stationWallClock(instant, timeZone);
  return `${formatShortWeekday(wall.weekday)} ${formatTimeOfDay(wall.hour, wall.minute, clock)}`;
}

/**
 * The words a day and a coming moment are written with: English by default, the app's language in
 * the web app (apps/web lib/i18n/dates.ts), while the rule of which day is which stays here.
 */
export interface DayWords {
  /** `Monday, 2 March` from the day's name and the month's number (1–12). */
  calendarDay: (weekday: Weekday, day: number, month: number) => string;
  today: string;
  yesterday: string;
  tomorrowAt: (time: string) => string;
  dayAt: (day: string, time: string) => string;
}

export const ENGLISH_DAY_WORDS: DayWords = {
  calendarDay: (weekday, day, month) => `${weekday}, ${day} ${MONTH_NAMES[month - 1] ?? ''}`,
  today: 'Today',
  yesterday: 'Yesterday',
  tomorrowAt: (time) => `tomorrow at ${time}`,
  dayAt: (day, time) => `${day} at ${time}`,
};

/** The calendar day at `instant` in `timeZone`: `Monday, 2 March`. */
export function formatCalendarDay(instant: Date, timeZone: string, words = ENGLISH_DAY_WORDS): string {
  const wall = stationWallClock(instant, timeZone);
  return words.calendarDay(wall.weekday, wall.day, wall.month);
}

/** A weekday, short: `Mon`. */
export function formatShortWeekday(weekday: Weekday): string {
  return weekday.slice(0, 3);
}

const sameDay = (a: CivilDate, b: CivilDate): boolean =>
  a.year === b.year && a.month === b.month && a.day === b.day;

/** A day separator: `Today`, `Yesterday`, else `Monday, 2 March`, on the calendar of `timeZone`. */
export function formatDayLabel(
  instant: Date,
  now: Date,
  timeZone: string,
  words = ENGLISH_DAY_WORDS,
): string {
  const day = stationWallClock(instant, timeZone);
  const today = stationWallClock(now, timeZone);
  if (sameDay(day, today)) return words.today;
  if (sameDay(day, addCivilDays(today, -1))) return words.yesterday;
  return formatCalendarDay(instant, timeZone, words);
}

/**
 * A moment still to come, as "until …" wants it: the time alone on the same day as `now`, else
 * with its day: `19:05`, `tomorrow at 19:05`, `Monday, 9 March at 19:05`.
 */
export function formatComingMoment(
  instant: Date,
  now: Date,
  setting: ClockSetting,
  words = ENGLISH_DAY_WORDS,
): string {
  const time = formatClockTime(instant, setting);
  const day = stationWallClock(instant, setting.timeZone);
  const today = stationWallClock(now, setting.timeZone);
  if (sameDay(day, today)) return time;
  if (sameDay(day, addCivilDays(today, 1))) return words.tomorrowAt(time);
  return words.dayAt(formatCalendarDay(instant, setting.timeZone, words), time);
}
