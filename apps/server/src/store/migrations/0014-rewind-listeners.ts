import type { Kysely } from 'kysely';

/**
 * Each instance's count of the live rewind streams it serves, refreshed while it runs: the public
 * listener count and the per-minute figures add every instance's, not only their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rewind_listener_count')
    .addColumn('instance', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('listeners', 'integer', (col) => col.notNull())
    .addColumn('seen_at', 'varchar(30)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rewind_listener_count').execute();
}
