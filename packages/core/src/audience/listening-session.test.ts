import { describe, expect, it } from 'vitest';
import { listeningSessionBucket, summarizeListeningSessions } from './listening-session.ts';

const MINUTE = 60_000;

describe('listening sessions', () => {
  it('puts a length in its bucket, each bound belonging to the bucket above', () => {
    expect(listeningSessionBucket(59_999)).toBe('under_1m');
    expect(listeningSessionBucket(MINUTE)).toBe('1_5m');
    expect(listeningSessionBucket(14 * MINUTE)).toBe('5_15m');
    expect(listeningSessionBucket(15 * MINUTE)).toBe('15_30m');
    expect(listeningSessionBucket(59 * MINUTE)).toBe('30_60m');
    expect(listeningSessionBucket(119 * MINUTE)).toBe('1_2h');
    expect(listeningSessionBucket(120 * MINUTE)).toBe('over_2h');
    expect(listeningSessionBucket(10 * 60 * MINUTE)).toBe('over_2h');
  });

  it('averages from each bucket’s middle, and says when sessions over 2 hours make it a lower bound', () => {
    // 2 × 3 min (1–5) + 1 × 45 min (30–60) = 51 / 3 = 17 minutes.
    const closed = summarizeListeningSessions(
      new Map([
        ['1_5m', 2],
        ['30_60m', 1],
      ]),
    );
    expect(closed).toMatchObject({ count: 3, averageMinutes: 17, open: false });
    expect(closed.byBucket.map((row) => row.count)).toEqual([0, 2, 0, 0, 1, 0, 0]);
    // 1 × 90 + 1 × 120 = 210 / 2 = 105, at least.
    expect(
      summarizeListeningSessions(
        new Map([
          ['1_2h', 1],
          ['over_2h', 1],
        ]),
      ),
    ).toMatchObject({ count: 2, averageMinutes: 105, open: true });
    expect(summarizeListeningSessions(new Map())).toMatchObject({ count: 0, averageMinutes: null });
  });
});
