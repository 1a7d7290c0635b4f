import { parseSchedule, type Schedule } from '@onair/core';
import type { Db } from './db.ts';

export interface StoredSchedule {
  data: Schedule;
  version: number;
  updatedAt: string;
}

const MAIN_ID = 'main';

/** The schedule document with optimistic versioning: a write names the version it replaces. */
export class ScheduleRepo {
  constructor(private readonly db: Db) {}

  async get(): Promise<StoredSchedule | null> {
    const row = await this.db.selectFrom('schedule').selectAll().where('id', '=', MAIN_ID).executeTakeFirst();
    if (!row) return null;
    const parsed = parseSchedule(JSON.parse(row.data));
    // A row that no longer validates (edited by hand, older shape) is treated as missing, never served.
    if (!parsed.ok) return null;
    return { data: parsed.schedule, version: row.version, updatedAt: row.updated_at };
  }

  /** Writes the first document; false when one is already there. */
  async seedIfEmpty(schedule: Schedule, now: Date): Promise<boolean> {
    const result = await this.db
      .insertInto('schedule')
      .values({ id: MAIN_ID, data: JSON.stringify(schedule), version: 1, updated_at: now.toISOString() })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Replaces the document if it is still at `expectedVersion`; null when someone wrote meanwhile. */
  async replace(schedule: Schedule, expectedVersion: number, now: Date): Promise<StoredSchedule | null> {
    const updatedAt = now.toISOString();
    const result = await this.db
      .updateTable('schedule')
      .set({ data: JSON.stringify(schedule), version: expectedVersion + 1, updated_at: updatedAt })
      .where('id', '=', MAIN_ID)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    return { data: schedule, version: expectedVersion + 1, updatedAt };
  }
}
