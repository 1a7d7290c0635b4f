import type { Schedule } from '@onair/core';
import { describe, expect, it } from 'vitest';
import { chatMessage } from '../../test/fixtures.ts';
import { buildTimeline, timelinePlaces } from './chat-timeline.ts';

const DUBLIN = 'Europe/Dublin';
const slot = (time: string, show: string) => ({ time, artist: show, show, genre: 'House', image: '' });
// Monday: 'Evening Session' 7–9pm, 'Late Night' 9–11pm (Dublin is on GMT in early March).
const schedule: Schedule = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
  (day) => ({
    day: day as Schedule[number]['day'],
    shows: day === 'Monday' ? [slot('7pm - 9pm', 'Evening Session'), slot('9pm - 11pm', 'Late Night')] : [],
  }),
);
const at = (iso: string, n: number) => chatMessage(n, { createdAt: Date.parse(iso) });

describe('buildTimeline', () => {
  it('puts a day separator where the station day changes and a show separator when the show on air changes', () => {
    const messages = [
      at('2026-03-01T23:30:00Z', 1), // Sunday, nothing on air
      at('2026-03-02T19:10:00Z', 2),
      at('2026-03-02T20:59:00Z', 3),
      at('2026-03-02T21:01:00Z', 4),
    ];
    const rows = buildTimeline(
      messages,
      timelinePlaces(schedule, DUBLIN),
      DUBLIN,
      new Date('2026-03-02T22:00:00Z'),
    );
    expect(
      rows.map((row) => (row.kind === 'message' ? row.message.seq : `${row.kind}:${row.label}`)),
    ).toEqual([
      'day:Yesterday',
      1,
      'day:Today',
      'show:On air: Evening Session',
      2,
      3,
      'show:On air: Late Night',
      4,
    ]);
  });

  it('reads the day on the station clock, not the device clock (00:30 in Dublin in summer is still 23:30 UTC)', () => {
    const rows = buildTimeline(
      [at('2026-07-01T23:30:00Z', 1)],
      timelinePlaces(null, DUBLIN),
      DUBLIN,
      new Date('2026-07-02T10:00:00Z'),
    );
    expect(rows[0]).toMatchObject({ kind: 'day', label: 'Today' });
  });

  it('names older days by weekday and date', () => {
    const rows = buildTimeline(
      [at('2026-02-20T12:00:00Z', 1)],
      timelinePlaces(null, DUBLIN),
      DUBLIN,
      new Date('2026-03-02T10:00:00Z'),
    );
    expect(rows[0]).toMatchObject({ kind: 'day', label: 'Friday, 20 February' });
  });

  it('names a slot without a show name by its artist: the replays, and a guest with no show title', () => {
    // As in the bundled week: Monday 12am–6pm 'Play Show Replays', 6–7pm Grace Kavanagh, both with show ''.
    const nameless = (time: string, artist: string) => ({
      time,
      artist,
      show: '',
      genre: 'House',
      image: '',
    });
    const week: Schedule = schedule.map((day) =>
      day.day === 'Monday'
        ? {
            ...day,
            shows: [
              nameless('12am - 6pm', 'Play Show Replays'),
              nameless('6pm - 7pm', 'Grace Kavanagh'),
              ...day.shows,
            ],
          }
        : day,
    );
    const messages = [
      at('2026-03-02T17:59:00Z', 1),
      at('2026-03-02T18:30:00Z', 2),
      at('2026-03-02T19:30:00Z', 3),
    ];
    const rows = buildTimeline(
      messages,
      timelinePlaces(week, DUBLIN),
      DUBLIN,
      new Date('2026-03-02T22:00:00Z'),
    );
    expect(rows.filter((row) => row.kind === 'show').map((row) => row.label)).toEqual([
      'On air: Play Show Replays',
      'On air: Grace Kavanagh',
      'On air: Evening Session',
    ]);
  });

  it('reads the station clock and the schedule once a minute, however many messages that minute holds', () => {
    const busyMinute = Array.from({ length: 50 }, (_, index) =>
      at(`2026-03-02T19:10:${String(index).padStart(2, '0')}Z`, index + 1),
    );
    const places = timelinePlaces(schedule, DUBLIN);
    expect(new Set(busyMinute.map((message) => places(message.createdAt)))).toEqual(
      new Set([{ day: '2026-3-2', onAir: 'Evening Session' }]),
    );
    expect(places(Date.parse('2026-03-02T19:11:00Z'))).not.toBe(places(Date.parse('2026-03-02T19:10:59Z')));
  });
});
