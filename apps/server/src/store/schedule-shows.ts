import { favoriteNames, type Schedule } from '@onair/core';
import type { Db } from './db.ts';

/** The UTC calendar day (`YYYY-MM-DD`) of `at`, the day analytics count on. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Brings `schedule_show` up to `schedule`: each of its shows is on the week, under the name it gives
 * it now; any other show still marked as on the week left it today. Called inside the transaction
 * that stores the week, so the table never disagrees with it.
 */
export async function recordScheduleShows(db: Db, schedule: Schedule, now: Date): Promise<void> {
  const names = favoriteNames(schedule);
  if (names.size > 0)
    await db
      .insertInto('schedule_show')
      .values([...names].map(([show_id, name]) => ({ show_id, name, left_day: null })))
      .onConflict((conflict) =>
        conflict.column('show_id').doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), left_day: null })),
      )
      .execute();
  let leaving = db
    .updateTable('schedule_show')
    .set({ left_day: utcDay(now) })
    .where('left_day', 'is', null);
  if (names.size > 0) leaving = leaving.where('show_id', 'not in', [...names.keys()]);
  await leaving.execute();
}
