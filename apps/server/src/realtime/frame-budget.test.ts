import { describe, expect, it } from 'vitest';
import { FrameBudget } from './frame-budget.ts';

describe('FrameBudget', () => {
  it('allows 20 frames in 10 s and refuses the 21st', () => {
    const budget = new FrameBudget(20, 10_000);
    for (let frame = 0; frame < 20; frame += 1) expect(budget.take(1_000 + frame * 100)).toBe(true);
    expect(budget.take(2_999)).toBe(false);
  });

  it('slides: a frame is allowed again once the oldest counted one is 10 s old', () => {
    const budget = new FrameBudget(3, 10_000);
    expect([budget.take(0), budget.take(4_000), budget.take(8_000)]).toEqual([true, true, true]);
    expect(budget.take(9_999)).toBe(false);
    expect(budget.take(10_000)).toBe(true);
    // The window now holds 4 000, 8 000 and 10 000.
    expect(budget.take(13_999)).toBe(false);
    expect(budget.take(14_000)).toBe(true);
  });

  it('says how long until the next frame is allowed (the chat answers it as Retry-After)', () => {
    const budget = new FrameBudget(2, 10_000);
    expect(budget.retryAfterMs(0)).toBe(0);
    budget.take(1_000);
    budget.take(3_000);
    expect(budget.retryAfterMs(4_000)).toBe(7_000);
    expect(budget.retryAfterMs(11_000)).toBe(0);
  });
});
