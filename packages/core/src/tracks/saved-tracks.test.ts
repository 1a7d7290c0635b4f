import { describe, expect, it } from 'vitest';
import { isTrackSaved, savedTrackSchema, toggleSavedTrack, type SavedTrack } from './saved-tracks.ts';

const song = (title: string, artist = 'DJ'): SavedTrack => ({
  title,
  artist,
  playedAt: '2026-01-01T12:00:00.000Z',
  savedAt: '2026-01-01T12:01:00.000Z',
});

describe('toggleSavedTrack', () => {
  it('saves newest first and removes a saved song on the second toggle', () => {
    const one = toggleSavedTrack([], song('A'));
    const two = toggleSavedTrack(one, song('B'));
    expect(two.map((entry) => entry.title)).toEqual(['B', 'A']);
    expect(toggleSavedTrack(two, song('a ', 'dj')).map((entry) => entry.title)).toEqual(['B']);
  });

  it('keeps at most max songs, dropping the oldest', () => {
    let saved: SavedTrack[] = [];
    for (let i = 0; i < 5; i += 1) saved = toggleSavedTrack(saved, song(`T${i}`), 3);
    expect(saved.map((entry) => entry.title)).toEqual(['T4', 'T3', 'T2']);
  });
});

describe('isTrackSaved', () => {
  it('matches title and artist ignoring case and blanks, not title alone', () => {
    const saved = [song('Sunrise', 'Aoife')];
    expect(isTrackSaved(saved, { title: ' sunrise', artist: 'AOIFE' })).toBe(true);
    expect(isTrackSaved(saved, { title: 'Sunrise', artist: 'Niamh' })).toBe(false);
  });
});

describe('savedTrackSchema', () => {
  it('refuses a song without its times', () => {
    expect(savedTrackSchema.safeParse({ title: 'A', artist: 'B' }).success).toBe(false);
    expect(savedTrackSchema.safeParse(song('A')).success).toBe(true);
  });
});
