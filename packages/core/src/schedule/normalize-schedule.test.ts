import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { normalizeSchedule } from './normalize-schedule.ts';
import { TEST_SCHEDULE } from './test-schedule.ts';
import { WEEKDAYS, type Schedule, type ShowSlot } from './types.ts';

const slot = (time: string, artist: string, image = ''): ShowSlot => ({
  time,
  artist,
  show: '',
  genre: '',
  image,
});

function weekWith(monday: ShowSlot[]): Schedule {
  return WEEKDAYS.map((day) => ({ day, shows: day === 'Monday' ? monday : [] }));
}

describe('normalizeSchedule', () => {
  it("sorts each day's slots by start time", () => {
    const wednesday = TEST_SCHEDULE.find((day) => day.day === 'Wednesday');
    const normalized = normalizeSchedule(TEST_SCHEDULE).find((day) => day.day === 'Wednesday');
    expect(wednesday?.shows.map((s) => s.time)).not.toEqual(normalized?.shows.map((s) => s.time));
    expect(normalized?.shows.map((s) => s.time)).toEqual(['12am - 7pm', '7pm - 9pm', '9pm - 12am']);
  });

  it('resolves every image to a show-image path and keeps one already under /images/shows/', () => {
    const [monday] = normalizeSchedule(
      weekWith([
        slot('6pm - 8pm', 'Seán Murphy'),
        slot('8pm - 9pm', 'Aoife', 'https://example.com/a.jpg'),
        slot('9pm - 10pm', 'Kept', '/images/shows/Custom_400.jpg'),
      ]),
    );
    expect(monday?.shows.map((s) => s.image)).toEqual([
      '/images/shows/Sean_Murphy_400.jpg',
      '/images/shows/Aoife_400.jpg',
      '/images/shows/Custom_400.jpg',
    ]);
  });

  it('keeps untimed slots as typed, after the timed ones, in their original order', () => {
    const [monday] = normalizeSchedule(
      weekWith([
        slot('tbc', 'First untimed'),
        slot('9pm - 10pm', 'Late'),
        slot('', 'Second untimed'),
        slot('6pm - 7pm', 'Early'),
      ]),
    );
    expect(monday?.shows.map((s) => [s.time, s.artist])).toEqual([
      ['6pm - 7pm', 'Early'],
      ['9pm - 10pm', 'Late'],
      ['tbc', 'First untimed'],
      ['', 'Second untimed'],
    ]);
  });

  it('does not change the schedule it is given', () => {
    const before = structuredClone(TEST_SCHEDULE);
    normalizeSchedule(TEST_SCHEDULE);
    expect(TEST_SCHEDULE).toEqual(before);
  });

  it('is idempotent: a normalized week normalizes to itself', () => {
    const time = fc.oneof(
      fc.constantFrom(
        '6pm - 8pm',
        '12am - 6pm',
        '11pm - 2am',
        '9am - 11am (Bi-weekly)',
        '6:30pm - 8pm',
        'tbc',
        '',
      ),
      fc.string({ maxLength: 20 }),
    );
    const arbitrarySlot = fc.record({
      time,
      artist: fc.string({ maxLength: 30 }),
      show: fc.string({ maxLength: 10 }),
      genre: fc.string({ maxLength: 10 }),
      image: fc.oneof(fc.constant(''), fc.constant('/images/shows/X_400.jpg'), fc.webUrl()),
    });
    const week = fc
      .tuple(...WEEKDAYS.map(() => fc.array(arbitrarySlot, { maxLength: 8 })))
      .map((days): Schedule => WEEKDAYS.map((day, index) => ({ day, shows: days[index] ?? [] })));
    fc.assert(
      fc.property(week, (schedule) => {
        const once = normalizeSchedule(schedule);
        expect(normalizeSchedule(once)).toEqual(once);
      }),
    );
  });
});
