import { STORAGE_KEYS } from '@onair/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readStored } from '../../lib/storage.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { ListeningSessionRecorder } from './session-recorder.ts';

const T0 = new Date(2026, 10, 22, 20, 0, 0).getTime();

function recorder() {
  let now = T0;
  const rec = new ListeningSessionRecorder(() => now);
  return { rec, at: (seconds: number) => (now = T0 + seconds * 1000) };
}

const sessions = () => readStored(storedLater.statsSessions);
const stats = () =>
  JSON.parse(localStorage.getItem(STORAGE_KEYS.statsListeningStats) ?? 'null') as Record<
    string,
    unknown
  > | null;

describe('ListeningSessionRecorder', () => {
  beforeEach(() => localStorage.clear());

  it('stores a session of at least 10 s with its date and recomputes the stats', () => {
    const { rec, at } = recorder();
    rec.start();
    at(95);
    rec.end();
    expect(sessions()).toEqual([
      expect.objectContaining({ startTime: T0, endTime: T0 + 95_000, duration: 95, date: '2026-11-22' }),
    ]);
    expect(stats()).toMatchObject({ totalListeningTime: 95, totalSessions: 1, currentStreak: 1 });
  });

  it('stores nothing for a session shorter than 10 s', () => {
    const { rec, at } = recorder();
    rec.start();
    at(9);
    rec.end();
    expect(sessions()).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.statsSessions)).toBeNull();
  });

  it('checkpoints the open session under one id, so a killed tab keeps its time without double counting', () => {
    const { rec, at } = recorder();
    rec.start();
    at(30);
    rec.checkpoint();
    at(60);
    rec.checkpoint();
    expect(sessions()).toHaveLength(1);
    expect(sessions()[0]?.duration).toBe(60);
    at(75);
    rec.end();
    expect(sessions()).toHaveLength(1);
    expect(sessions()[0]?.duration).toBe(75);
  });

  it('ignores a second start and an end without a session; a new start is a new session', () => {
    const { rec, at } = recorder();
    rec.end();
    rec.start();
    at(20);
    rec.start();
    at(40);
    rec.end();
    expect(rec.isOpen).toBe(false);
    at(100);
    rec.start();
    at(130);
    rec.end();
    expect(sessions().map((session) => session.duration)).toEqual([40, 30]);
    expect(new Set(sessions().map((session) => session.id)).size).toBe(2);
  });

  it('keeps valid stored sessions next to corrupt ones, dropping only those, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ok = (id: string, minutesAgo: number) => ({
      id,
      startTime: T0 - minutesAgo * 60_000,
      endTime: T0 - minutesAgo * 60_000 + 60_000,
      duration: 60,
      date: '2026-11-22',
    });
    localStorage.setItem(
      STORAGE_KEYS.statsSessions,
      JSON.stringify([
        ok('first', 90),
        { id: 'bad' },
        'junk',
        { ...ok('late', 80), endTime: 0 },
        ok('second', 60),
      ]),
    );
    expect(sessions().map((session) => session.id)).toEqual(['first', 'second']);
    // The repair is written back, so the bad entries are gone for good and warn only once.
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.statsSessions) ?? '[]')).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('playfm_stats_sessions');
    localStorage.setItem(STORAGE_KEYS.statsSessions, JSON.stringify([ok('ok', 1), { id: 'bad' }]));
    const { rec, at } = recorder();
    rec.start();
    at(20);
    rec.end();
    expect(sessions().map((session) => session.id)).toEqual(['ok', expect.any(String)]);
    expect(warn).toHaveBeenCalled();
  });

  it('survives storage that is not a list at all', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.statsSessions, '{"nope":true}');
    expect(sessions()).toEqual([]);
  });
});
