import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Analytics take no text a client chose. A show is counted under its favourite id, and only when it
 * is a show of the stored week or left it within the last 90 days: `schedule_show` holds every show
 * the stored week has or had, with the name the schedule gives it (what the insights page shows)
 * and the UTC day it left the week (null while it is on it). Every schedule save keeps it, and the
 * server brings it up to the stored week at start-up (a week stored before this table existed).
 *
 * `analytics_param_values_day` counts the different values each event parameter has had on a day,
 * for the per-day limit; writers of a parameter take its row's lock first, so the limit is exact
 * under concurrent batches on PostgreSQL (SQLite has one writer).
 *
 * A favourite id is up to 401 characters (artist and show at 200 each); PostgreSQL enforces the
 * value column's width, SQLite does not. The counts of client-sent show names go: they are text of
 * the client's choosing, and the same events are counted under their ids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('schedule_show')
    .addColumn('show_id', 'varchar(401)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(403)', (col) => col.notNull())
    .addColumn('left_day', 'varchar(10)')
    .execute();
  await db.schema
    .createTable('analytics_param_values_day')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('name', 'varchar(32)', (col) => col.notNull())
    .addColumn('param', 'varchar(32)', (col) => col.notNull())
    .addColumn('value_count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('analytics_param_values_day_pk', ['day', 'name', 'param'])
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await db.schema
      .alterTable('analytics_param_day')
      .alterColumn('value', (col) => col.setDataType('varchar(401)'))
      .execute();
  await sql`delete from analytics_param_day where param = 'show_name'`.execute(db);
}

/** The value column stays wide: narrowing it could fail on the ids now stored. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_param_values_day').execute();
  await db.schema.dropTable('schedule_show').execute();
}
