import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { displaySlotTime, formatSlotTime, parseSlotTime, sortSlotsByStart } from './slot-time.ts';

/** Formats minutes since midnight the way the schedule writes them ('6pm', '6:30pm', 1440 → '12am'). */
function formatClock(minutes: number): string {
  const hour24 = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`}${hour24 < 12 ? 'am' : 'pm'}`;
}

/** The check of a row of a table of slot texts: `text` reads as those minutes and flags, in `clock`. */
const readAs =
  (clock: '12-hour' | '24-hour') =>
  (text: string, startMinutes: number, endMinutes: number, spansMidnight: boolean, biWeekly: boolean) => {
    expect(parseSlotTime(text)).toEqual({ startMinutes, endMinutes, spansMidnight, biWeekly, clock });
  };

describe('parseSlotTime', () => {
  it.each([
    ['6pm - 7pm', 1080, 1140, false, false],
    ['9am - 11am', 540, 660, false, false],
    ['6:30pm - 8pm', 1110, 1200, false, false],
    ['9am - 11am (Bi-weekly)', 540, 660, false, true],
    ['11pm - 2am', 1380, 120, true, false],
    ['10pm - 12am', 1320, 1440, false, false],
    ['12am - 12am', 0, 1440, false, false],
    ['12am - 6pm', 0, 1080, false, false],
    ['12pm - 1pm', 720, 780, false, false],
    ['11:45pm - 12:15am', 1425, 15, true, false],
  ])('%s', readAs('12-hour'));

  it('tolerates case, spacing, en dash and dotted meridiems', () => {
    const expected = {
      startMinutes: 1080,
      endMinutes: 1140,
      spansMidnight: false,
      biWeekly: false,
      clock: '12-hour',
    };
    expect(parseSlotTime('6PM-7PM')).toEqual(expected);
    expect(parseSlotTime('  6 pm  –  7 pm ')).toEqual(expected);
    expect(parseSlotTime('6p.m. — 7p.m.')).toEqual(expected);
    expect(parseSlotTime('9AM - 11AM (bi-weekly)')?.biWeekly).toBe(true);
    expect(parseSlotTime('9am - 11am (Biweekly)')?.biWeekly).toBe(true);
  });

  it.each([
    '',
    '6pm',
    '6 - 7pm',
    '18 - 19',
    '18:00 - 7pm',
    '6pm - 19:00',
    '24:00 - 2:00',
    '23:00 - 24:30',
    '25:00 - 26:00',
    '18:60 - 19:00',
    '18:0 - 19:00',
    '18,00 - 19,00',
    '18 h - 19 h',
    '18:00 - 18:00',
    '6pm - 7pm (Bimensuel)',
    '13pm - 2pm',
    '0am - 2am',
    '6:60pm - 7pm',
    '6:5pm - 7pm',
    '6pm - 7pm extra',
    '6pm to 7pm',
    '6pm - 6pm',
    'Play Show Replays',
    '6pm - 7pm (weekly)',
  ])('rejects %j', (text) => {
    expect(parseSlotTime(text)).toBeNull();
  });

  it('round-trips any valid start and end written in schedule style', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 1, max: 1440 }),
        fc.boolean(),
        (start, end, bi) => {
          fc.pre(start !== end);
          const text = `${formatClock(start)} - ${formatClock(end)}${bi ? ' (Bi-weekly)' : ''}`;
          expect(parseSlotTime(text)).toEqual({
            startMinutes: start,
            endMinutes: end,
            spansMidnight: end < start,
            biWeekly: bi,
            clock: '12-hour',
          });
        },
      ),
    );
  });

  it('never throws on arbitrary text and only returns in-range minutes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii' }), (text) => {
        const parsed = parseSlotTime(text);
        if (parsed) {
          expect(parsed.startMinutes).toBeGreaterThanOrEqual(0);
          expect(parsed.startMinutes).toBeLessThan(1440);
          expect(parsed.endMinutes).toBeGreaterThan(0);
          expect(parsed.endMinutes).toBeLessThanOrEqual(1440);
        }
      }),
    );
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => void parseSlotTime(text)));
  });
});

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The 24-hour ways a time of day is written (`18:05`, `18.05`, `18h05` / `18h`); 1440 is `00:00` or `24:00`. */
const twentyFourHour = {
  colon: (minutes: number, asTwentyFour: boolean) =>
    `${pad2(minutes === 1440 && asTwentyFour ? 24 : Math.floor(minutes / 60) % 24)}:${pad2(minutes % 60)}`,
  dot: (minutes: number, asTwentyFour: boolean) =>
    `${minutes === 1440 && asTwentyFour ? 24 : Math.floor(minutes / 60) % 24}.${pad2(minutes % 60)}`,
  h: (minutes: number, asTwentyFour: boolean) =>
    `${minutes === 1440 && asTwentyFour ? 24 : Math.floor(minutes / 60) % 24}h${minutes % 60 === 0 ? '' : pad2(minutes % 60)}`,
};
const separators = [' - ', '–', ' – ', '-', ' — '] as const;
const markers = [
  '(Bi-weekly)',
  '(Zweiwöchentlich)',
  '(zweiwochentlich)',
  '(Alle zwei Wochen)',
  '(Coicísiúil)',
  '(Gach coicís)',
  '(Quincenal)',
  '(Cada dos semanas)',
  '(Quinzenal)',
  '(A cada duas semanas)',
  '(Toutes les deux semaines)',
  '(Une semaine sur deux)',
] as const;

describe('parseSlotTime, 24-hour forms', () => {
  it.each([
    ['18:00 - 19:00', 1080, 1140, false, false],
    ['18.00–19.00', 1080, 1140, false, false],
    ['18h - 19h', 1080, 1140, false, false],
    ['18h30 - 20h', 1110, 1200, false, false],
    ['09:00 - 11:00 (Bi-weekly)', 540, 660, false, true],
    ['9:00 - 11:00', 540, 660, false, false],
    ['23:00 - 02:00', 1380, 120, true, false],
    ['22:00 - 00:00', 1320, 1440, false, false],
    ['22:00 - 24:00', 1320, 1440, false, false],
    ['00:00 - 00:00', 0, 1440, false, false],
    ['00:00 - 18:00', 0, 1080, false, false],
    ['12:00 - 13:00', 720, 780, false, false],
    ['23:45 - 00:15', 1425, 15, true, false],
    ['20H - 22H (Zweiwöchentlich)', 1200, 1320, false, true],
  ])('%s', readAs('24-hour'));

  it.each(markers)('reads the every-other-week marker %s in either notation', (marker) => {
    expect(parseSlotTime(`18:00 - 19:00 ${marker}`)?.biWeekly).toBe(true);
    expect(parseSlotTime(`6pm - 7pm ${marker.toUpperCase()}`)?.biWeekly).toBe(true);
  });

  it('reads every minute of the day, in every 24-hour form, as its 12-hour twin does, at either end', () => {
    for (let minutes = 0; minutes <= 1440; minutes += 1) {
      for (const write of Object.values(twentyFourHour)) {
        for (const asTwentyFour of [false, true]) {
          const text = write(minutes, asTwentyFour);
          if (minutes < 1440) {
            const twin = parseSlotTime(`${formatClock(minutes)} - ${formatClock((minutes + 7) % 1440)}`);
            const other = write((minutes + 7) % 1440, false);
            expect(parseSlotTime(`${text} - ${other}`)).toEqual({ ...twin, clock: '24-hour' });
          }
          if (minutes > 0) {
            const twin = parseSlotTime(`${formatClock((minutes + 1433) % 1440)} - ${formatClock(minutes)}`);
            const other = write((minutes + 1433) % 1440, false);
            expect(parseSlotTime(`${other} - ${text}`)).toEqual({ ...twin, clock: '24-hour' });
          }
        }
      }
    }
  });

  it('reads the same minutes from the 24-hour forms as from the 12-hour form, for any slot (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 1, max: 1440 }),
        fc.constantFrom(...Object.values(twentyFourHour)),
        fc.constantFrom(...separators),
        fc.boolean(),
        fc.option(fc.constantFrom(...markers), { nil: undefined }),
        (start, end, write, separator, asTwentyFour, marker) => {
          fc.pre(start !== end);
          const suffix = marker ? ` ${marker}` : '';
          const twelve = parseSlotTime(`${formatClock(start)} - ${formatClock(end)}${suffix}`);
          const twentyFour = parseSlotTime(
            `${write(start, false)}${separator}${write(end, asTwentyFour)}${suffix}`,
          );
          expect(twelve).not.toBeNull();
          expect(twentyFour).toEqual({ ...twelve, clock: '24-hour' });
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('formatSlotTime', () => {
  it('writes a slot on the station’s clock, whatever notation the schedule used', () => {
    const evening = parseSlotTime('6pm - 7:30pm (Bi-weekly)');
    const late = parseSlotTime('23:00 - 00:00');
    if (!evening || !late) throw new Error('the examples do not read');
    expect(formatSlotTime(evening, '24-hour')).toBe('18:00 – 19:30 (Bi-weekly)');
    expect(formatSlotTime(evening, '12-hour')).toBe('6pm – 7:30pm (Bi-weekly)');
    expect(formatSlotTime(late, '24-hour')).toBe('23:00 – 00:00');
    expect(formatSlotTime(late, '12-hour')).toBe('11pm – 12am');
  });

  it('writes text that reads back to the same slot, on both clocks (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 1, max: 1440 }),
        fc.boolean(),
        fc.constantFrom('24-hour', '12-hour'),
        (start, end, bi, clock) => {
          fc.pre(start !== end);
          const time = parseSlotTime(
            `${formatClock(start)} - ${formatClock(end)}${bi ? ' (Bi-weekly)' : ''}`,
          );
          if (!time) throw new Error('the 12-hour text does not read');
          expect(parseSlotTime(formatSlotTime(time, clock))).toEqual({ ...time, clock });
        },
      ),
    );
  });

  it('shows a time that does not read as it was typed', () => {
    expect(displaySlotTime('tbc', '24-hour')).toBe('tbc');
    expect(displaySlotTime('18h - 19h', '12-hour')).toBe('6pm – 7pm');
    expect(displaySlotTime('6pm - 7pm', '24-hour')).toBe('18:00 – 19:00');
  });
});

describe('sortSlotsByStart', () => {
  const slot = (time: string, artist = time) => ({ time, artist });

  it('orders by start time, unparseable last, ties in original order', () => {
    const sorted = sortSlotsByStart([
      slot('tbc', 'first garbage'),
      slot('9pm - 12am'),
      slot('12am - 7pm'),
      slot('7pm - 9pm', 'A'),
      slot('', 'second garbage'),
      slot('7pm - 8pm', 'B'),
    ]);
    expect(sorted.map((s) => s.artist)).toEqual([
      '12am - 7pm',
      'A',
      'B',
      '9pm - 12am',
      'first garbage',
      'second garbage',
    ]);
  });

  it('returns a new array and leaves the input alone', () => {
    const input = [slot('9pm - 10pm'), slot('1am - 2am')];
    const sorted = sortSlotsByStart(input);
    expect(sorted).not.toBe(input);
    expect(input.map((s) => s.time)).toEqual(['9pm - 10pm', '1am - 2am']);
  });

  it('is a sorted permutation for random slot lists', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 1439 }), fc.boolean())), (entries) => {
        const slots = entries.map(([start, garbage], i) =>
          slot(garbage ? `x${i}` : `${formatClock(start)} - ${formatClock(start + 1)}`, String(i)),
        );
        const sorted = sortSlotsByStart(slots);
        expect([...sorted].map((s) => s.artist).sort()).toEqual(slots.map((s) => s.artist).sort());
        const keys = sorted.map((s) => parseSlotTime(s.time)?.startMinutes ?? Infinity);
        expect(keys).toEqual([...keys].sort((a, b) => a - b));
      }),
    );
  });
});
