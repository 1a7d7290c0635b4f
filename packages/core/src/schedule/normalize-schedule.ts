import { showImagePath } from './show-image.ts';
import { sortSlotsByStart } from './slot-time.ts';
import type { Schedule } from './types.ts';

/**
 * What the store keeps of an accepted document: each day's slots in start order and every image
 * resolved to a show-image path (spec §5).
 *
 * Slot times are free text up to 200 characters (the edit form has no required-field checks, spec
 * §5): a time that does not parse is KEPT as typed, sorted after the day's timed slots, and ignored
 * for on-air and up-next. Only a document of the wrong shape (not seven weekdays, a field too long,
 * a wrong type) is refused with 'Invalid schedule data format'.
 */
export function normalizeSchedule(schedule: Schedule): Schedule {
  return schedule.map((day) => ({
    day: day.day,
    shows: sortSlotsByStart(day.shows).map((slot) => ({ ...slot, image: showImagePath(slot) })),
  }));
}
