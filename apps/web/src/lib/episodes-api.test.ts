import type { Episode, Schedule } from '@onair/core';
import { describe, expect, it } from 'vitest';
import { pastWeekEpisodes } from './episodes-api.ts';

const slot = (time: string, artist: string, show: string) => ({
  time,
  artist,
  show,
  genre: 'House',
  image: '',
});
const DEEP = slot('6pm - 8pm', 'Seán', 'Deep Dublin');
const LATE = slot('10pm - 11pm', 'Aoife', 'Late');
const SCHEDULE: Schedule = (
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
).map((day) => ({
  day,
  shows: day === 'Monday' ? [DEEP, LATE] : [],
}));
const episode = (id: string, artist: string, startsAt: string): Episode => ({
  id,
  show: '',
  artist,
  genre: '',
  image: '',
  startsAt: Date.parse(startsAt),
  endsAt: Date.parse(startsAt) + 3_600_000,
  durationMs: 3_600_000,
  status: 'ready',
  tracks: [],
  audioUrl: '/a',
  pageUrl: '/p',
  feedUrl: '/f',
});

describe('pastWeekEpisodes', () => {
  it('gives each slot aired in the past week its episode, by start and artist; none to a slot not yet aired', () => {
    // Monday 2 March 2026, 21:00 in Dublin: Deep Dublin aired at 18:00, Late is still to come.
    const now = Date.parse('2026-03-02T21:00:00Z');
    const episodes = [
      episode('a000000000000001', 'Seán', '2026-03-02T18:00:00Z'),
      episode('a000000000000002', 'Someone else', '2026-03-02T22:00:00Z'),
      episode('a000000000000003', 'Seán', '2026-02-23T18:00:00Z'),
    ];
    const found = pastWeekEpisodes(SCHEDULE, episodes, now, 'Europe/Dublin');
    expect(found.get(DEEP)?.id).toBe('a000000000000001');
    expect(found.has(LATE)).toBe(false);
  });
});
