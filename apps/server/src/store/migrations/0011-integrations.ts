import type { Kysely } from 'kysely';

/**
 * Integrations (signed webhooks, social posts, TuneIn AIR): the integrations themselves, their
 * outbox of deliveries (claimed by one instance, retried, never sent twice at once), the log of
 * attempts the admin reads, and the station's event claims (one row per thing that changes, so an
 * event is raised by exactly one instance however many watch the station).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('integration')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('secrets', 'text', (col) => col.notNull())
    .addColumn('paused_reason', 'text')
    .addColumn('consecutive_failures', 'integer', (col) => col.notNull())
    .addColumn('last_post_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('integration_delivery')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('integration_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('event_type', 'varchar(32)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('next_attempt_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('integration_delivery_due')
    .on('integration_delivery')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createTable('integration_attempt')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('integration_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('delivery_id', 'varchar(40)', (col) => col.notNull())
    .addColumn('event_type', 'varchar(32)', (col) => col.notNull())
    .addColumn('at', 'varchar(40)', (col) => col.notNull())
    .addColumn('status', 'integer')
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('integration_attempt_by_integration')
    .on('integration_attempt')
    .columns(['integration_id', 'at'])
    .execute();
  await db.schema
    .createTable('station_claim')
    .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('station_claim').execute();
  await db.schema.dropTable('integration_attempt').execute();
  await db.schema.dropTable('integration_delivery').execute();
  await db.schema.dropTable('integration').execute();
}
