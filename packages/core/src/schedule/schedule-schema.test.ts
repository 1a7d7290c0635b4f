import { describe, it, expect } from 'vitest';
import { MAX_SHOWS_PER_DAY, parseSchedule, scheduleSchema } from './schedule-schema.ts';
import { TEST_SCHEDULE } from './test-schedule.ts';

const slot = { time: '6pm - 7pm', artist: 'A', show: '', genre: 'House', image: '' };
const clone = (): unknown[] => JSON.parse(JSON.stringify(TEST_SCHEDULE)) as unknown[];

describe('parseSchedule', () => {
  it('accepts the seven days and returns them Monday first', () => {
    const reversed = clone().reverse();
    const parsed = parseSchedule(reversed);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.schedule.map((d) => d.day)).toEqual([
        'Monday',
        'Tuesday',
        'Wednesday',
        'Thursday',
        'Friday',
        'Saturday',
        'Sunday',
      ]);
      expect(parsed.schedule).toEqual(TEST_SCHEDULE);
    }
  });

  it.each([
    ['not an array', { data: [] }],
    ['six days', clone().slice(0, 6)],
    ['eight days', [...clone(), { day: 'Monday', shows: [] }]],
    ['a repeated day', [...clone().slice(0, 6), { day: 'Monday', shows: [] }]],
    ['an unknown day name', [...clone().slice(0, 6), { day: 'Sunnday', shows: [] }]],
    ['a slot without a time', [...clone().slice(0, 6), { day: 'Sunday', shows: [{ artist: 'A' }] }]],
    ['a numeric artist', [...clone().slice(0, 6), { day: 'Sunday', shows: [{ ...slot, artist: 7 }] }]],
    [
      'a 201-char artist',
      [...clone().slice(0, 6), { day: 'Sunday', shows: [{ ...slot, artist: 'x'.repeat(201) }] }],
    ],
    [
      'a 2001-char image',
      [...clone().slice(0, 6), { day: 'Sunday', shows: [{ ...slot, image: 'x'.repeat(2001) }] }],
    ],
    [
      'too many shows',
      [...clone().slice(0, 6), { day: 'Sunday', shows: Array(MAX_SHOWS_PER_DAY + 1).fill(slot) }],
    ],
  ])('rejects %s', (_label, input) => {
    expect(parseSchedule(input)).toEqual({ ok: false, error: 'Invalid schedule data format' });
  });

  it('allows empty show and image, defaults missing ones, and keeps limits inclusive', () => {
    const input = [
      ...clone().slice(0, 6),
      {
        day: 'Sunday',
        shows: [
          { time: '6pm - 7pm', artist: 'A', extra: true },
          { ...slot, artist: 'x'.repeat(200), image: 'y'.repeat(2000) },
        ],
      },
    ];
    const parsed = scheduleSchema.parse(input);
    expect(parsed[6]?.shows[0]).toEqual({ time: '6pm - 7pm', artist: 'A', show: '', genre: '', image: '' });
    expect(parsed[6]?.shows).toHaveLength(2);
  });
});
