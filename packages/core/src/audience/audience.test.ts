import { describe, expect, it } from 'vitest';
import type { Schedule } from '../schedule/types.ts';
import { audienceFigures, type ListenerMinute } from './audience.ts';
import { DEFAULT_DAYPARTS } from './dayparts.ts';

/** `count` minutes from `start` (UTC `YYYY-MM-DDTHH:MM`), each with `listeners`. */
function run(start: string, count: number, listeners: number): ListenerMinute[] {
  const at = Date.parse(`${start}:00Z`);
  return Array.from({ length: count }, (_, i) => ({
    minute: new Date(at + i * 60_000).toISOString().slice(0, 16),
    listeners,
  }));
}

const slot = (time: string, artist: string, show: string) => ({
  time,
  artist,
  show,
  genre: 'Various',
  image: '',
});
/** Monday 6–7am Breakfast Club, Monday 11pm–1am Night Owls (spilling into Tuesday). */
const SCHEDULE: Schedule = [
  {
    day: 'Monday',
    shows: [slot('6am - 7am', 'Aoife', 'Breakfast Club'), slot('11pm - 1am', 'Cian', 'Night Owls')],
  },
];

/*
 * The series, Monday 23 and Tuesday 24 November 2026, station zone UTC:
 *
 *   quarter-hour       minutes read           listener-minutes   persons (mean of its minutes)
 *   Mon 06:00–06:14    15 × 4                 60                 60 / 15 = 4
 *   Mon 06:15–06:29    5 × 3, then 10 × 9     15 + 90 = 105      105 / 15 = 7
 *   Mon 06:30–06:44    06:30, :31, :32 read   2 + 3 + 4 = 9      9 / 3 = 3  (the rest unread: left out)
 *                      as 2, 3, 4
 *   Mon 23:45–23:59    23:50–23:59, 10 × 6    60                 60 / 10 = 6
 *   Tue 00:00–00:14    15 × 12                180                180 / 15 = 12
 *
 * Monday:    TLH = (60 + 105 + 9 + 60) / 60 = 234 / 60 = 3.9 h;  AQH = (4 + 7 + 3 + 6) / 4 = 5;  peak 9.
 * Tuesday:   TLH = 180 / 60 = 3 h;  AQH = 12 / 1 = 12;  peak 12.
 * Breakfast (6–10): TLH = 174 / 60 = 2.9 h;  AQH = (4 + 7 + 3) / 3 = 4.67 → 4.7;  peak 9.
 * Evening (19–24):  TLH = 60 / 60 = 1 h;  AQH = 6;  peak 6.
 * Overnight (0–6):  TLH = 3 h;  AQH = 12;  peak 12.   Daytime and Drive: nothing read.
 * Breakfast Club (6–7am): 33 minutes, 174 listener-minutes: average 174 / 33 = 5.27 → 5.3, peak 9, TLH 2.9.
 * Night Owls (11pm–1am): 10 + 15 = 25 minutes, 60 + 180 = 240: average 9.6, peak 12, TLH 4.
 */
const SERIES: ListenerMinute[] = [
  ...run('2026-11-23T06:00', 15, 4),
  ...run('2026-11-23T06:15', 5, 3),
  ...run('2026-11-23T06:20', 10, 9),
  { minute: '2026-11-23T06:30', listeners: 2 },
  { minute: '2026-11-23T06:31', listeners: 3 },
  { minute: '2026-11-23T06:32', listeners: 4 },
  ...run('2026-11-23T23:50', 10, 6),
  ...run('2026-11-24T00:00', 15, 12),
];

describe('audienceFigures', () => {
  const figures = audienceFigures({
    minutes: SERIES,
    timeZone: 'UTC',
    dayparts: DEFAULT_DAYPARTS,
    schedule: SCHEDULE,
  });

  it('gives TLH and AQH per day as worked by hand', () => {
    expect(figures.byDay).toEqual([
      { day: '2026-11-23', tlh: 3.9, aqh: 5, peak: 9, quarterHours: 4 },
      { day: '2026-11-24', tlh: 3, aqh: 12, peak: 12, quarterHours: 1 },
    ]);
  });

  it('gives TLH and AQH per daypart, every daypart listed in the station’s order', () => {
    expect(figures.byDaypart).toEqual([
      { name: 'Breakfast', start: 6, end: 10, tlh: 2.9, aqh: 4.7, peak: 9, quarterHours: 3 },
      { name: 'Daytime', start: 10, end: 16, tlh: 0, aqh: 0, peak: 0, quarterHours: 0 },
      { name: 'Drive', start: 16, end: 19, tlh: 0, aqh: 0, peak: 0, quarterHours: 0 },
      { name: 'Evening', start: 19, end: 24, tlh: 1, aqh: 6, peak: 6, quarterHours: 1 },
      { name: 'Overnight', start: 0, end: 6, tlh: 3, aqh: 12, peak: 12, quarterHours: 1 },
    ]);
  });

  it('gives peak and average by show, the best-heard first, a show spilling past midnight as one', () => {
    expect(figures.byShow).toEqual([
      { show: 'Night Owls — Cian', tlh: 4, average: 9.6, peak: 12, minutes: 25 },
      { show: 'Breakfast Club — Aoife', tlh: 2.9, average: 5.3, peak: 9, minutes: 33 },
    ]);
  });

  it('reads days and dayparts on the station’s clock', () => {
    // 03:00 UTC on Tuesday is 22:00 on Monday in New York (EST, UTC−5): Monday's evening.
    const inNewYork = audienceFigures({
      minutes: run('2026-11-24T03:00', 15, 8),
      timeZone: 'America/New_York',
      dayparts: DEFAULT_DAYPARTS,
      schedule: null,
    });
    expect(inNewYork.byDay).toEqual([{ day: '2026-11-23', tlh: 2, aqh: 8, peak: 8, quarterHours: 1 }]);
    expect(inNewYork.byDaypart.find((part) => part.name === 'Evening')).toMatchObject({ tlh: 2, aqh: 8 });
    expect(inNewYork.byShow).toEqual([]);
  });

  it('leaves out hours in no daypart, and counts nothing for an empty series', () => {
    const mornings = audienceFigures({
      minutes: SERIES,
      timeZone: 'UTC',
      dayparts: [{ name: 'Morning', start: 6, end: 12 }],
      schedule: null,
    });
    expect(mornings.byDaypart).toEqual([
      { name: 'Morning', start: 6, end: 12, tlh: 2.9, aqh: 4.7, peak: 9, quarterHours: 3 },
    ]);
    const none = audienceFigures({
      minutes: [],
      timeZone: 'UTC',
      dayparts: DEFAULT_DAYPARTS,
      schedule: null,
    });
    expect(none.byDay).toEqual([]);
    expect(none.byDaypart.every((part) => part.tlh === 0 && part.aqh === 0)).toBe(true);
  });
});
