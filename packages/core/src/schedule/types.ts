/** Weekdays in display order: the station's week starts on Monday (WEEK_START_INDEX 0). */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type ShowSlot = { time: string; artist: string; show: string; genre: string; image: string };
export type ScheduleDay = { day: Weekday; shows: ShowSlot[] };
export type Schedule = ScheduleDay[];

/** A slot located in the schedule: `index` is its position in the day's `shows` as stored (not sorted). */
export type SlotRef = { day: Weekday; index: number; slot: ShowSlot };

export function isWeekday(value: unknown): value is Weekday {
  return typeof value === 'string' && (WEEKDAYS as readonly string[]).includes(value);
}

/** Weekday `offset` days after `day` (negative goes back), wrapping around the week. */
export function shiftWeekday(day: Weekday, offset: number): Weekday {
  const index = (((WEEKDAYS.indexOf(day) + offset) % 7) + 7) % 7;
  return WEEKDAYS[index] ?? day;
}
