import { describe, expect, it } from 'vitest';
import { insightsQuerySchema, listenersByHourOfWeek } from './insights.ts';

describe('listenersByHourOfWeek', () => {
  it("places UTC hours on the station's week, daylight saving included, averaging samples", () => {
    const cells = listenersByHourOfWeek(
      [
        // Monday 2026-07-06 09:00 UTC is 10:00 in Dublin (IST, UTC+1).
        { hour: '2026-07-06T09', sum: 60, samples: 12, peak: 8 },
        // A week later, the same local hour: folded into the same cell.
        { hour: '2026-07-13T09', sum: 120, samples: 12, peak: 15 },
        // Monday 2026-11-23 10:00 UTC is 10:00 in Dublin (GMT): the same cell again.
        { hour: '2026-11-23T10', sum: 0, samples: 6, peak: 0 },
        // Sunday 2026-11-22 23:00 UTC: the last hour of the week.
        { hour: '2026-11-22T23', sum: 3, samples: 2, peak: 2 },
      ],
      'Europe/Dublin',
    );
    expect(cells).toEqual([
      { weekday: 'Monday', hour: 10, average: 6, peak: 15 },
      { weekday: 'Sunday', hour: 23, average: 1.5, peak: 2 },
    ]);
  });

  it('is empty without samples', () => {
    expect(listenersByHourOfWeek([], 'Europe/Dublin')).toEqual([]);
  });
});

describe('insightsQuerySchema', () => {
  it('defaults to 7 days and refuses a window longer than what is kept', () => {
    expect(insightsQuerySchema.parse({})).toEqual({ days: 7 });
    expect(insightsQuerySchema.parse({ days: '30' })).toEqual({ days: 30 });
    expect(insightsQuerySchema.safeParse({ days: '91' }).success).toBe(false);
    expect(insightsQuerySchema.safeParse({ days: '0' }).success).toBe(false);
    expect(insightsQuerySchema.safeParse({ days: 'x' }).success).toBe(false);
  });
});
