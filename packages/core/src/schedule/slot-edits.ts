import type { Schedule, ShowSlot, Weekday } from './types.ts';

/** Index of a slot not yet in the schedule (spec §4: the edit modal opens with slot index -1). */
export const NEW_SLOT_INDEX = -1;

export const EMPTY_SLOT: ShowSlot = { time: '', artist: '', show: '', genre: '', image: '' };

/**
 * One admin change to one slot, as made on the week the admin saw. `original` is the slot as it was
 * shown, so the change still finds it when the week has moved on meanwhile (an earlier queued save
 * re-sorted the day, another admin inserted a slot above it).
 */
export type SlotEdit =
  | { kind: 'add'; day: Weekday; slot: ShowSlot }
  | { kind: 'save'; day: Weekday; index: number; original: ShowSlot; slot: ShowSlot }
  | { kind: 'delete'; day: Weekday; index: number; original: ShowSlot };

function sameSlot(a: ShowSlot, b: ShowSlot): boolean {
  return (
    a.time === b.time &&
    a.artist === b.artist &&
    a.show === b.show &&
    a.genre === b.genre &&
    a.image === b.image
  );
}

/** Where `original` is in `shows` now: at `index` while it is still there, else the first equal slot; -1 once it is gone. */
export function locateSlot(shows: readonly ShowSlot[], index: number, original: ShowSlot): number {
  const atIndex = shows[index];
  if (atIndex && sameSlot(atIndex, original)) return index;
  return shows.findIndex((slot) => sameSlot(slot, original));
}

/**
 * The week with `edit` applied, or null when the slot it changes is no longer in the week (edited or
 * removed meanwhile): the caller says so rather than changing a different slot. An added slot is
 * appended to its day; the server sorts the day on save.
 */
export function applySlotEdit(schedule: Schedule, edit: SlotEdit): Schedule | null {
  const entry = schedule.find((candidate) => candidate.day === edit.day);
  if (!entry) return null;
  const shows = [...entry.shows];
  if (edit.kind === 'add') {
    shows.push(edit.slot);
  } else {
    const at = locateSlot(shows, edit.index, edit.original);
    if (at === -1) return null;
    if (edit.kind === 'save') shows[at] = edit.slot;
    else shows.splice(at, 1);
  }
  return schedule.map((candidate) => (candidate === entry ? { ...entry, shows } : candidate));
}
