import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSlotTime } from '../schedule/slot-time.ts';
import {
  formatCalendarDay,
  formatClockTime,
  formatComingMoment,
  formatDayLabel,
  formatShortWeekday,
  formatWeekdayTime,
} from './clock-format.ts';
import { CLOCK_STYLES, formatTimeOfDay, type ClockSetting } from './clock-style.ts';

const DUBLIN = 'Europe/Dublin';
const ZONES = [
  DUBLIN,
  'America/New_York',
  'Pacific/Auckland',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'UTC',
] as const;
const MINUTE_MS = 60_000;
const at = (iso: string) => new Date(iso);
const dublin24: ClockSetting = { timeZone: DUBLIN, clock: '24-hour' };
const dublin12: ClockSetting = { timeZone: DUBLIN, clock: '12-hour' };

// Any minute in 2025-2027, or within a day of Dublin's 2026 clock changes (01:00 UTC both days).
const nearChange = (changeMs: number) =>
  fc.integer({ min: (changeMs - 86_400_000) / MINUTE_MS, max: (changeMs + 86_400_000) / MINUTE_MS });
const anyInstant = fc
  .oneof(
    fc.integer({ min: Date.UTC(2025, 0, 1) / MINUTE_MS, max: Date.UTC(2028, 0, 1) / MINUTE_MS }),
    nearChange(Date.UTC(2026, 2, 29, 1)),
    nearChange(Date.UTC(2026, 9, 25, 1)),
  )
  .map((minute) => new Date(minute * MINUTE_MS + 17_000));
const anyZone = fc.constantFrom(...ZONES);
const anyClock = fc.constantFrom(...CLOCK_STYLES);

/** An independent reading of the wall clock: Intl with a fixed locale and the 24-hour cycle. */
function reference(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    hhmm: `${parts['hour']}:${parts['minute']}`,
    weekday: String(parts['weekday']),
    dayMonth: `${parts['day']} ${parts['month']}`,
  };
}

describe('formatTimeOfDay', () => {
  it('writes each minute of the day on both clocks', () => {
    expect(formatTimeOfDay(0, 0, '24-hour')).toBe('00:00');
    expect(formatTimeOfDay(7, 5, '24-hour')).toBe('07:05');
    expect(formatTimeOfDay(19, 0, '24-hour')).toBe('19:00');
    expect(formatTimeOfDay(23, 59, '24-hour')).toBe('23:59');
    expect(formatTimeOfDay(0, 0, '12-hour')).toBe('12am');
    expect(formatTimeOfDay(0, 30, '12-hour')).toBe('12:30am');
    expect(formatTimeOfDay(7, 5, '12-hour')).toBe('7:05am');
    expect(formatTimeOfDay(12, 0, '12-hour')).toBe('12pm');
    expect(formatTimeOfDay(19, 0, '12-hour')).toBe('7pm');
    expect(formatTimeOfDay(23, 59, '12-hour')).toBe('11:59pm');
  });

  it('gives every minute of the day its own text, on both clocks, that reads back to that minute', () => {
    for (const clock of CLOCK_STYLES) {
      const texts = new Set<string>();
      for (let minutes = 0; minutes < 1440; minutes += 1) {
        const text = formatTimeOfDay(Math.floor(minutes / 60), minutes % 60, clock);
        texts.add(text);
        if (clock === '24-hour') {
          expect(text).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
          const [hours, rest] = text.split(':');
          expect(Number(hours) * 60 + Number(rest)).toBe(minutes);
        } else {
          // The 12-hour clock is the schedule's own notation: its parser reads it back.
          const slot = parseSlotTime(
            `${text} - ${formatTimeOfDay(Math.floor(((minutes + 1) % 1440) / 60), (minutes + 1) % 60, clock)}`,
          );
          expect(slot?.startMinutes).toBe(minutes);
        }
      }
      expect(texts.size).toBe(1440);
    }
  });
});

describe('formatShortWeekday', () => {
  it('shortens a weekday to three letters', () => {
    expect(formatShortWeekday('Monday')).toBe('Mon');
    expect(formatShortWeekday('Thursday')).toBe('Thu');
  });
});

/**
 * The zone is read with Temporal where the engine has it (Chromium) and with Intl where not (Node,
 * Safari): the texts are the same either way. Node has no Temporal, so the polyfill stands in.
 */
describe.each(['Intl', 'Temporal'] as const)('read with %s', (reader) => {
  beforeEach(() => {
    if (reader === 'Temporal') Object.assign(globalThis, { Temporal });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'Temporal');
  });

  it('reads the wall clock of the zone it is given, daylight saving included', () => {
    // Dublin: GMT in winter, IST (UTC+1) in summer; the spring change skips 01:00-02:00 on 29 March 2026.
    expect(formatClockTime(at('2026-01-05T19:05:00Z'), dublin24)).toBe('19:05');
    expect(formatClockTime(at('2026-07-06T19:05:00Z'), dublin24)).toBe('20:05');
    expect(formatClockTime(at('2026-03-29T00:59:00Z'), dublin24)).toBe('00:59');
    expect(formatClockTime(at('2026-03-29T01:00:00Z'), dublin24)).toBe('02:00');
    expect(formatClockTime(at('2026-07-06T19:05:00Z'), dublin12)).toBe('8:05pm');
    expect(
      formatClockTime(at('2026-07-06T19:05:00Z'), { timeZone: 'Pacific/Auckland', clock: '24-hour' }),
    ).toBe('07:05');
    expect(
      formatClockTime(at('2026-07-06T19:05:00Z'), { timeZone: 'Asia/Kathmandu', clock: '12-hour' }),
    ).toBe('12:50am');
  });

  it('agrees with an independent Intl reading in every zone, at any minute (property)', () => {
    fc.assert(
      fc.property(anyInstant, anyZone, (instant, timeZone) => {
        const expected = reference(instant, timeZone);
        expect(formatClockTime(instant, { timeZone, clock: '24-hour' })).toBe(expected.hhmm);
        expect(formatWeekdayTime(instant, { timeZone, clock: '24-hour' })).toBe(
          `${expected.weekday} ${expected.hhmm}`,
        );
        expect(formatCalendarDay(instant, timeZone)).toMatch(
          new RegExp(`^${expected.weekday}[a-z]*, ${expected.dayMonth}$`),
        );
      }),
    );
  });

  it('writes the same minute on both clocks (property)', () => {
    fc.assert(
      fc.property(anyInstant, anyZone, (instant, timeZone) => {
        const text12 = formatClockTime(instant, { timeZone, clock: '12-hour' });
        const slot = parseSlotTime(`${text12} - ${text12 === '12am' ? '1am' : '12am'}`);
        const [hours, minutes] = formatClockTime(instant, { timeZone, clock: '24-hour' }).split(':');
        expect(slot?.startMinutes).toBe(Number(hours) * 60 + Number(minutes));
      }),
    );
  });

  it('does not depend on the zone or locale the process runs in', () => {
    const previous = process.env['TZ'];
    const instants = ['2026-01-05T23:30:00Z', '2026-03-29T00:30:00Z', '2026-10-25T01:30:00Z'].map(at);
    const texts = () =>
      instants.flatMap((instant) => [
        formatClockTime(instant, dublin24),
        formatClockTime(instant, dublin12),
        formatWeekdayTime(instant, dublin12),
        formatDayLabel(instant, at('2026-01-06T12:00:00Z'), DUBLIN),
        formatComingMoment(instant, at('2026-01-05T12:00:00Z'), dublin24),
      ]);
    try {
      process.env['TZ'] = 'UTC';
      const inUtc = texts();
      process.env['TZ'] = 'Pacific/Auckland';
      expect(new Date(Date.UTC(2026, 0, 5)).getHours()).toBe(13); // the override really took effect
      expect(texts()).toEqual(inUtc);
      expect(inUtc).toEqual([
        '23:30',
        '11:30pm',
        'Mon 11:30pm',
        'Yesterday',
        '23:30',
        '00:30',
        '12:30am',
        'Sun 12:30am',
        'Sunday, 29 March',
        'Sunday, 29 March at 00:30',
        '01:30',
        '1:30am',
        'Sun 1:30am',
        'Sunday, 25 October',
        'Sunday, 25 October at 01:30',
      ]);
    } finally {
      if (previous === undefined) delete process.env['TZ'];
      else process.env['TZ'] = previous;
    }
  });

  it('labels a day Today, Yesterday, else by its weekday and date, on the calendar of the zone', () => {
    const now = at('2026-03-02T23:30:00Z'); // Monday 23:30 in Dublin, Tuesday 12:30 in Auckland
    expect(formatDayLabel(at('2026-03-02T00:10:00Z'), now, DUBLIN)).toBe('Today');
    expect(formatDayLabel(at('2026-03-01T23:59:00Z'), now, DUBLIN)).toBe('Yesterday');
    expect(formatDayLabel(at('2026-02-28T12:00:00Z'), now, DUBLIN)).toBe('Saturday, 28 February');
    // The same instants on Auckland's calendar, a day ahead.
    expect(formatDayLabel(at('2026-03-02T00:10:00Z'), now, 'Pacific/Auckland')).toBe('Yesterday');
    expect(formatDayLabel(at('2026-03-01T00:10:00Z'), now, 'Pacific/Auckland')).toBe('Sunday, 1 March');
    expect(formatDayLabel(at('2026-03-02T12:00:00Z'), now, 'Pacific/Auckland')).toBe('Today');
    // Across the new year.
    expect(formatDayLabel(at('2025-12-31T12:00:00Z'), at('2026-01-01T12:00:00Z'), DUBLIN)).toBe('Yesterday');
  });

  it('calls exactly the calendar day of now Today and the one before it Yesterday (property)', () => {
    const isoDay = (date: Date, timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(date);
    const dayBefore = (iso: string) =>
      new Date(Date.parse(`${iso}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    fc.assert(
      fc.property(
        anyInstant,
        anyZone,
        fc.integer({ min: 0, max: 10 * 1440 }),
        (now, timeZone, minutesBack) => {
          const instant = new Date(now.getTime() - minutesBack * MINUTE_MS);
          const today = isoDay(now, timeZone);
          const day = isoDay(instant, timeZone);
          const expected =
            day === today
              ? 'Today'
              : day === dayBefore(today)
                ? 'Yesterday'
                : formatCalendarDay(instant, timeZone);
          expect(formatDayLabel(instant, now, timeZone)).toBe(expected);
        },
      ),
    );
  });

  it('tells a coming moment by its time alone on the same day, else with its day (property)', () => {
    const isoDay = (date: Date, timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(date);
    fc.assert(
      fc.property(
        anyInstant,
        anyZone,
        anyClock,
        fc.integer({ min: 0, max: 8 * 1440 }),
        (now, timeZone, clock, minutesAhead) => {
          const instant = new Date(now.getTime() + minutesAhead * MINUTE_MS);
          const setting = { timeZone, clock };
          const text = formatComingMoment(instant, now, setting);
          const time = formatClockTime(instant, setting);
          if (isoDay(instant, timeZone) === isoDay(now, timeZone)) expect(text).toBe(time);
          else
            expect(text).toMatch(
              new RegExp(`^(tomorrow|${formatCalendarDay(instant, timeZone)}) at ${time}$`),
            );
        },
      ),
    );
  });

  it('says when a coming moment is, with its day once it is not today', () => {
    const now = at('2026-03-02T10:00:00Z'); // Monday 10:00 in Dublin
    expect(formatComingMoment(at('2026-03-02T14:30:00Z'), now, dublin24)).toBe('14:30');
    expect(formatComingMoment(at('2026-03-02T14:30:00Z'), now, dublin12)).toBe('2:30pm');
    expect(formatComingMoment(at('2026-03-03T00:15:00Z'), now, dublin24)).toBe('tomorrow at 00:15');
    expect(formatComingMoment(at('2026-03-09T14:00:00Z'), now, dublin12)).toBe('Monday, 9 March at 2pm');
    // Auckland is already on Tuesday: 14:30 Dublin is 03:30 Wednesday there.
    expect(
      formatComingMoment(at('2026-03-02T14:30:00Z'), now, { timeZone: 'Pacific/Auckland', clock: '24-hour' }),
    ).toBe('tomorrow at 03:30');
  });
});
