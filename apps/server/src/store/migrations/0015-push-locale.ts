import type { Kysely } from 'kysely';

/**
 * The language a subscriber's pushes are written in (the app's, sent when it subscribes and again
 * when the listener changes language). Rows stored before have none: their pushes go out in the
 * station's language, as every push did until now in English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('push_subscription').addColumn('locale', 'varchar(35)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('push_subscription').dropColumn('locale').execute();
}
