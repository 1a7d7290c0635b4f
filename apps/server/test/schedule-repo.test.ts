import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Schedule } from '@onair/core';
import { loadBundledSchedule } from '../src/bundled-schedule.ts';
import { ScheduleRepo } from '../src/store/schedule-repo.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const bundled = loadBundledSchedule();
const when = new Date('2026-11-22T10:00:00Z');

function withExtraShow(schedule: Schedule): Schedule {
  return schedule.map((day, index) =>
    index === 0
      ? { ...day, shows: [...day.shows, { time: '11pm - 12am', artist: 'Éabha Ní Dhomhnaill', show: 'Late Lights', genre: 'Deep House', image: '' }] }
      : day,
  );
}

describe.each(STORE_KINDS)('ScheduleRepo on $kind', ({ open }) => {
  let store: TestStore;
  let repo: ScheduleRepo;
  beforeEach(async () => {
    store = await open();
    repo = new ScheduleRepo(store.db);
  });
  afterEach(async () => store.dispose());

  it('has no schedule until one is seeded', async () => {
    expect(await repo.get()).toBeNull();
  });

  it('round-trips the bundled week, fadas included', async () => {
    expect(await repo.seedIfEmpty(bundled, when)).toBe(true);
    const stored = await repo.get();
    expect(stored).toEqual({ data: bundled, version: 1, updatedAt: when.toISOString() });
    expect(JSON.stringify(stored?.data)).toMatch(/[áéíóúÁÉÍÓÚ]/);
  });

  it('seeds only an empty store', async () => {
    await repo.seedIfEmpty(bundled, when);
    expect(await repo.seedIfEmpty(withExtraShow(bundled), when)).toBe(false);
    expect((await repo.get())?.data).toEqual(bundled);
  });

  it('replaces the document at the expected version and bumps it', async () => {
    await repo.seedIfEmpty(bundled, when);
    const changed = withExtraShow(bundled);
    const saved = await repo.replace(changed, 1, when);
    expect(saved?.version).toBe(2);
    expect(await repo.get()).toEqual({ data: changed, version: 2, updatedAt: when.toISOString() });
  });

  it('refuses a write against a stale version and keeps the stored document', async () => {
    await repo.seedIfEmpty(bundled, when);
    await repo.replace(withExtraShow(bundled), 1, when);
    expect(await repo.replace(bundled, 1, when)).toBeNull();
    expect((await repo.get())?.version).toBe(2);
    expect((await repo.get())?.data).toEqual(withExtraShow(bundled));
  });
});
