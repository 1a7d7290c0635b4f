import { scheduleDocumentSchema, type Schedule, type ScheduleDocument } from '@onair/core';
import type { Db } from './db.ts';
import { recordScheduleShows } from './schedule-shows.ts';

/** The outcome of a save: the stored document, or the one that won (null when the store is empty). */
export type ScheduleSaveResult = { saved: ScheduleDocument } | { conflict: ScheduleDocument | null };

/** The stored row cannot be read back as a schedule (edited by hand, a broken restore): an operator's fault to fix. */
export class StoredScheduleError extends Error {
  override readonly name = 'StoredScheduleError';
}

const MAIN_ID = 'main';

/** The schedule document with optimistic versioning: a save names the version it replaces. */
export class ScheduleRepo {
  constructor(private readonly db: Db) {}

  /** The stored document, or null when none was ever saved; throws StoredScheduleError on a corrupt row. */
  async get(): Promise<ScheduleDocument | null> {
    return readDocument(this.db);
  }

  /**
   * Saves `schedule` over `expectedVersion` and answers with version + 1, or, when the store holds
   * another version, with the document that is there. Version 0 means "there was none": it writes
   * only into an empty store. The write and the read of the winner share one transaction, so 20
   * concurrent saves of one version produce exactly one winner on SQLite and PostgreSQL alike. The
   * winner also records the week's shows (schedule_show, the shows analytics count) in it.
   */
  async save(schedule: Schedule, expectedVersion: number, now: Date): Promise<ScheduleSaveResult> {
    const document = { data: schedule, version: expectedVersion + 1 };
    const row = { data: JSON.stringify(schedule), version: document.version, updated_at: now.toISOString() };
    return this.db.transaction().execute(async (trx) => {
      const written =
        expectedVersion === 0
          ? (
              await trx
                .insertInto('schedule')
                .values({ id: MAIN_ID, ...row })
                .onConflict((oc) => oc.column('id').doNothing())
                .executeTakeFirst()
            ).numInsertedOrUpdatedRows
          : // Conditional on the version: PostgreSQL re-checks the WHERE after a concurrent writer commits.
            (
              await trx
                .updateTable('schedule')
                .set(row)
                .where('id', '=', MAIN_ID)
                .where('version', '=', expectedVersion)
                .executeTakeFirst()
            ).numUpdatedRows;
      if (Number(written ?? 0) === 1) {
        await recordScheduleShows(trx, schedule, now);
        return { saved: document };
      }
      return { conflict: await readDocument(trx) };
    });
  }

  /**
   * Brings the shows analytics count (schedule_show) up to the stored week, at start-up: for a week
   * stored before that table existed, or put back by hand. The no-op write first takes the schedule
   * row's lock, so a save from another instance cannot interleave. Throws StoredScheduleError on a
   * corrupt row, changing nothing.
   */
  async recordStoredShows(now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('schedule')
        .set((eb) => ({ version: eb.ref('version') }))
        .where('id', '=', MAIN_ID)
        .execute();
      const stored = await readDocument(trx);
      if (stored) await recordScheduleShows(trx, stored.data, now);
    });
  }

  /** Writes the first document (the bundled week at start-up); false when one is already there. */
  async seedIfEmpty(schedule: Schedule, now: Date): Promise<boolean> {
    return 'saved' in (await this.save(schedule, 0, now));
  }
}

async function readDocument(db: Db): Promise<ScheduleDocument | null> {
  const row = await db
    .selectFrom('schedule')
    .select(['data', 'version'])
    .where('id', '=', MAIN_ID)
    .executeTakeFirst();
  return row ? parseRow(row) : null;
}

function parseRow(row: { data: string; version: number }): ScheduleDocument {
  let data: unknown;
  try {
    data = JSON.parse(row.data);
  } catch (error) {
    throw new StoredScheduleError(
      `The stored schedule (id '${MAIN_ID}') is not valid JSON: ${(error as Error).message}`,
    );
  }
  const parsed = scheduleDocumentSchema.safeParse({ data, version: row.version });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StoredScheduleError(
      `The stored schedule (id '${MAIN_ID}', version ${row.version}) is not a valid schedule: ` +
        `${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}
