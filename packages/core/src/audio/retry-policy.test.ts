import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUDIO_RETRY_AFTER_ERROR_MS, AUDIO_RETRY_AFTER_STALL_MS } from '../constants.ts';
import { AUDIO_RETRY_MAX_MS, audioRetryDelayMs } from './retry-policy.ts';

describe('audioRetryDelayMs', () => {
  it('starts at the spec delays: 1 s after an error, 2 s after a stall', () => {
    expect(audioRetryDelayMs('error', 0)).toBe(AUDIO_RETRY_AFTER_ERROR_MS);
    expect(audioRetryDelayMs('stall', 0)).toBe(AUDIO_RETRY_AFTER_STALL_MS);
  });

  it('doubles on each consecutive failure up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => audioRetryDelayMs('error', n))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect(audioRetryDelayMs('stall', 3)).toBe(16_000);
  });

  it('treats a negative or non-finite attempt as the first', () => {
    expect(audioRetryDelayMs('error', -3)).toBe(1_000);
    expect(audioRetryDelayMs('error', Number.NaN)).toBe(1_000);
  });

  it('never waits less than the first delay nor more than the cap, and never shrinks', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('error' as const, 'stall' as const),
        fc.integer({ min: 0, max: 10_000 }),
        (cause, n) => {
          const delay = audioRetryDelayMs(cause, n);
          expect(delay).toBeGreaterThanOrEqual(audioRetryDelayMs(cause, 0));
          expect(delay).toBeLessThanOrEqual(AUDIO_RETRY_MAX_MS);
          expect(audioRetryDelayMs(cause, n + 1)).toBeGreaterThanOrEqual(delay);
        },
      ),
    );
  });
});
