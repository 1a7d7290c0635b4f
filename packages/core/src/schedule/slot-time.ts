import { formatTimeOfDay, type ClockStyle } from '../clock/clock-style.ts';
import type { ShowSlot } from './types.ts';

export type SlotTime = {
  startMinutes: number;
  endMinutes: number;
  spansMidnight: boolean;
  biWeekly: boolean;
  /** The notation the text was written in: `6pm - 7pm` (12-hour) or `18:00 - 19:00` (24-hour). */
  clock: ClockStyle;
};

const MINUTES_PER_DAY = 24 * 60;

// One end of a slot: a 12-hour time (`6pm`, `6:30 p.m.`) or a 24-hour one (`18:00`, `18.00`, `18h`,
// `18h30`). The 24-hour forms always carry their minutes or the `h`, so a bare `18` reads as nothing.
const END = String.raw`(?:(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?|(\d{1,2})(?:[:.](\d{2})|h(\d{2})?))`;

// The every-other-week marker, in English and in each shipped language (case and accents optional
// where a keyboard may lack them). French has no single common word: `bimensuel` means twice a month,
// so only the phrases that say every other week are read.
const BI_WEEKLY_MARKERS = [
  String.raw`bi-?\s?weekly`,
  String.raw`zweiw(?:ö|o|oe)chentlich`, // de
  String.raw`alle\s+zwei\s+wochen`, // de
  String.raw`coic[ií]s[ií][uú]il`, // ga
  String.raw`gach\s+coic[ií]s`, // ga
  String.raw`quincenal`, // es
  String.raw`cada\s+dos\s+semanas`, // es
  String.raw`quinzenal`, // pt
  String.raw`a\s+cada\s+duas\s+semanas`, // pt
  String.raw`toutes\s+les\s+deux\s+semaines`, // fr
  String.raw`une\s+semaine\s+sur\s+deux`, // fr
];

// Hand-edited schedule text varies in case, spacing and dash (hyphen, en dash, em dash), so all are
// accepted; the shape itself (start - end [(marker)], both ends in one notation) is strict (spec §5).
const SLOT_TIME_PATTERN = new RegExp(
  String.raw`^\s*${END}\s*[-–—]\s*${END}\s*(\(\s*(?:${BI_WEEKLY_MARKERS.join('|')})\s*\))?\s*$`,
  'i',
);

type EndGroups = [
  hour12: string | undefined,
  minute12: string | undefined,
  meridiem: string | undefined,
  hour24: string | undefined,
  minuteDotted: string | undefined,
  minuteAfterH: string | undefined,
];

/** Minutes since midnight of one end, the notation it is in, or null when out of range. 24:00 reads as 1440. */
function endMinutes([hour12, minute12, meridiem, hour24, minuteDotted, minuteAfterH]: EndGroups): {
  minutes: number;
  clock: ClockStyle;
} | null {
  if (hour12 !== undefined && meridiem !== undefined) {
    const hour = Number(hour12);
    const minute = minute12 === undefined ? 0 : Number(minute12);
    if (hour < 1 || hour > 12 || minute > 59) return null;
    // 12am is hour 0 and 12pm is hour 12 (spec §5).
    return {
      minutes: ((hour % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0)) * 60 + minute,
      clock: '12-hour',
    };
  }
  if (hour24 === undefined) return null;
  const hour = Number(hour24);
  const minute = Number(minuteDotted ?? minuteAfterH ?? 0);
  if (minute > 59 || hour > 24 || (hour === 24 && minute !== 0)) return null;
  return { minutes: hour * 60 + minute, clock: '24-hour' };
}

/**
 * Parses slot text into minutes since midnight: 12-hour as the spec writes it ('6pm - 7pm',
 * '6:30pm - 8pm', '9am - 11am (Bi-weekly)') or 24-hour as much of Europe does ('18:00 - 19:00',
 * '18.00–19.00', '18h - 19h', '18h30 - 20h'); both ends in one notation. An end of exactly midnight
 * (12am, 00:00 or 24:00) is midnight at the end of the day (1440), so '10pm - 12am' does not span
 * midnight and '12am - 12am' is the whole day; any other end earlier than the start runs on into the
 * next day ('11pm - 2am', '23:00 - 02:00'). 24:00 is only an end. A slot that ends where it starts
 * (other than the whole day) has no length and is rejected, as is anything not matching the shape:
 * those slots are ignored for on-air.
 */
export function parseSlotTime(text: string): SlotTime | null {
  const match = SLOT_TIME_PATTERN.exec(text);
  if (!match) return null;
  const start = endMinutes(match.slice(1, 7) as EndGroups);
  const end = endMinutes(match.slice(7, 13) as EndGroups);
  if (!start || !end || start.clock !== end.clock || start.minutes === MINUTES_PER_DAY) return null;
  const endMinutesOfDay = end.minutes === 0 ? MINUTES_PER_DAY : end.minutes;
  if (endMinutesOfDay === start.minutes) return null;
  return {
    startMinutes: start.minutes,
    endMinutes: endMinutesOfDay,
    spansMidnight: endMinutesOfDay < start.minutes,
    biWeekly: match[13] !== undefined,
    clock: start.clock,
  };
}

/** The English every-other-week marker the app writes after a slot's times. */
export const BI_WEEKLY_MARKER = '(Bi-weekly)';

const timeOfDay = (minutes: number, clock: ClockStyle) =>
  formatTimeOfDay(Math.floor(minutes / 60) % 24, minutes % 60, clock);

/**
 * A slot's times written on `clock` (the station file's `clock`, README "One clock"), whatever
 * notation the schedule has them in: `18:00 – 19:00` or `6pm – 7pm`, then the every-other-week
 * `marker` when it is every other week (English by default; the app's and a push's language give
 * their own, each one the parser above reads). An end at midnight is written `00:00` / `12am`.
 */
export function formatSlotTime(time: SlotTime, clock: ClockStyle, marker = BI_WEEKLY_MARKER): string {
  const range = `${timeOfDay(time.startMinutes, clock)} – ${timeOfDay(time.endMinutes, clock)}`;
  return time.biWeekly ? `${range} ${marker}` : range;
}

/** A slot's time text as the app shows it: on `clock` when it reads, else as typed (spec §5 keeps it). */
export function displaySlotTime(text: string, clock: ClockStyle, marker = BI_WEEKLY_MARKER): string {
  const time = parseSlotTime(text);
  return time ? formatSlotTime(time, clock, marker) : text;
}

/** Slots in start order (spec §5 'saved slots are sorted'); unparseable times go last; ties keep their order. */
export function sortSlotsByStart<T extends Pick<ShowSlot, 'time'>>(slots: readonly T[]): T[] {
  return slots
    .map((slot, order) => ({ slot, order, start: parseSlotTime(slot.time)?.startMinutes ?? Infinity }))
    .sort((a, b) => (a.start === b.start ? a.order - b.order : a.start - b.start))
    .map(({ slot }) => slot);
}
