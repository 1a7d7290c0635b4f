import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  continueListening,
  EPISODE_PROGRESS_MAX,
  episodeProgressListSchema,
  episodesByDay,
  episodeTrackIndexAt,
  recordEpisodeProgress,
  resumePositionMs,
} from './episode-progress.ts';

const HOUR = 3_600_000;
/** Episode ids are 16 hex digits: each name here is hashed to one. */
const hex = (name: string) =>
  [...name]
    .reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) % 2 ** 48, 7)
    .toString(16)
    .padStart(16, '0')
    .slice(-16);
const episode = (name: string, startsAt = 0, durationMs = HOUR) => ({
  id: hex(name),
  show: name,
  artist: 'A',
  image: '',
  startsAt,
  durationMs,
});

describe('episode progress', () => {
  it('keeps the latest position of each episode, most recent first, clamped to its length', () => {
    let list = recordEpisodeProgress([], episode('a'), 60_000, 1);
    list = recordEpisodeProgress(list, episode('b'), 120_000, 2);
    list = recordEpisodeProgress(list, episode('a'), 5 * HOUR, 3);
    expect(list.map((e) => [e.show, e.positionMs])).toEqual([
      ['a', HOUR],
      ['b', 120_000],
    ]);
  });

  it('never holds more than the maximum, and stays valid for storage', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.double()), { maxLength: 80 }),
        (writes) => {
          let list = recordEpisodeProgress([], episode('x'), 0, 0);
          writes.forEach(
            ([id, position], now) => (list = recordEpisodeProgress(list, episode(`e${id}`), position, now)),
          );
          expect(list.length).toBeLessThanOrEqual(EPISODE_PROGRESS_MAX);
          expect(new Set(list.map((e) => e.id)).size).toBe(list.length);
          expect(episodeProgressListSchema.safeParse(list).success).toBe(true);
        },
      ),
    );
  });

  it('offers to continue only started, unfinished episodes, and resumes there', () => {
    let list = recordEpisodeProgress([], episode('peek'), 3_000, 1);
    list = recordEpisodeProgress(list, episode('half'), HOUR / 2, 2);
    list = recordEpisodeProgress(list, episode('done'), HOUR - 10_000, 3);
    expect(continueListening(list).map((e) => e.show)).toEqual(['half']);
    expect(resumePositionMs(list, hex('half'))).toBe(HOUR / 2);
    expect(resumePositionMs(list, hex('done'))).toBe(0);
    expect(resumePositionMs(list, hex('never'))).toBe(0);
    // A one-minute episode half heard is in progress too; its last seconds are its end.
    const short = recordEpisodeProgress([], episode('minute', 0, 60_000), 30_000, 1);
    expect(continueListening(short)).toHaveLength(1);
    expect(continueListening(recordEpisodeProgress([], episode('minute', 0, 60_000), 58_000, 1))).toEqual([]);
  });
});

describe('episodesByDay', () => {
  it('groups by the station’s calendar day, newest first', () => {
    const days = episodesByDay(
      [
        { id: 'mon-late', startsAt: Date.parse('2026-01-05T23:30:00Z') },
        { id: 'tue', startsAt: Date.parse('2026-01-06T10:00:00Z') },
        { id: 'mon', startsAt: Date.parse('2026-01-05T18:00:00Z') },
      ],
      'America/New_York',
    );
    expect(days.map((d) => [d.date.day, d.episodes.map((e) => e.id)])).toEqual([
      [6, ['tue']],
      [5, ['mon-late', 'mon']],
    ]);
  });
});

describe('episodeTrackIndexAt', () => {
  it('is the last track begun by the offset', () => {
    const tracks = [{ at: 1_000 }, { at: 61_000 }, { at: 121_000 }];
    expect(episodeTrackIndexAt(tracks, 1_000, 0)).toBe(0);
    expect(episodeTrackIndexAt(tracks, 1_000, 90_000)).toBe(1);
    expect(episodeTrackIndexAt(tracks, 0, 500)).toBeNull();
  });
});
