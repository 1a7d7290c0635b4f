import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findOnAir } from '../schedule/on-air.ts';
import { TEST_SCHEDULE } from '../schedule/test-schedule.ts';
import {
  behindLiveMs,
  clampToWindow,
  behindLiveParts,
  instantAtFraction,
  isAtLiveEdge,
  REWIND_LIVE_MARGIN_MS,
  restartShowAt,
  rewindWindowAt,
  segmentAt,
  showSegments,
  stepBack,
  stepForward,
  trackPlayingAt,
  windowFraction,
  type RewindWindow,
} from './rewind-timeline.ts';

const DUBLIN = 'Europe/Dublin';
const HOUR = 3_600_000;
const t = (iso: string) => Date.parse(iso);

const anyWindow = fc
  .tuple(
    fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
    fc.integer({ min: 60_000, max: 24 * HOUR }),
  )
  .map(([to, span]): RewindWindow => ({ from: to - span, to }));

describe('rewindWindowAt', () => {
  it('reaches TIMESHIFT back from now, never before the oldest recording', () => {
    const now = t('2026-01-05T20:00:00Z');
    expect(rewindWindowAt({ earliestAt: now - 10 * HOUR, timeshiftMs: 4 * HOUR }, now)).toEqual({
      from: now - 4 * HOUR,
      to: now,
    });
    expect(rewindWindowAt({ earliestAt: now - HOUR, timeshiftMs: 4 * HOUR }, now)).toEqual({
      from: now - HOUR,
      to: now,
    });
  });

  it('has no window before anything is recorded, or with less than the live margin recorded', () => {
    const now = t('2026-01-05T20:00:00Z');
    expect(rewindWindowAt({ earliestAt: null, timeshiftMs: 4 * HOUR }, now)).toBeNull();
    expect(
      rewindWindowAt({ earliestAt: now - REWIND_LIVE_MARGIN_MS, timeshiftMs: 4 * HOUR }, now),
    ).toBeNull();
  });
});

describe('position ↔ time', () => {
  it('round-trips an instant through its scrubber fraction (within a ms)', () => {
    fc.assert(
      fc.property(anyWindow, fc.double({ min: 0, max: 1, noNaN: true }), (window, f) => {
        const at = instantAtFraction(f, window);
        expect(at).toBeGreaterThanOrEqual(window.from);
        expect(at).toBeLessThanOrEqual(window.to);
        expect(Math.abs(instantAtFraction(windowFraction(at, window), window) - at)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('keeps every position inside the window, however wild', () => {
    fc.assert(
      fc.property(anyWindow, fc.double({ noNaN: false }), fc.integer(), (window, f, at) => {
        const fromFraction = instantAtFraction(f, window);
        expect(fromFraction).toBeGreaterThanOrEqual(window.from);
        expect(fromFraction).toBeLessThanOrEqual(window.to);
        const clamped = clampToWindow(at, window);
        expect(clamped).toBeGreaterThanOrEqual(window.from);
        expect(clamped).toBeLessThanOrEqual(window.to);
        expect(windowFraction(at, window)).toBeGreaterThanOrEqual(0);
        expect(windowFraction(at, window)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('steps back 30 s, not past the window; forward returns null at the live edge', () => {
    const window = { from: 1_000_000, to: 10_000_000 };
    expect(stepBack(5_000_000, window)).toBe(4_970_000);
    expect(stepBack(1_010_000, window)).toBe(1_000_000);
    expect(stepForward(5_000_000, window)).toBe(5_030_000);
    expect(stepForward(window.to - 40_000, window)).toBeNull();
    expect(isAtLiveEdge(window.to - REWIND_LIVE_MARGIN_MS, window)).toBe(true);
    expect(isAtLiveEdge(window.to - REWIND_LIVE_MARGIN_MS - 1, window)).toBe(false);
  });

  it('says how far behind live, in the units the notice writes', () => {
    expect(behindLiveMs(100, 40_100)).toBe(40_000);
    expect(behindLiveMs(200, 100)).toBe(0);
    expect(behindLiveParts(30_000)).toEqual({ unit: 'seconds', seconds: 30 });
    expect(behindLiveParts(59_499)).toEqual({ unit: 'seconds', seconds: 59 });
    expect(behindLiveParts(4 * 60_000 + 20_000)).toEqual({ unit: 'minutes', minutes: 4 });
    expect(behindLiveParts(HOUR + 5 * 60_000)).toEqual({ unit: 'hours', hours: 1, minutes: 5 });
    expect(behindLiveParts(-5)).toEqual({ unit: 'seconds', seconds: 0 });
  });
});

describe('showSegments', () => {
  // Monday 5 January 2026 in Dublin (UTC+0): replays to 6pm, Deep Dublin 6-8pm, Warehouse 8-10pm.
  const window = { from: t('2026-01-05T17:30:00Z'), to: t('2026-01-05T21:15:30Z') };

  it('cuts the window at the schedule’s show boundaries, in station time', () => {
    const segments = showSegments(TEST_SCHEDULE, window, DUBLIN);
    expect(
      segments.map((s) => [
        s.slot.artist,
        new Date(s.startMs).toISOString(),
        new Date(s.endMs).toISOString(),
      ]),
    ).toEqual([
      ['Play Show Replays', '2026-01-05T17:30:00.000Z', '2026-01-05T18:00:00.000Z'],
      ['Seán Ó Briain', '2026-01-05T18:00:00.000Z', '2026-01-05T20:00:00.000Z'],
      ['Aoife Mac Suibhne', '2026-01-05T20:00:00.000Z', '2026-01-05T21:15:30.000Z'],
    ]);
    // The replays began at midnight, before the window.
    expect(new Date(segments[0]!.slotStartMs).toISOString()).toBe('2026-01-05T00:00:00.000Z');
  });

  it('agrees with findOnAir at every instant of any window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: t('2026-01-01T00:00:00Z'), max: t('2026-12-31T00:00:00Z') }),
        fc.integer({ min: 60_000, max: 6 * HOUR }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom(DUBLIN, 'America/New_York', 'Pacific/Auckland'),
        (to, span, f, zone) => {
          const w = { from: to - span, to };
          const at = instantAtFraction(f, w);
          const expected = findOnAir(TEST_SCHEDULE, new Date(at), zone)?.slot ?? null;
          expect(segmentAt(showSegments(TEST_SCHEDULE, w, zone), at)?.slot ?? null).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('restarts the show heard: the slot’s start, or the window’s start for a show begun before it', () => {
    const segments = showSegments(TEST_SCHEDULE, window, DUBLIN);
    expect(restartShowAt(segments, t('2026-01-05T21:10:00Z'), window)).toBe(t('2026-01-05T20:00:00Z'));
    expect(restartShowAt(segments, t('2026-01-05T19:00:00Z'), window)).toBe(t('2026-01-05T18:00:00Z'));
    expect(restartShowAt(segments, t('2026-01-05T17:45:00Z'), window)).toBe(window.from);
    expect(restartShowAt(segments, window.to, window)).toBe(t('2026-01-05T20:00:00Z'));
    expect(restartShowAt([], window.to, window)).toBeNull();
  });

  it('runs a show past midnight from the day it is listed under', () => {
    // Sunday '11pm - 2am' heard at Monday 01:00 began on Sunday 23:00.
    const w = { from: t('2026-01-05T00:30:00Z'), to: t('2026-01-05T01:00:00Z') };
    const segments = showSegments(TEST_SCHEDULE, w, DUBLIN);
    expect(segments).toHaveLength(1);
    expect(segments[0]?.slot.artist).toBe('Tadhg');
    expect(new Date(segments[0]!.slotStartMs).toISOString()).toBe('2026-01-04T23:00:00.000Z');
  });
});

describe('trackPlayingAt', () => {
  const tracks = [
    { title: 'C', startedAt: '2026-01-05T20:10:00.000Z' },
    { title: 'B', startedAt: '2026-01-05T20:05:00.000Z' },
    { title: 'A', startedAt: '2026-01-05T20:00:00.000Z' },
  ];
  it('is the newest track begun by then', () => {
    expect(trackPlayingAt(tracks, t('2026-01-05T20:07:00Z'))?.title).toBe('B');
    expect(trackPlayingAt(tracks, t('2026-01-05T20:05:00Z'))?.title).toBe('B');
    expect(trackPlayingAt(tracks, t('2026-01-05T20:30:00Z'))?.title).toBe('C');
    expect(trackPlayingAt(tracks, t('2026-01-05T19:59:59Z'))).toBeNull();
  });
});
