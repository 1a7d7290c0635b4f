import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { findOnAir, findUpNext, isReplaySlot, onAirBadge, scheduleOpeningDay } from './on-air.ts';
import { parseSlotTime } from './slot-time.ts';
import { stationInstant } from './station-time.ts';
import { TEST_SCHEDULE } from './test-schedule.ts';
import { WEEKDAYS, type Schedule, type ShowSlot, type SlotRef, type Weekday } from './types.ts';

const DUBLIN = 'Europe/Dublin';
const ZONES = [DUBLIN, 'America/New_York', 'Pacific/Auckland'] as const;
const at = (iso: string) => new Date(iso);
const brief = (ref: SlotRef | null) => (ref ? `${ref.day}#${ref.index} ${ref.slot.artist}` : null);

/** Station wall clock read independently of the code under test, for the oracles below. */
function wall(instant: Date, zone: string): { weekday: Weekday; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: get('weekday') as Weekday,
    minute: (Number(get('hour')) % 24) * 60 + Number(get('minute')),
  };
}

describe('findOnAir on the test schedule (Europe/Dublin)', () => {
  it('finds the live show and the replays by station time', () => {
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-01-05T18:30:00Z'), DUBLIN))).toBe(
      'Monday#1 Seán Ó Briain',
    );
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-07-06T17:30:00Z'), DUBLIN))).toBe(
      'Monday#1 Seán Ó Briain',
    );
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-07-06T19:00:00Z'), DUBLIN))).toBe(
      'Monday#2 Aoife Mac Suibhne',
    );
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-01-05T12:00:00Z'), DUBLIN))).toBe(
      'Monday#0 Play Show Replays',
    );
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-01-06T18:30:00Z'), DUBLIN))).toBe('Tuesday#3 Éanna');
  });

  it('ends a slot at its end minute and starts the next one', () => {
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-01-05T19:59:59Z'), DUBLIN))).toBe(
      'Monday#1 Seán Ó Briain',
    );
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-01-05T20:00:00Z'), DUBLIN))).toBe(
      'Monday#2 Aoife Mac Suibhne',
    );
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-01-05T17:59:59Z'), DUBLIN))).toBe(
      'Monday#0 Play Show Replays',
    );
  });

  it("runs Sunday's '11pm - 2am' into Monday, reported as Sunday, over Monday's 12am replays", () => {
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-01-04T23:30:00Z'), DUBLIN))).toBe('Sunday#3 Tadhg');
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-01-05T01:00:00Z'), DUBLIN))).toBe('Sunday#3 Tadhg');
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-01-05T01:59:00Z'), DUBLIN))).toBe('Sunday#3 Tadhg');
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-01-05T02:00:00Z'), DUBLIN))).toBe(
      'Monday#0 Play Show Replays',
    );
  });

  it('spills a 24-hour slot past midnight the same way (Sunday 23:00 - 02:00 as 11pm - 2am)', () => {
    const sunday = TEST_SCHEDULE.map((entry) =>
      entry.day === 'Sunday'
        ? {
            ...entry,
            shows: entry.shows.map((slot) =>
              slot.time === '11pm - 2am' ? { ...slot, time: '23:00 - 02:00' } : slot,
            ),
          }
        : entry,
    );
    expect(sunday).not.toEqual(TEST_SCHEDULE);
    for (const iso of [
      '2026-01-04T23:30:00Z',
      '2026-01-05T01:00:00Z',
      '2026-01-05T01:59:00Z',
      '2026-01-05T02:00:00Z',
    ]) {
      expect(brief(findOnAir(sunday, at(iso), DUBLIN))).toBe(
        brief(findOnAir(TEST_SCHEDULE, at(iso), DUBLIN)),
      );
    }
  });

  it('lets replays win when no live show covers the minute, and reads stored order as given', () => {
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-01-07T10:00:00Z'), DUBLIN))).toBe(
      'Wednesday#2 Play Show Replays',
    );
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-01-07T19:00:00Z'), DUBLIN))).toBe(
      'Wednesday#0 Niamh Ní Bhriain',
    );
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-01-08T23:59:00Z'), DUBLIN))).toBe(
      'Thursday#0 Play Show Replays',
    );
  });

  it('answers in station time whatever the listener zone: 18:30 in Dublin is the same show for New York', () => {
    // 13:30 in New York on a January Monday is 18:30 in Dublin.
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-01-05T13:30:00-05:00'), DUBLIN))).toBe(
      'Monday#1 Seán Ó Briain',
    );
  });

  it('does not depend on the process time zone', () => {
    const previous = process.env['TZ'];
    const instants = [
      '2026-01-05T01:00:00Z',
      '2026-03-29T00:30:00Z',
      '2026-10-25T00:30:00Z',
      '2026-07-06T23:30:00Z',
    ].map(at);
    const answers = (): unknown[] =>
      instants.flatMap((now) => [
        findOnAir(TEST_SCHEDULE, now, DUBLIN),
        findUpNext(TEST_SCHEDULE, now, DUBLIN),
      ]);
    try {
      process.env['TZ'] = 'UTC';
      const inUtc = answers();
      process.env['TZ'] = 'Pacific/Kiritimati';
      expect(new Date(Date.UTC(2026, 0, 5)).getHours()).toBe(14); // the override really took effect
      expect(answers()).toEqual(inUtc);
    } finally {
      if (previous === undefined) delete process.env['TZ'];
      else process.env['TZ'] = previous;
    }
  });

  it('returns null for an empty schedule, an uncovered minute, or an invalid date', () => {
    expect(findOnAir([], at('2026-01-05T12:00:00Z'), DUBLIN)).toBeNull();
    const gappy: Schedule = [
      {
        day: 'Monday',
        shows: [
          { time: '6pm - 7pm', artist: 'A', show: '', genre: '', image: '' },
          { time: 'soon', artist: 'B', show: '', genre: '', image: '' },
        ],
      },
    ];
    expect(findOnAir(gappy, at('2026-01-05T12:00:00Z'), DUBLIN)).toBeNull();
    expect(findOnAir(TEST_SCHEDULE, new Date(Number.NaN), DUBLIN)).toBeNull();
    expect(findUpNext(TEST_SCHEDULE, new Date(Number.NaN), DUBLIN)).toBeNull();
  });
});

describe('findOnAir across the Dublin daylight-saving changes (2026)', () => {
  // Sunday 29 March: 01:00 GMT jumps to 02:00 IST. Sunday 25 October: 02:00 IST falls back to 01:00 GMT.
  it('reads each side of both changes in the right offset', () => {
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-03-28T15:30:00Z'), DUBLIN))).toBe('Saturday#1 Róisín'); // 15:30 GMT
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-03-29T00:30:00Z'), DUBLIN))).toBe(
      'Sunday#0 Play Show Replays',
    );
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-03-29T15:30:00Z'), DUBLIN))).toBe(
      'Sunday#1 Ciarán Ó Súilleabháin',
    ); // 16:30 IST
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-03-28T16:30:00Z'), DUBLIN))).toBe(
      'Saturday#2 Play Show Replays',
    ); // 16:30 GMT
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-10-25T15:30:00Z'), DUBLIN))).toBe(
      'Sunday#0 Play Show Replays',
    ); // 15:30 GMT
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-10-25T16:30:00Z'), DUBLIN))).toBe(
      'Sunday#1 Ciarán Ó Súilleabháin',
    );
    expect(brief(findOnAir(TEST_SCHEDULE, at('2026-10-24T13:30:00Z'), DUBLIN))).toBe('Saturday#1 Róisín'); // 14:30 IST
  });
});

describe('findUpNext (spec §4, read literally)', () => {
  it('gives the next later live slot of today', () => {
    expect(brief(findUpNext(TEST_SCHEDULE, at('2026-01-05T12:00:00Z'), DUBLIN))).toBe(
      'Monday#1 Seán Ó Briain',
    );
    expect(brief(findUpNext(TEST_SCHEDULE, at('2026-01-05T18:30:00Z'), DUBLIN))).toBe(
      'Monday#2 Aoife Mac Suibhne',
    );
  });

  it("returns a replay slot when it is the day's last slot", () => {
    expect(brief(findUpNext(TEST_SCHEDULE, at('2026-01-05T20:30:00Z'), DUBLIN))).toBe(
      'Monday#3 Play Show Replays',
    );
  });

  it('skips replay slots that are not last', () => {
    // Tuesday 08:00: next is the 9am live show, not a replay; at 10:00 the 11am replays are skipped.
    expect(brief(findUpNext(TEST_SCHEDULE, at('2026-01-06T08:00:00Z'), DUBLIN))).toBe(
      "Tuesday#1 Dara O'Brien",
    );
    expect(brief(findUpNext(TEST_SCHEDULE, at('2026-01-06T10:00:00Z'), DUBLIN))).toBe('Tuesday#3 Éanna');
  });

  it('works in start order on an unsorted day', () => {
    expect(brief(findUpNext(TEST_SCHEDULE, at('2026-01-07T10:00:00Z'), DUBLIN))).toBe(
      'Wednesday#0 Niamh Ní Bhriain',
    );
    expect(brief(findUpNext(TEST_SCHEDULE, at('2026-01-07T19:30:00Z'), DUBLIN))).toBe(
      'Wednesday#1 Play Show Replays',
    );
  });

  it("falls back to the next day's first non-replay show, else its first slot", () => {
    expect(brief(findUpNext(TEST_SCHEDULE, at('2026-01-07T22:30:00Z'), DUBLIN))).toBe(
      'Thursday#0 Play Show Replays',
    );
    expect(brief(findUpNext(TEST_SCHEDULE, at('2026-01-08T12:00:00Z'), DUBLIN))).toBe(
      'Friday#1 Cian Mc Grath',
    );
    expect(brief(findUpNext(TEST_SCHEDULE, at('2026-01-04T23:30:00Z'), DUBLIN))).toBe(
      'Monday#1 Seán Ó Briain',
    );
  });

  it("during Sunday's spill-over the station day is Monday", () => {
    expect(brief(findUpNext(TEST_SCHEDULE, at('2026-01-05T01:00:00Z'), DUBLIN))).toBe(
      'Monday#1 Seán Ó Briain',
    );
  });

  it('is null when neither today nor tomorrow has a slot', () => {
    const sparse: Schedule = [
      { day: 'Friday', shows: [{ time: '9am - 10am', artist: 'X', show: '', genre: '', image: '' }] },
    ];
    expect(findUpNext(sparse, at('2026-01-05T12:00:00Z'), DUBLIN)).toBeNull();
    expect(brief(findUpNext(sparse, at('2026-01-08T12:00:00Z'), DUBLIN))).toBe('Friday#0 X');
  });
});

// ---- property tests over random schedules and instants ----

const ARTISTS = ['Play Show Replays', 'Seán', 'Aoife', 'Tadhg'] as const;
const clockText = (minutes: number) => {
  const hour24 = Math.floor(minutes / 60) % 24;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, '0')}${hour24 < 12 ? 'am' : 'pm'}`;
};
const slotArb: fc.Arbitrary<ShowSlot> = fc
  .tuple(
    fc.integer({ min: 0, max: 95 }),
    fc.integer({ min: 1, max: 96 }),
    fc.constantFrom(...ARTISTS),
    fc.integer({ min: 0, max: 9 }),
  )
  .map(([start, end, artist, garbage]) => ({
    time: garbage === 0 ? 'to be confirmed' : `${clockText(start * 15)} - ${clockText(end * 15)}`,
    artist,
    show: '',
    genre: '',
    image: '',
  }));
const scheduleArb: fc.Arbitrary<Schedule> = fc
  .tuple(...WEEKDAYS.map(() => fc.array(slotArb, { maxLength: 6 })))
  .map((days) => WEEKDAYS.map((day, i) => ({ day, shows: days[i] ?? [] })));
const MINUTE_MS = 60_000;
const near = (changeMs: number) =>
  fc.integer({ min: changeMs / MINUTE_MS - 2880, max: changeMs / MINUTE_MS + 2880 });
const instantArb = fc
  .oneof(
    fc.integer({ min: Date.UTC(2026, 0, 1) / MINUTE_MS, max: Date.UTC(2027, 0, 1) / MINUTE_MS }),
    near(Date.UTC(2026, 2, 29, 1)),
    near(Date.UTC(2026, 9, 25, 1)),
  )
  .chain((minute) => fc.integer({ min: 0, max: 59_999 }).map((ms) => new Date(minute * MINUTE_MS + ms)));
const zoneArb = fc.constantFrom(...ZONES);

/** Brute force over the whole week: which stored slots cover this station weekday + minute. */
function onAirOracle(schedule: Schedule, weekday: Weekday, minute: number): SlotRef | null {
  const weekMinute = WEEKDAYS.indexOf(weekday) * 1440 + minute;
  let best: { ref: SlotRef; start: number; replay: boolean } | null = null;
  for (const entry of schedule) {
    entry.shows.forEach((slot, index) => {
      const time = parseSlotTime(slot.time);
      if (!time) return;
      const start = WEEKDAYS.indexOf(entry.day) * 1440 + time.startMinutes;
      const end = start - time.startMinutes + time.endMinutes + (time.spansMidnight ? 1440 : 0);
      // A Sunday slot spilling past midnight covers the start of the *next* week's Monday.
      const shift =
        weekMinute >= start && weekMinute < end
          ? 0
          : weekMinute + 10_080 < end && weekMinute + 10_080 >= start
            ? 10_080
            : null;
      if (shift === null) return;
      const candidate = {
        ref: { day: entry.day, index, slot },
        start: start - shift,
        replay: isReplaySlot(slot),
      };
      if (!best) best = candidate;
      else if (best.replay !== candidate.replay ? best.replay : candidate.start > best.start)
        best = candidate;
    });
  }
  return (best as { ref: SlotRef } | null)?.ref ?? null;
}

describe('findOnAir / findUpNext properties', () => {
  it('findOnAir agrees with a brute-force week scan in any station zone, DST days included', () => {
    fc.assert(
      fc.property(scheduleArb, instantArb, zoneArb, (schedule, now, zone) => {
        const { weekday, minute } = wall(now, zone);
        expect(findOnAir(schedule, now, zone)).toEqual(onAirOracle(schedule, weekday, minute));
      }),
      { numRuns: 400 },
    );
  });

  it('the same station wall-clock time gives the same answers in every zone', () => {
    fc.assert(
      fc.property(
        scheduleArb,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 1439 }),
        (schedule, dayOffset, minute) => {
          // The week of Monday 23 March 2026 holds Dublin's spring change; skip the wall times it skips.
          const date = { year: 2026, month: 3, day: 23 + dayOffset };
          const instants = ZONES.map((zone) => stationInstant(date, minute, zone));
          fc.pre(ZONES.every((zone, i) => wall(instants[i]!, zone).minute === minute));
          const answers = ZONES.map((zone, i) => [
            findOnAir(schedule, instants[i]!, zone),
            findUpNext(schedule, instants[i]!, zone),
          ]);
          expect(answers[1]).toEqual(answers[0]);
          expect(answers[2]).toEqual(answers[0]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('findUpNext obeys the literal spec §4 rule', () => {
    fc.assert(
      fc.property(scheduleArb, instantArb, zoneArb, (schedule, now, zone) => {
        const { weekday, minute } = wall(now, zone);
        const tomorrow = WEEKDAYS[(WEEKDAYS.indexOf(weekday) + 1) % 7]!;
        const timed = (day: Weekday) =>
          (schedule.find((d) => d.day === day)?.shows ?? [])
            .map((slot, index) => ({ slot, index, start: parseSlotTime(slot.time)?.startMinutes }))
            .filter((s): s is { slot: ShowSlot; index: number; start: number } => s.start !== undefined);
        const today = timed(weekday);
        const lastStart = Math.max(...today.map((s) => s.start));
        const lastIndex = today.filter((s) => s.start === lastStart).at(-1)?.index;
        const qualifies = (s: { slot: ShowSlot; index: number; start: number }) =>
          s.start > minute && (!isReplaySlot(s.slot) || s.index === lastIndex);
        const todays = today.filter(qualifies).sort((a, b) => a.start - b.start || a.index - b.index);
        const next = timed(tomorrow).sort((a, b) => a.start - b.start || a.index - b.index);
        const expected = todays[0]
          ? { day: weekday, index: todays[0].index, slot: todays[0].slot }
          : (() => {
              const pick = next.find((s) => !isReplaySlot(s.slot)) ?? next[0];
              return pick ? { day: tomorrow, index: pick.index, slot: pick.slot } : null;
            })();
        expect(findUpNext(schedule, now, zone)).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });
});

describe('onAirBadge (spec §2)', () => {
  it("reads 'Now Playing' for the replays and 'On Air' for any show", () => {
    expect(onAirBadge({ artist: 'Play Show Replays' })).toBe('Now Playing');
    expect(onAirBadge({ artist: '  Play Show Replays ' })).toBe('Now Playing');
    expect(onAirBadge({ artist: 'Tadhg' })).toBe('On Air');
    expect(onAirBadge({ artist: 'Play Show Replays Live' })).toBe('On Air');
  });
});

describe('scheduleOpeningDay', () => {
  it("opens on Sunday while Sunday's '11pm - 2am' runs into Monday, then on Monday", () => {
    // 5 January 2026 is a Monday; Dublin is on GMT.
    expect(scheduleOpeningDay(TEST_SCHEDULE, at('2026-01-04T23:30:00Z'), DUBLIN)).toBe('Sunday');
    expect(scheduleOpeningDay(TEST_SCHEDULE, at('2026-01-05T00:00:00Z'), DUBLIN)).toBe('Sunday');
    expect(scheduleOpeningDay(TEST_SCHEDULE, at('2026-01-05T01:59:00Z'), DUBLIN)).toBe('Sunday');
    expect(scheduleOpeningDay(TEST_SCHEDULE, at('2026-01-05T02:00:00Z'), DUBLIN)).toBe('Monday');
  });

  it('opens on today when nothing is on air', () => {
    const empty: Schedule = WEEKDAYS.map((day) => ({ day, shows: [] }));
    expect(scheduleOpeningDay(empty, at('2026-01-05T01:00:00Z'), DUBLIN)).toBe('Monday');
    expect(scheduleOpeningDay(empty, new Date(Number.NaN), DUBLIN)).toBeNull();
  });

  it('is always the day of the slot on air, or today in station time', () => {
    fc.assert(
      fc.property(
        fc.date({ min: at('2026-01-01T00:00:00Z'), max: at('2027-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(...ZONES),
        (instant, zone) => {
          const opening = scheduleOpeningDay(TEST_SCHEDULE, instant, zone);
          expect(opening).toBe(findOnAir(TEST_SCHEDULE, instant, zone)?.day ?? wall(instant, zone).weekday);
        },
      ),
    );
  });
});
