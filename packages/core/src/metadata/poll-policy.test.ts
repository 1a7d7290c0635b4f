import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { metadataPollDelayMs } from './poll-policy.ts';

const MIN = 60_000;

describe('metadataPollDelayMs', () => {
  it('polls every 30 s while visible and every 5 min while hidden', () => {
    expect(metadataPollDelayMs({ visible: true, playing: true, idleMs: 0 })).toBe(30_000);
    expect(metadataPollDelayMs({ visible: false, playing: true, idleMs: 0 })).toBe(5 * MIN);
    expect(metadataPollDelayMs({ visible: true, playing: false, idleMs: 2 * MIN })).toBe(30_000);
  });

  it('pauses when idle over 2 min and not playing', () => {
    expect(metadataPollDelayMs({ visible: true, playing: false, idleMs: 2 * MIN + 1 })).toBeNull();
    expect(metadataPollDelayMs({ visible: false, playing: false, idleMs: 10 * MIN })).toBeNull();
    expect(metadataPollDelayMs({ visible: true, playing: true, idleMs: 3 * MIN })).toBe(30_000);
  });

  it('slows to at least 60 s when idle over 5 min', () => {
    expect(metadataPollDelayMs({ visible: true, playing: true, idleMs: 5 * MIN })).toBe(30_000);
    expect(metadataPollDelayMs({ visible: true, playing: true, idleMs: 5 * MIN + 1 })).toBe(MIN);
    expect(metadataPollDelayMs({ visible: false, playing: true, idleMs: 60 * MIN })).toBe(5 * MIN);
  });

  it('treats a negative or non-finite idle time as active', () => {
    expect(metadataPollDelayMs({ visible: true, playing: false, idleMs: Number.NaN })).toBe(30_000);
    expect(metadataPollDelayMs({ visible: true, playing: false, idleMs: -5 })).toBe(30_000);
  });

  it('never polls faster than every 30 s and never slows down as activity resumes', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.nat(), fc.nat(), (visible, playing, a, b) => {
        const [less, more] = a <= b ? [a, b] : [b, a];
        const active = metadataPollDelayMs({ visible, playing, idleMs: less });
        const idle = metadataPollDelayMs({ visible, playing, idleMs: more });
        if (active !== null) expect(active).toBeGreaterThanOrEqual(30_000);
        if (idle !== null && active !== null) expect(active).toBeLessThanOrEqual(idle);
        if (active === null) expect(idle).toBeNull();
      }),
    );
  });
});
