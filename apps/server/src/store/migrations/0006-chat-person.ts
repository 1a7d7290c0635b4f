import type { Kysely } from 'kysely';

/**
 * A chatter is a person, not a name. A chat session records whose it is (`session.chatter_key`, the
 * hash of the browser's long-lived chatter cookie), a held name records who holds it
 * (`chat_name.holder`), and a mute is kept for the person (`chat_mute.chatter_key`): signing out
 * and coming back under a new name keeps it, and whoever takes the released name does not inherit
 * it. Rows written before this migration keep the folded name as their chatter key, which is what
 * a session without a chatter key still answers to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('session').addColumn('chatter_key', 'varchar(100)').execute();
  await db.schema.alterTable('chat_name').addColumn('holder', 'varchar(100)').execute();
  await db.schema.alterTable('chat_mute').renameColumn('name_key', 'chatter_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_mute').renameColumn('chatter_key', 'name_key').execute();
  await db.schema.alterTable('chat_name').dropColumn('holder').execute();
  await db.schema.alterTable('session').dropColumn('chatter_key').execute();
}
