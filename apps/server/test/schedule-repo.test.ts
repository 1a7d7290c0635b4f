import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { favoriteNames, type Schedule } from '@onair/core';
import { loadBundledSchedule } from '../src/bundled-schedule.ts';
import { ScheduleRepo, StoredScheduleError } from '../src/store/schedule-repo.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const bundled = loadBundledSchedule();
const when = new Date('2026-11-22T10:00:00Z');

function withExtraShow(schedule: Schedule, artist = 'Éabha Ní Dhomhnaill'): Schedule {
  return schedule.map((day, index) =>
    index === 0
      ? {
          ...day,
          shows: [
            ...day.shows,
            { time: '11pm - 12am', artist, show: 'Late Lights', genre: 'Deep House', image: '' },
          ],
        }
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

  const rawRow = () => store.db.selectFrom('schedule').selectAll().executeTakeFirst();

  it('has no schedule until one is saved', async () => {
    expect(await repo.get()).toBeNull();
  });

  it('saves version 0 over an empty store as version 1, fadas included', async () => {
    expect(await repo.save(bundled, 0, when)).toEqual({ saved: { data: bundled, version: 1 } });
    expect(await repo.get()).toEqual({ data: bundled, version: 1 });
    expect(await rawRow()).toMatchObject({ version: 1, updated_at: when.toISOString() });
    expect(JSON.stringify((await repo.get())?.data)).toMatch(/[áéíóúÁÉÍÓÚ]/);
  });

  it('refuses version 0 over a non-empty store, answering with the stored document', async () => {
    await repo.save(bundled, 0, when);
    const before = await rawRow();
    expect(await repo.save(withExtraShow(bundled), 0, when)).toEqual({
      conflict: { data: bundled, version: 1 },
    });
    expect(await rawRow()).toEqual(before);
    expect(await repo.seedIfEmpty(withExtraShow(bundled), when)).toBe(false);
    expect(await rawRow()).toEqual(before);
  });

  it('refuses a version other than 0 over an empty store, with no current document', async () => {
    expect(await repo.save(bundled, 1, when)).toEqual({ conflict: null });
    expect(await rawRow()).toBeUndefined();
  });

  it('saves over the expected version and bumps it', async () => {
    await repo.save(bundled, 0, when);
    const changed = withExtraShow(bundled);
    const later = new Date('2026-11-23T10:00:00Z');
    expect(await repo.save(changed, 1, later)).toEqual({ saved: { data: changed, version: 2 } });
    expect(await repo.get()).toEqual({ data: changed, version: 2 });
    expect(await rawRow()).toMatchObject({ updated_at: later.toISOString() });
  });

  it('refuses a stale or future version and keeps the stored document', async () => {
    await repo.save(bundled, 0, when);
    await repo.save(withExtraShow(bundled), 1, when);
    const before = await rawRow();
    for (const version of [1, 3, 99]) {
      expect(await repo.save(bundled, version, when)).toEqual({
        conflict: { data: withExtraShow(bundled), version: 2 },
      });
    }
    expect(await rawRow()).toEqual(before);
  });

  it.each([0, 1])('lets exactly one of 20 concurrent saves of version %i win', async (version) => {
    if (version === 1) await repo.save(bundled, 0, when);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => repo.save(withExtraShow(bundled, `Racer ${n}`), version, when)),
    );
    const winners = results.flatMap((result) => ('saved' in result ? [result.saved] : []));
    expect(winners).toHaveLength(1);
    // Every loser is told about the winner, never about a half-written or older state.
    for (const result of results) {
      if ('conflict' in result) expect(result.conflict).toEqual(winners[0]);
    }
    expect(await repo.get()).toEqual(winners[0]);
    expect(winners[0]?.version).toBe(version + 1);
  });

  it.each([
    ['not JSON', '[{"day": "Monday"', /not valid JSON/],
    ['JSON of the wrong shape', JSON.stringify([{ day: 'Monday', shows: [] }]), /not a valid schedule/],
  ])('throws a StoredScheduleError naming the row when it holds %s', async (_name, data, message) => {
    await repo.save(bundled, 0, when);
    await store.db.updateTable('schedule').set({ data }).execute();
    await expect(repo.get()).rejects.toThrow(StoredScheduleError);
    await expect(repo.get()).rejects.toThrow(message);
    // A stale save must read the winner and meets the same clear error, not a crash.
    await expect(repo.save(bundled, 7, when)).rejects.toThrow(StoredScheduleError);
    // The admin can still overwrite a corrupt row at its version.
    expect(await repo.save(bundled, 1, when)).toEqual({ saved: { data: bundled, version: 2 } });
  });

  describe('the shows analytics count (schedule_show)', () => {
    const shows = async () =>
      Object.fromEntries(
        (await store.db.selectFrom('schedule_show').selectAll().execute()).map((row) => [
          row.show_id,
          [row.name, row.left_day],
        ]),
      );
    const onTheWeek = (schedule: Schedule) =>
      Object.fromEntries([...favoriteNames(schedule)].map(([id, name]) => [id, [name, null]]));

    it('records the shows of every saved week, and the day each one left it', async () => {
      await repo.save(withExtraShow(bundled), 0, when);
      expect(await shows()).toEqual(onTheWeek(withExtraShow(bundled)));
      await repo.save(bundled, 1, new Date('2026-11-25T23:59:00Z'));
      expect(await shows()).toEqual({
        ...onTheWeek(bundled),
        'Éabha Ní Dhomhnaill-Late Lights': ['Late Lights — Éabha Ní Dhomhnaill', '2026-11-25'],
      });
      // Back on a later week: on it again, and a later removal dates from then.
      await repo.save(withExtraShow(bundled), 2, new Date('2026-12-01T08:00:00Z'));
      expect(await shows()).toEqual(onTheWeek(withExtraShow(bundled)));
    });

    it('records nothing for a save that loses', async () => {
      await repo.save(bundled, 0, when);
      await repo.save(withExtraShow(bundled), 0, when);
      await repo.save(withExtraShow(bundled), 7, when);
      expect(await shows()).toEqual(onTheWeek(bundled));
    });

    it('catches up with a week stored before the record, and keeps it when the stored week is corrupt', async () => {
      await repo.save(bundled, 0, when);
      await store.db.deleteFrom('schedule_show').execute();
      await repo.recordStoredShows(when);
      expect(await shows()).toEqual(onTheWeek(bundled));
      // Again changes nothing: a show that left keeps its day.
      await repo.save(withExtraShow(bundled), 1, when);
      await repo.save(bundled, 2, new Date('2026-11-24T10:00:00Z'));
      const after = await shows();
      await repo.recordStoredShows(new Date('2026-12-24T10:00:00Z'));
      expect(await shows()).toEqual(after);
      await store.db.updateTable('schedule').set({ data: '[' }).execute();
      await expect(repo.recordStoredShows(when)).rejects.toThrow(StoredScheduleError);
      expect(await shows()).toEqual(after);
    });
  });
});
