import { describe, expect, it } from 'vitest';
import { nextRetryAt } from './integration-retries.ts';

describe('nextRetryAt', () => {
  const at = new Date('2026-01-01T00:00:00.000Z');
  it('waits 1 min, 5 min, 30 min, 2 h, then 6 h, then gives up', () => {
    const minutes = [1, 2, 3, 4, 5, 6].map((attempts) => {
      const next = nextRetryAt(attempts, at);
      return next === null ? null : (next.getTime() - at.getTime()) / 60_000;
    });
    expect(minutes).toEqual([1, 5, 30, 120, 360, null]);
  });
});
