import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySlotEdit, EMPTY_SLOT, locateSlot, type SlotEdit } from './slot-edits.ts';
import { TEST_SCHEDULE } from './test-schedule.ts';
import type { Schedule, ShowSlot } from './types.ts';

const week = TEST_SCHEDULE;
const added: ShowSlot = { time: '1am - 2am', artist: 'New', show: '', genre: '', image: '' };
const monday = (schedule: Schedule) => schedule.find((entry) => entry.day === 'Monday')?.shows ?? [];
const slotAt = (index: number): ShowSlot => {
  const slot = monday(week)[index];
  if (!slot) throw new Error(`Monday has no slot ${index}`);
  return slot;
};
const mustApply = (schedule: Schedule, edit: SlotEdit): Schedule => {
  const next = applySlotEdit(schedule, edit);
  if (!next) throw new Error('the edit found no slot');
  return next;
};

describe('applySlotEdit', () => {
  it('appends an added slot to its day only, leaving the original week untouched', () => {
    const next = mustApply(week, { kind: 'add', day: 'Tuesday', slot: added });
    const tuesday = (schedule: Schedule) => schedule.find((entry) => entry.day === 'Tuesday')?.shows ?? [];
    expect(tuesday(next).at(-1)).toEqual(added);
    expect(tuesday(next)).toHaveLength(tuesday(week).length + 1);
    expect(next.filter((entry) => entry.day !== 'Tuesday')).toEqual(
      week.filter((entry) => entry.day !== 'Tuesday'),
    );
    expect(tuesday(week)).not.toContainEqual(added);
  });

  it('replaces and deletes the slot at its index', () => {
    const replaced = mustApply(week, {
      kind: 'save',
      day: 'Monday',
      index: 1,
      original: slotAt(1),
      slot: added,
    });
    expect(monday(replaced)[1]).toEqual(added);
    expect(monday(replaced)).toHaveLength(monday(week).length);
    const removed = mustApply(week, { kind: 'delete', day: 'Monday', index: 1, original: slotAt(1) });
    expect(monday(removed)).toEqual(monday(week).filter((_, index) => index !== 1));
  });

  it('still finds the slot after the day moved on: two quick deletes remove both slots', () => {
    // Both deletes were made on the same week; the second runs on the week the first one saved.
    const first: SlotEdit = { kind: 'delete', day: 'Monday', index: 0, original: slotAt(0) };
    const second: SlotEdit = { kind: 'delete', day: 'Monday', index: 1, original: slotAt(1) };
    const both = mustApply(mustApply(week, first), second);
    expect(monday(both)).toEqual(monday(week).slice(2));
  });

  it('changes nothing, and says so, when the slot was edited or removed meanwhile', () => {
    const removed = mustApply(week, { kind: 'delete', day: 'Monday', index: 1, original: slotAt(1) });
    expect(
      applySlotEdit(removed, { kind: 'delete', day: 'Monday', index: 1, original: slotAt(1) }),
    ).toBeNull();
    expect(
      applySlotEdit(removed, { kind: 'save', day: 'Monday', index: 1, original: slotAt(1), slot: added }),
    ).toBeNull();
  });

  it('locates a slot by value wherever it moved, preferring its own index among equals', () => {
    const twins = [EMPTY_SLOT, added, EMPTY_SLOT];
    expect(locateSlot(twins, 2, EMPTY_SLOT)).toBe(2);
    expect(locateSlot(twins, 1, EMPTY_SLOT)).toBe(0);
    expect(locateSlot(twins, 9, added)).toBe(1);
    expect(locateSlot([], 0, added)).toBe(-1);
  });

  it('deletes exactly one slot of any day, whichever index it was shown at', () => {
    const shows = monday(week);
    fc.assert(
      fc.property(fc.nat({ max: shows.length - 1 }), (index) => {
        const next = mustApply(week, { kind: 'delete', day: 'Monday', index, original: slotAt(index) });
        expect(monday(next)).toHaveLength(shows.length - 1);
        expect(monday(next)).toEqual(shows.filter((_, position) => position !== index));
      }),
    );
  });
});
