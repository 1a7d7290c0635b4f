import { describe, expect, it } from 'vitest';
import { DEFAULT_DAYPARTS, daypartOf, daypartsSchema } from './dayparts.ts';

describe('dayparts', () => {
  it('defaults to breakfast, daytime, drive, evening and overnight, covering the whole day', () => {
    expect(daypartsSchema.parse(undefined)).toEqual(DEFAULT_DAYPARTS);
    for (let hour = 0; hour < 24; hour += 1) expect(daypartOf(DEFAULT_DAYPARTS, hour)).toBeDefined();
    expect(daypartOf(DEFAULT_DAYPARTS, 6)?.name).toBe('Breakfast');
    expect(daypartOf(DEFAULT_DAYPARTS, 23)?.name).toBe('Evening');
    expect(daypartOf(DEFAULT_DAYPARTS, 5)?.name).toBe('Overnight');
  });

  it('refuses dayparts that share an hour, share a name, end before they start, or are none', () => {
    const ok = { name: 'Morning', start: 6, end: 12 };
    expect(daypartsSchema.safeParse([ok, { name: 'Noon', start: 11, end: 14 }]).success).toBe(false);
    expect(daypartsSchema.safeParse([ok, { name: 'Morning', start: 12, end: 14 }]).success).toBe(false);
    expect(daypartsSchema.safeParse([{ name: 'Backwards', start: 10, end: 6 }]).success).toBe(false);
    expect(daypartsSchema.safeParse([]).success).toBe(false);
    expect(daypartsSchema.safeParse([ok, { name: 'Afternoon', start: 12, end: 18 }]).success).toBe(true);
  });
});
