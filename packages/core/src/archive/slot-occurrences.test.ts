import { describe, expect, it } from 'vitest';
import type { Schedule } from '../schedule/types.ts';
import { slotOccurrences } from './slot-occurrences.ts';

const slot = (time: string, show: string, artist = 'DJ A') => ({
  time,
  show,
  artist,
  genre: 'House',
  image: '',
});
const schedule: Schedule = [
  {
    day: 'Monday',
    shows: [
      slot('1:40pm - 1:43pm', 'Short'),
      slot('11pm - 2am', 'Late'),
      slot('3pm - 4pm', 'Filler', 'Play Show Replays'),
    ],
  },
  { day: 'Tuesday', shows: [slot('9am - 10am', 'Morning')] },
];

describe('slotOccurrences', () => {
  it('places minute-precise slots on the station clock (Dublin winter = UTC)', () => {
    // Monday 23 Nov 2026.
    const from = Date.parse('2026-11-23T13:00:00Z');
    const to = Date.parse('2026-11-23T14:00:00Z');
    const found = slotOccurrences(schedule, from, to, 'Europe/Dublin');
    expect(
      found.map((o) => [o.slot.show, new Date(o.startsAt).toISOString(), new Date(o.endsAt).toISOString()]),
    ).toEqual([['Short', '2026-11-23T13:40:00.000Z', '2026-11-23T13:43:00.000Z']]);
  });

  it('runs a slot past midnight into the next day, and skips the replay filler', () => {
    const from = Date.parse('2026-11-23T12:00:00Z');
    const to = Date.parse('2026-11-24T12:00:00Z');
    const found = slotOccurrences(schedule, from, to, 'Europe/Dublin');
    expect(found.map((o) => o.slot.show)).toEqual(['Short', 'Late', 'Morning']);
    const late = found[1];
    expect(late && new Date(late.endsAt).toISOString()).toBe('2026-11-24T02:00:00.000Z');
  });

  it('uses the zone offset of the day (summer time in Dublin)', () => {
    const found = slotOccurrences(
      schedule,
      Date.parse('2026-06-01T00:00:00Z'),
      Date.parse('2026-06-01T23:00:00Z'),
      'Europe/Dublin',
    );
    expect(found[0] && new Date(found[0].startsAt).toISOString()).toBe('2026-06-01T12:40:00.000Z');
  });

  it('finds a slot overlapping the window even when it began before it, and nothing for an empty window', () => {
    const inside = Date.parse('2026-11-23T13:41:00Z');
    expect(slotOccurrences(schedule, inside, inside + 1000, 'Europe/Dublin').map((o) => o.slot.show)).toEqual(
      ['Short'],
    );
    expect(slotOccurrences(schedule, inside, inside, 'Europe/Dublin')).toEqual([]);
  });
});
