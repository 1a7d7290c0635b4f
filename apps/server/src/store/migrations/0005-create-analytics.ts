import type { Kysely } from 'kysely';

/**
 * Analytics as counts, never as rows about a person: events per UTC day by name, platform and
 * reduced user agent; their parameters per day by name, key and value; and the station's listener
 * count per minute (read from Icecast, not from any client). No address or raw user agent is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_event_day')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('name', 'varchar(32)', (col) => col.notNull())
    .addColumn('platform', 'varchar(16)', (col) => col.notNull())
    .addColumn('browser', 'varchar(24)', (col) => col.notNull())
    .addColumn('os', 'varchar(16)', (col) => col.notNull())
    .addColumn('device', 'varchar(8)', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('analytics_event_day_pk', ['day', 'name', 'platform', 'browser', 'os', 'device'])
    .execute();
  await db.schema
    .createTable('analytics_param_day')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('name', 'varchar(32)', (col) => col.notNull())
    .addColumn('param', 'varchar(32)', (col) => col.notNull())
    .addColumn('value', 'varchar(200)', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('analytics_param_day_pk', ['day', 'name', 'param', 'value'])
    .execute();
  await db.schema
    .createTable('listener_minute')
    .addColumn('minute', 'varchar(16)', (col) => col.primaryKey())
    .addColumn('listeners', 'integer', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('listener_minute').execute();
  await db.schema.dropTable('analytics_param_day').execute();
  await db.schema.dropTable('analytics_event_day').execute();
}
