import { describe, expect, it } from 'vitest';
import { displayTrack, nowPlayingSchema, pushTrackHistory, type TrackHistoryEntry } from './now-playing.ts';

const track = (title: string, artist = 'DJ') => ({ title, artist, album: '', artwork: '' });

describe('pushTrackHistory', () => {
  it('puts the newest track first', () => {
    const one = pushTrackHistory([], track('A'), 't1');
    const two = pushTrackHistory(one, track('B'), 't2');
    expect(two.map((entry) => entry.title)).toEqual(['B', 'A']);
    expect(two[0]?.startedAt).toBe('t2');
  });

  it('ignores a repeat of the current track and moves an older one to the front', () => {
    let history: TrackHistoryEntry[] = [];
    for (const [title, at] of [
      ['A', 't1'],
      ['B', 't2'],
      ['B', 't3'],
      ['A', 't4'],
    ] as const) {
      history = pushTrackHistory(history, track(title), at);
    }
    expect(history.map((entry) => [entry.title, entry.startedAt])).toEqual([
      ['A', 't4'],
      ['B', 't2'],
    ]);
  });

  it('skips empty metadata and keeps at most max entries', () => {
    expect(pushTrackHistory([], track('', ''), 't')).toEqual([]);
    let history: TrackHistoryEntry[] = [];
    for (let i = 0; i < 25; i += 1) history = pushTrackHistory(history, track(`T${i}`), `t${i}`);
    expect(history).toHaveLength(20);
    expect(history[0]?.title).toBe('T24');
    expect(history[19]?.title).toBe('T5');
  });
});

describe('displayTrack', () => {
  it('uses the station name and Live Radio for blanks (spec defaults)', () => {
    expect(displayTrack(track('', ''), { title: 'Test FM', artist: 'Live Radio' })).toEqual({
      title: 'Test FM',
      artist: 'Live Radio',
    });
    expect(displayTrack(track(' Song ', 'Me'), { title: 'Test FM', artist: 'Live Radio' })).toEqual({
      title: 'Song',
      artist: 'Me',
    });
  });
});

describe('nowPlayingSchema', () => {
  it('accepts the server shape and refuses an unknown error kind', () => {
    const good = { ...track('A'), updatedAt: null, error: { kind: 'no-source', at: 'x' } };
    expect(nowPlayingSchema.safeParse(good).success).toBe(true);
    expect(nowPlayingSchema.safeParse({ ...good, error: { kind: 'boom', at: 'x' } }).success).toBe(false);
  });
});
