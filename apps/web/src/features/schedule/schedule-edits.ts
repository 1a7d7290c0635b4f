import type { Schedule, ShowSlot, Weekday } from '@onair/core';

/** Index of a slot not yet in the schedule (spec §4: the edit modal opens with slot index -1). */
export const NEW_SLOT_INDEX = -1;

export const EMPTY_SLOT: ShowSlot = { time: '', artist: '', show: '', genre: '', image: '' };

/** The schedule with `slot` stored at `index` of `day` (appended when index is NEW_SLOT_INDEX). */
export function withSlot(schedule: Schedule, day: Weekday, index: number, slot: ShowSlot): Schedule {
  return schedule.map((entry) => {
    if (entry.day !== day) return entry;
    const shows = [...entry.shows];
    if (index === NEW_SLOT_INDEX || index >= shows.length) shows.push(slot);
    else shows[index] = slot;
    return { ...entry, shows };
  });
}

export function withoutSlot(schedule: Schedule, day: Weekday, index: number): Schedule {
  return schedule.map((entry) =>
    entry.day === day ? { ...entry, shows: entry.shows.filter((_, position) => position !== index) } : entry,
  );
}
