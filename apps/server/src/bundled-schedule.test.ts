import { readFileSync } from 'node:fs';
import { parseSchedule, parseSlotTime, REPLAY_ARTIST, scheduleSchema, WEEKDAYS } from '@onair/core';
import { describe, expect, it } from 'vitest';
import { BUNDLED_SCHEDULE_PATH, loadBundledSchedule } from './bundled-schedule.ts';

const raw: unknown = JSON.parse(readFileSync(BUNDLED_SCHEDULE_PATH, 'utf8'));
const week = loadBundledSchedule();

describe('the bundled schedule', () => {
  it('is a valid schedule document as stored', () => {
    expect(scheduleSchema.safeParse(raw).success).toBe(true);
    expect(parseSchedule(raw).ok).toBe(true);
    expect(week.map((day) => day.day)).toEqual([...WEEKDAYS]);
  });

  it('covers every day from 12am with no gap, replays filling between live shows', () => {
    for (const { day, shows } of week) {
      const times = shows.map((slot) => parseSlotTime(slot.time));
      expect(
        times.every((time) => time !== null),
        day,
      ).toBe(true);
      expect(times[0]?.startMinutes, day).toBe(0);
      for (let index = 1; index < times.length; index += 1) {
        expect(times[index]?.startMinutes, `${day} slot ${index}`).toBe(times[index - 1]?.endMinutes);
      }
      const last = times.at(-1);
      if (day === 'Sunday') {
        expect(shows.at(-1)?.time).toBe('11pm - 2am');
        expect(last?.spansMidnight).toBe(true);
      } else {
        expect(last?.endMinutes, day).toBe(1440);
      }
      expect(
        shows.some((slot) => slot.artist === REPLAY_ARTIST),
        day,
      ).toBe(true);
      expect(
        shows.some((slot) => slot.artist !== REPLAY_ARTIST),
        day,
      ).toBe(true);
    }
  });

  it('has Irish names with fadas, slash genres and a bi-weekly slot', () => {
    const slots = week.flatMap((day) => day.shows);
    expect(slots.some((slot) => /[áéíóúÁÉÍÓÚ]/.test(slot.artist))).toBe(true);
    expect(slots.some((slot) => slot.genre.includes('/'))).toBe(true);
    expect(slots.some((slot) => parseSlotTime(slot.time)?.biWeekly)).toBe(true);
  });
});
