import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseSlotTime, sortSlotsByStart } from './slot-time.ts';

/** Formats minutes since midnight the way the schedule writes them ('6pm', '6:30pm', 1440 → '12am'). */
function formatClock(minutes: number): string {
  const hour24 = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`}${hour24 < 12 ? 'am' : 'pm'}`;
}

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
  ])('%s', (text, startMinutes, endMinutes, spansMidnight, biWeekly) => {
    expect(parseSlotTime(text)).toEqual({ startMinutes, endMinutes, spansMidnight, biWeekly });
  });

  it('tolerates case, spacing, en dash and dotted meridiems', () => {
    const expected = { startMinutes: 1080, endMinutes: 1140, spansMidnight: false, biWeekly: false };
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
    '18:00 - 19:00',
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
