import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bufferedEndAt,
  estimateChangeAtMs,
  listenerLagMs,
  titleSwitchAtMs,
  tracksHeard,
  TITLE_SYNC_MAX_LAG_MS,
} from './title-timing.ts';

const ranges = (...pairs: Array<[number, number]>) => ({
  length: pairs.length,
  start: (index: number) => pairs[index]![0],
  end: (index: number) => pairs[index]![1],
});

describe('listenerLagMs', () => {
  it('is the buffered audio ahead of the playhead (the burst and the player buffer together)', () => {
    expect(listenerLagMs({ currentTimeS: 10, bufferedEndS: 12.75 })).toBe(2750);
  });

  it('is 0 with nothing buffered, a negligible buffer, or a stalled one too deep to be lag', () => {
    expect(listenerLagMs({ currentTimeS: 10, bufferedEndS: null })).toBe(0);
    expect(listenerLagMs({ currentTimeS: 10, bufferedEndS: 10.1 })).toBe(0);
    expect(listenerLagMs({ currentTimeS: 0, bufferedEndS: TITLE_SYNC_MAX_LAG_MS / 1000 + 1 })).toBe(0);
    expect(listenerLagMs({ currentTimeS: Number.NaN, bufferedEndS: 3 })).toBe(0);
  });
});

describe('bufferedEndAt', () => {
  it('finds the range holding the playhead', () => {
    expect(bufferedEndAt(ranges([0, 4], [20, 31.5]), 25)).toBe(31.5);
    expect(bufferedEndAt(ranges([0, 4]), 0)).toBe(4);
  });

  it('is null when the playhead is in a gap or nothing is buffered', () => {
    expect(bufferedEndAt(ranges([0, 4], [20, 31.5]), 10)).toBeNull();
    expect(bufferedEndAt(ranges(), 0)).toBeNull();
  });
});

describe('titleSwitchAtMs', () => {
  it('shows a new title when the song reaches the ears: change time plus lag', () => {
    expect(titleSwitchAtMs({ changedAtMs: 1_000, receivedAtMs: 1_200, lagMs: 3_000 })).toBe(4_000);
  });

  it('never before the title arrived, and at once without a change time', () => {
    expect(titleSwitchAtMs({ changedAtMs: 1_000, receivedAtMs: 9_000, lagMs: 3_000 })).toBe(9_000);
    expect(titleSwitchAtMs({ changedAtMs: null, receivedAtMs: 9_000, lagMs: 3_000 })).toBe(9_000);
    expect(titleSwitchAtMs({ changedAtMs: 1_000, receivedAtMs: 1_000, lagMs: -5 })).toBe(1_000);
  });

  it('is never earlier than receipt nor later than change + lag (when received by then)', () => {
    fc.assert(
      fc.property(fc.nat(1e9), fc.nat(60_000), fc.nat(60_000), (changed, late, lag) => {
        const received = changed + late;
        const at = titleSwitchAtMs({ changedAtMs: changed, receivedAtMs: received, lagMs: lag });
        expect(at).toBeGreaterThanOrEqual(received);
        expect(at).toBe(Math.max(received, changed + lag));
      }),
    );
  });
});

describe('estimateChangeAtMs', () => {
  it('is halfway between the last read that saw the old value and this one', () => {
    expect(estimateChangeAtMs(10_000, 11_000)).toBe(10_500);
  });

  it('is this read without a usable earlier one', () => {
    expect(estimateChangeAtMs(null, 11_000)).toBe(11_000);
    expect(estimateChangeAtMs(12_000, 11_000)).toBe(11_000);
  });
});

describe('tracksHeard', () => {
  const tracks = [
    { title: 'new', startedAt: '2026-01-01T12:00:10.000Z' },
    { title: 'old', startedAt: '2026-01-01T12:00:00.000Z' },
  ];

  it('hides a track newer than the one the listener hears now', () => {
    expect(tracksHeard(tracks, '2026-01-01T12:00:00.000Z').map((t) => t.title)).toEqual(['old']);
    expect(tracksHeard(tracks, '2026-01-01T12:00:10.000Z').map((t) => t.title)).toEqual(['new', 'old']);
  });

  it('lists all without a heard track, and keeps an entry with an unreadable time', () => {
    expect(tracksHeard(tracks, null)).toHaveLength(2);
    expect(tracksHeard([{ startedAt: 'soon' }], '2026-01-01T12:00:00.000Z')).toHaveLength(1);
  });
});
