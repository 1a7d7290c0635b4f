import { describe, expect, it } from 'vitest';
import { bundledSchedule } from '../../lib/schedule-store.ts';
import { NEW_SLOT_INDEX, withoutSlot, withSlot } from './schedule-edits.ts';

const week = bundledSchedule();
const slot = { time: '1am - 2am', artist: 'New', show: '', genre: '', image: '' };

describe('schedule edits', () => {
  it('adds a new slot (index -1) at the end of its day only', () => {
    const next = withSlot(week, 'Tuesday', NEW_SLOT_INDEX, slot);
    expect(next[1]?.shows.at(-1)).toEqual(slot);
    expect(next[1]?.shows).toHaveLength((week[1]?.shows.length ?? 0) + 1);
    expect(next[0]).toBe(week[0]);
  });

  it('replaces and deletes by stored index without touching the original', () => {
    const replaced = withSlot(week, 'Monday', 0, slot);
    expect(replaced[0]?.shows[0]).toEqual(slot);
    const removed = withoutSlot(week, 'Monday', 0);
    expect(removed[0]?.shows).toEqual(week[0]?.shows.slice(1));
    expect(week[0]?.shows[0]).not.toEqual(slot);
  });
});
