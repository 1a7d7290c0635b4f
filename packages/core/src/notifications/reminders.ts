import { parseSlotTime } from '../schedule/slot-time.ts';
import { addCivilDays, stationInstant, stationWallClock } from '../schedule/station-time.ts';
import { favoriteId } from '../schedule/favorites.ts';
import { WEEKDAYS, type Schedule, type ShowSlot, type Weekday } from '../schedule/types.ts';

const MS_PER_MINUTE = 60_000;
const MINUTES_PER_WEEK = 7 * 24 * 60;

/**
 * When to remind about `slot` listed on `day` (spec §4): the next time the station's wall clock in
 * `timeZone` reads that weekday and the slot's start, minus `reminderMinutes`. "Already passed" is
 * read as "the reminder moment is not after now": a show starting in 5 minutes with a 15-minute
 * reminder is reminded next week rather than late, so the result is always in the future. Bi-weekly
 * slots are treated as weekly (the schedule does not say which weeks). Null when the slot time does
 * not parse or reminderMinutes is negative or not finite.
 */
export function nextReminderAt(
  slot: ShowSlot,
  day: Weekday,
  now: Date,
  timeZone: string,
  reminderMinutes: number,
): Date | null {
  const time = parseSlotTime(slot.time);
  if (!time || !Number.isFinite(reminderMinutes) || reminderMinutes < 0 || Number.isNaN(now.getTime()))
    return null;
  const clock = stationWallClock(now, timeZone);
  const daysAhead = (WEEKDAYS.indexOf(day) - WEEKDAYS.indexOf(clock.weekday) + 7) % 7;
  // Each candidate week is resolved on the calendar, not by adding 7 × 24 h, so a daylight-saving
  // change in between keeps the reminder on the show's wall-clock time.
  const lastWeek = Math.ceil(reminderMinutes / MINUTES_PER_WEEK) + 1;
  for (let week = 0; week <= lastWeek; week += 1) {
    const date = addCivilDays(clock, daysAhead + 7 * week);
    const remindAt =
      stationInstant(date, time.startMinutes, timeZone).getTime() - reminderMinutes * MS_PER_MINUTE;
    if (remindAt > now.getTime()) return new Date(remindAt);
  }
  return null;
}

/** A show whose reminder is due: its favourite id, the slot and its day, and when it starts. */
export interface DueReminder {
  id: string;
  slot: ShowSlot;
  day: Weekday;
  startsAt: Date;
}

/**
 * The shows of `schedule` a listener with `reminderMinutes` is to be reminded of at `now`: those
 * whose reminder moment (next start in station time minus reminderMinutes) has come while the show
 * has not started, i.e. starting within the next reminderMinutes. After downtime the ones still to
 * start are included, so a reminder comes late rather than never; each occurrence once per call.
 */
export function dueReminders(
  schedule: Schedule,
  now: Date,
  timeZone: string,
  reminderMinutes: number,
): DueReminder[] {
  const reminderMs = reminderMinutes * MS_PER_MINUTE;
  // Asked from now - reminderMinutes, nextReminderAt gives exactly the moment inside that window.
  const since = new Date(now.getTime() - reminderMs);
  const due: DueReminder[] = [];
  for (const { day, shows } of schedule) {
    for (const slot of shows) {
      const remindAt = nextReminderAt(slot, day, since, timeZone, reminderMinutes);
      if (!remindAt || remindAt.getTime() > now.getTime()) continue;
      due.push({ id: favoriteId(slot), slot, day, startsAt: new Date(remindAt.getTime() + reminderMs) });
    }
  }
  return due;
}
