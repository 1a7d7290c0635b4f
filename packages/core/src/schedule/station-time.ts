import { isWeekday, WEEKDAYS, type Weekday } from './types.ts';

/** A calendar date with 1-based month, independent of any zone. */
export type CivilDate = { year: number; month: number; day: number };

export type StationWallClock = CivilDate & {
  weekday: Weekday;
  hour: number;
  minute: number;
  second: number;
  /** hour * 60 + minute */
  minutesOfDay: number;
};

const MS_PER_DAY = 86_400_000;

/** A zone's wall clock at an instant, as Temporal (ES2026) reads it: the part of it this module uses. */
interface ZonedReading {
  year: number;
  month: number;
  day: number;
  /** 1 is Monday, 7 Sunday (ISO). */
  dayOfWeek: number;
  hour: number;
  minute: number;
  second: number;
}
interface TemporalReader {
  Instant: { fromEpochMilliseconds(epochMs: number): { toZonedDateTimeISO(timeZone: string): ZonedReading } };
}

/**
 * Temporal where the engine has it (Chromium 144+, Firefox 139+). A page's first Intl.DateTimeFormat
 * loads ICU's locale data — 50–120 ms on a 2-core machine, 4× that on a slow phone, most of the
 * app's start task — where Temporal's first reading of a zone takes 3–5 ms and each one after about
 * 12 µs (Intl's: 36 µs). Looked up per call.
 */
function temporal(): TemporalReader | null {
  const candidate = (globalThis as { Temporal?: Partial<TemporalReader> }).Temporal;
  // An engine with a partial Temporal (behind a flag, mid-implementation) is read with Intl.
  return typeof candidate?.Instant?.fromEpochMilliseconds === 'function'
    ? (candidate as TemporalReader)
    : null;
}

// Building an Intl.DateTimeFormat is far more expensive than using one, and the on-air card asks
// every few seconds, so one formatter per zone is kept for the life of the process.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'long',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the IANA zone name (for validating configuration). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    const reader = temporal();
    if (reader) reader.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(timeZone);
    else formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The wall-clock reading of `instant` in `timeZone` (daylight-saving aware, independent of the
 * process's own zone). Throws RangeError for an unknown zone or an invalid date.
 */
export function stationWallClock(instant: Date, timeZone: string): StationWallClock {
  const reader = temporal();
  const clock = reader ? readWithTemporal(reader, instant, timeZone) : readWithIntl(instant, timeZone);
  return { ...clock, minutesOfDay: clock.hour * 60 + clock.minute };
}

function readWithTemporal(
  reader: TemporalReader,
  instant: Date,
  timeZone: string,
): Omit<StationWallClock, 'minutesOfDay'> {
  const { year, month, day, dayOfWeek, hour, minute, second } = reader.Instant.fromEpochMilliseconds(
    instant.getTime(),
  ).toZonedDateTimeISO(timeZone);
  const weekday = WEEKDAYS[dayOfWeek - 1];
  if (weekday === undefined) throw new RangeError(`Unexpected day of week ${dayOfWeek} from Temporal`);
  return { year, month, day, weekday, hour, minute, second };
}

function readWithIntl(instant: Date, timeZone: string): Omit<StationWallClock, 'minutesOfDay'> {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const weekday = parts['weekday'];
  if (!isWeekday(weekday)) throw new RangeError(`Unexpected weekday '${String(weekday)}' from Intl`);
  return {
    year: Number(parts['year']),
    month: Number(parts['month']),
    day: Number(parts['day']),
    weekday,
    // Some engines still print midnight as 24 even with h23.
    hour: Number(parts['hour']) % 24,
    minute: Number(parts['minute']),
    second: Number(parts['second']),
  };
}

/** The calendar date `days` after `date` (pure calendar arithmetic, no zone involved). */
export function addCivilDays(date: CivilDate, days: number): CivilDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** How far the zone's wall clock is ahead of UTC at `epochMs`, in ms. */
function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  const wall = stationWallClock(new Date(wholeSecond), timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - wholeSecond;
}

/**
 * The instant at which the station's wall clock reads `date` + `minutesOfDay` (may be 1440 or more:
 * it rolls into the following days). Daylight saving is resolved like Temporal's 'compatible' mode:
 * a wall time that happens twice (autumn) gives the earlier instant, and one skipped by the spring
 * change gives the instant the same distance past the change (Dublin 01:30 on the spring Sunday →
 * 02:30 IST), so a show listed inside the gap still gets a real start.
 */
export function stationInstant(date: CivilDate, minutesOfDay: number, timeZone: string): Date {
  const wallAsUtc = Date.UTC(date.year, date.month - 1, date.day, 0, minutesOfDay);
  // Zones change offset at most once in two days, so the offsets a day either side are the only ones.
  const offsetBefore = zoneOffsetMs(wallAsUtc - MS_PER_DAY, timeZone);
  const offsetAfter = zoneOffsetMs(wallAsUtc + MS_PER_DAY, timeZone);
  const matches = [offsetBefore, offsetAfter]
    .map((offset) => wallAsUtc - offset)
    .filter((candidate) => zoneOffsetMs(candidate, timeZone) === wallAsUtc - candidate);
  if (matches.length > 0) return new Date(Math.min(...matches));
  return new Date(wallAsUtc - offsetBefore);
}
