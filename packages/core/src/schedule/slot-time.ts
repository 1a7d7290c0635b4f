import type { ShowSlot } from './types.ts';

export type SlotTime = {
  startMinutes: number;
  endMinutes: number;
  spansMidnight: boolean;
  biWeekly: boolean;
};

const MINUTES_PER_DAY = 24 * 60;

// Hand-edited schedule text varies in case, spacing and dash (hyphen, en dash, em dash), so all are
// accepted; the shape itself (h[:mm]am|pm - h[:mm]am|pm [(Bi-weekly)]) is strict (spec §5).
const SLOT_TIME_PATTERN =
  /^\s*(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?\s*[-–—]\s*(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?\s*(\(\s*bi-?\s?weekly\s*\))?\s*$/i;

function clockMinutes(hourText: string, minuteText: string | undefined, meridiem: string): number | null {
  const hour = Number(hourText);
  const minute = minuteText === undefined ? 0 : Number(minuteText);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  // 12am is hour 0 and 12pm is hour 12 (spec §5).
  const hour24 = (hour % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0);
  return hour24 * 60 + minute;
}

/**
 * Parses slot text such as '6pm - 7pm', '6:30pm - 8pm' or '9am - 11am (Bi-weekly)' into minutes since
 * midnight. An end of exactly 12am is midnight at the end of the day (1440), so '10pm - 12am' does not
 * span midnight and '12am - 12am' is the whole day; any other end earlier than the start runs on into
 * the next day ('11pm - 2am'). A slot that ends where it starts (other than the whole day) has no
 * length and is rejected, as is anything not matching the shape: those slots are ignored for on-air.
 */
export function parseSlotTime(text: string): SlotTime | null {
  const match = SLOT_TIME_PATTERN.exec(text);
  if (!match) return null;
  const [, startHour, startMinute, startMeridiem, endHour, endMinute, endMeridiem, biWeekly] = match;
  if (!startHour || !startMeridiem || !endHour || !endMeridiem) return null;
  const startMinutes = clockMinutes(startHour, startMinute, startMeridiem);
  const endClock = clockMinutes(endHour, endMinute, endMeridiem);
  if (startMinutes === null || endClock === null) return null;
  const endMinutes = endClock === 0 ? MINUTES_PER_DAY : endClock;
  if (endMinutes === startMinutes) return null;
  return {
    startMinutes,
    endMinutes,
    spansMidnight: endMinutes < startMinutes,
    biWeekly: biWeekly !== undefined,
  };
}

/** Slots in start order (spec §5 'saved slots are sorted'); unparseable times go last; ties keep their order. */
export function sortSlotsByStart<T extends Pick<ShowSlot, 'time'>>(slots: readonly T[]): T[] {
  return slots
    .map((slot, order) => ({ slot, order, start: parseSlotTime(slot.time)?.startMinutes ?? Infinity }))
    .sort((a, b) => (a.start === b.start ? a.order - b.order : a.start - b.start))
    .map(({ slot }) => slot);
}
