import type { Kysely } from 'kysely';

/**
 * A subscription saved by a browser signed in as the admin is marked, so the admin hears when an
 * integration pauses itself. Every subscription before this was a listener's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('push_subscription')
    .addColumn('admin', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('push_subscription').dropColumn('admin').execute();
}
