import type { Kysely } from 'kysely';

/**
 * Episodes the demo station generates at a fresh start (a past day to listen again to) are marked,
 * so the API and the screens can say they are demo content. Every episode before this was real.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('archive_episode')
    .addColumn('demo', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('archive_episode').dropColumn('demo').execute();
}
