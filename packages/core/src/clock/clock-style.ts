// Apart from clock-format.ts: the station schema and the listening stats need these on Home's first
// paint; the zone-aware formats and their words (month names, "tomorrow at") only the screens that
// write times.

/**
 * How the app writes a time of day, chosen per station in the station file (`clock`): `19:05` or
 * `7:05pm`. The 12-hour style is the schedule's own notation (`6pm - 7pm`): lowercase am/pm, no
 * space, the minutes only when they are not :00.
 */
export const CLOCK_STYLES = ['24-hour', '12-hour'] as const;
export type ClockStyle = (typeof CLOCK_STYLES)[number];
export const DEFAULT_CLOCK_STYLE: ClockStyle = '24-hour';

/**
 * What every time the app shows is written with: a zone and a clock style. The rule (README "One
 * clock"): the station's zone for everything about the station, the listener's own only where a
 * text says so ("Your time") and for the listener's own figures (Listening Stats).
 */
export interface ClockSetting {
  timeZone: string;
  clock: ClockStyle;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** A time of day (hour 0–23, minute 0–59): `07:05` / `19:00`, or `7:05am` / `7pm`. */
export function formatTimeOfDay(hour: number, minute: number, clock: ClockStyle): string {
  if (clock === '24-hour') return `${pad2(hour)}:${pad2(minute)}`;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}${minute === 0 ? '' : `:${pad2(minute)}`}${hour < 12 ? 'am' : 'pm'}`;
}
