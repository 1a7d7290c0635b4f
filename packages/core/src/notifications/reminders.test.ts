import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { dueReminders, nextReminderAt } from './reminders.ts';
import { WEEKDAYS, type Schedule, type ShowSlot, type Weekday } from '../schedule/types.ts';

const DUBLIN = 'Europe/Dublin';
const slot = (time: string): ShowSlot => ({
  time,
  artist: 'Seán',
  show: 'Deep Dublin',
  genre: 'House',
  image: '',
});
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('nextReminderAt', () => {
  // Monday 5 January 2026, 12:00 GMT.
  const monday = new Date('2026-01-05T12:00:00Z');

  it("gives this week's occurrence minus the reminder minutes", () => {
    expect(iso(nextReminderAt(slot('6pm - 8pm'), 'Monday', monday, DUBLIN, 15))).toBe(
      '2026-01-05T17:45:00.000Z',
    );
    expect(iso(nextReminderAt(slot('6:30pm - 8pm'), 'Wednesday', monday, DUBLIN, 5))).toBe(
      '2026-01-07T18:25:00.000Z',
    );
  });

  it('moves a week ahead when the show, or its reminder moment, has passed', () => {
    expect(iso(nextReminderAt(slot('9am - 11am'), 'Monday', monday, DUBLIN, 15))).toBe(
      '2026-01-12T08:45:00.000Z',
    );
    expect(iso(nextReminderAt(slot('12pm - 1pm'), 'Monday', monday, DUBLIN, 0))).toBe(
      '2026-01-12T12:00:00.000Z',
    );
    expect(iso(nextReminderAt(slot('12:10pm - 1pm'), 'Monday', monday, DUBLIN, 15))).toBe(
      '2026-01-12T11:55:00.000Z',
    );
    expect(iso(nextReminderAt(slot('12:20pm - 1pm'), 'Monday', monday, DUBLIN, 15))).toBe(
      '2026-01-05T12:05:00.000Z',
    );
  });

  it('keeps the station wall-clock time across a daylight-saving change', () => {
    // Friday 27 March (GMT) → the Monday show after the spring change is at 18:00 IST = 17:00 UTC.
    expect(
      iso(nextReminderAt(slot('6pm - 8pm'), 'Monday', new Date('2026-03-27T12:00:00Z'), DUBLIN, 15)),
    ).toBe('2026-03-30T16:45:00.000Z');
    // Sunday '11pm - 2am' on the autumn change day is still 23:00 local (now GMT).
    expect(
      iso(nextReminderAt(slot('11pm - 2am'), 'Sunday', new Date('2026-10-24T12:00:00Z'), DUBLIN, 60)),
    ).toBe('2026-10-25T22:00:00.000Z');
  });

  it('uses the station zone, not the listener one', () => {
    expect(iso(nextReminderAt(slot('6pm - 8pm'), 'Monday', monday, 'Pacific/Auckland', 15))).toBe(
      '2026-01-12T04:45:00.000Z',
    );
  });

  it('is null for an unparseable time or a bad reminder', () => {
    expect(nextReminderAt(slot('tbc'), 'Monday', monday, DUBLIN, 15)).toBeNull();
    expect(nextReminderAt(slot('6pm - 7pm'), 'Monday', monday, DUBLIN, -1)).toBeNull();
    expect(nextReminderAt(slot('6pm - 7pm'), 'Monday', monday, DUBLIN, Number.NaN)).toBeNull();
  });

  const clockText = (minutes: number) => {
    const hour24 = Math.floor(minutes / 60);
    const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
    return `${hour12}:${String(minutes % 60).padStart(2, '0')}${hour24 < 12 ? 'am' : 'pm'}`;
  };
  const wall = (instant: Date, zone: string) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(instant);
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return {
      weekday: get('weekday') as Weekday,
      minute: (Number(get('hour')) % 24) * 60 + Number(get('minute')),
    };
  };
  const MINUTE_MS = 60_000;
  const near = (changeMs: number) =>
    fc.integer({ min: changeMs / MINUTE_MS - 10_080, max: changeMs / MINUTE_MS + 2_880 });
  const nowArb = fc
    .oneof(
      fc.integer({ min: Date.UTC(2026, 0, 1) / MINUTE_MS, max: Date.UTC(2027, 0, 1) / MINUTE_MS }),
      near(Date.UTC(2026, 2, 29, 1)),
      near(Date.UTC(2026, 9, 25, 1)),
    )
    .chain((minute) => fc.integer({ min: 0, max: 59_999 }).map((ms) => new Date(minute * MINUTE_MS + ms)));

  it("lands in the future, within a week, on the show's weekday and start in station time", () => {
    fc.assert(
      fc.property(
        nowArb,
        fc.constantFrom(...WEEKDAYS),
        fc.integer({ min: 0, max: 1439 }),
        fc.constantFrom(5, 10, 15, 30, 60),
        fc.constantFrom(DUBLIN, 'America/New_York', 'Pacific/Auckland'),
        (now, day, start, reminder, zone) => {
          const at = nextReminderAt(
            slot(`${clockText(start)} - ${clockText((start + 60) % 1440)}`),
            day,
            now,
            zone,
            reminder,
          );
          expect(at).not.toBeNull();
          if (!at) return;
          expect(at.getTime()).toBeGreaterThan(now.getTime());
          expect(at.getTime() - now.getTime()).toBeLessThanOrEqual(7 * 86_400_000 + 3_600_000);
          const showStart = wall(new Date(at.getTime() + reminder * MINUTE_MS), zone);
          expect(showStart.weekday).toBe(day);
          // A start inside the spring-forward gap is moved on by the length of the gap (one hour).
          expect([start, start + 60]).toContain(showStart.minute);
          // Asking again just before the answer gives the same answer (nothing earlier qualifies).
          expect(
            nextReminderAt(
              slot(`${clockText(start)} - ${clockText((start + 60) % 1440)}`),
              day,
              new Date(at.getTime() - 1),
              zone,
              reminder,
            ),
          ).toEqual(at);
        },
      ),
      { numRuns: 400 },
    );
  });

  describe('dueReminders', () => {
    const show = (time: string, name: string): ShowSlot => ({ ...slot(time), show: name });
    const week: Schedule = WEEKDAYS.map((day) => ({
      day,
      shows:
        day === 'Monday'
          ? [
              show('6pm - 8pm', 'Deep Dublin'),
              show('6:30pm - 8pm', 'Half Past'),
              show('7pm - 8pm', 'Seven'),
              show('tbc', 'Unknown'),
            ]
          : day === 'Tuesday'
            ? [show('6pm - 8pm', 'Deep Dublin')]
            : [],
    }));
    const due = (at: string, minutes: number) =>
      dueReminders(week, new Date(at), DUBLIN, minutes).map(({ id, day, startsAt }) => [
        id,
        day,
        startsAt.toISOString(),
      ]);

    it('gives the shows starting within the reminder time, with their start, and none that has started', () => {
      // Monday 5 January 2026 (GMT), 17:50.
      expect(due('2026-01-05T17:50:00Z', 15)).toEqual([
        ['Seán-Deep Dublin', 'Monday', '2026-01-05T18:00:00.000Z'],
      ]);
      expect(due('2026-01-05T17:50:00Z', 60)).toEqual([
        ['Seán-Deep Dublin', 'Monday', '2026-01-05T18:00:00.000Z'],
        ['Seán-Half Past', 'Monday', '2026-01-05T18:30:00.000Z'],
      ]);
      expect(due('2026-01-05T17:50:00Z', 5)).toEqual([]);
      expect(due('2026-01-05T18:00:00Z', 60)).toEqual([
        ['Seán-Half Past', 'Monday', '2026-01-05T18:30:00.000Z'],
        ['Seán-Seven', 'Monday', '2026-01-05T19:00:00.000Z'],
      ]);
      // Exactly at the reminder moment it is due; a millisecond before it is not.
      expect(due('2026-01-05T17:45:00Z', 15)).toHaveLength(1);
      expect(due('2026-01-05T17:44:59.999Z', 15)).toEqual([]);
    });

    it('is the listener view of nextReminderAt: due exactly when the next reminder moment, asked from reminderTime ago, has come', () => {
      fc.assert(
        fc.property(nowArb, fc.constantFrom(5, 10, 15, 30, 60), (now, minutes) => {
          const ids = new Set(dueReminders(week, now, DUBLIN, minutes).map(({ id, day }) => `${day} ${id}`));
          for (const { day, shows } of week) {
            for (const entry of shows) {
              const remindAt = nextReminderAt(
                entry,
                day,
                new Date(now.getTime() - minutes * MINUTE_MS),
                DUBLIN,
                minutes,
              );
              const expected = remindAt !== null && remindAt.getTime() <= now.getTime();
              expect(ids.has(`${day} ${entry.artist}-${entry.show}`)).toBe(expected);
            }
          }
        }),
        { numRuns: 300 },
      );
    });
  });
});
