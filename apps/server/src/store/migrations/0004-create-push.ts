import type { Kysely } from 'kysely';

/**
 * Web Push: the browsers' subscriptions, the server's VAPID key pair (generated once, shared by
 * every instance) and the outbox of pushes, whose unique key per subscription and show occurrence
 * is claimed before anything is sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscription')
    .addColumn('endpoint_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('endpoint', 'text', (col) => col.notNull())
    .addColumn('p256dh', 'varchar(100)', (col) => col.notNull())
    .addColumn('auth', 'varchar(100)', (col) => col.notNull())
    .addColumn('preferences', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('push_vapid')
    .addColumn('id', 'varchar(16)', (col) => col.primaryKey())
    .addColumn('public_key', 'varchar(100)', (col) => col.notNull())
    .addColumn('private_key', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('push_outbox')
    .addColumn('key', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('endpoint_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('next_attempt_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('push_outbox_due')
    .on('push_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_outbox').execute();
  await db.schema.dropTable('push_vapid').execute();
  await db.schema.dropTable('push_subscription').execute();
}
