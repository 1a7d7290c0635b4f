import { sql, type Kysely } from 'kysely';

/**
 * The chat room. Every accepted event (a message, a reaction change, a removal) takes the next
 * number from `chat_counter` inside the transaction that writes it, so numbers are gapless and in
 * commit order on both stores (PostgreSQL holds the counter row's lock until the commit; SQLite has
 * one writer). `chat_event` is the log a reconnecting client resumes from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_counter')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .execute();
  await sql`insert into chat_counter (id, seq) values (1, 0)`.execute(db);

  await db.schema
    .createTable('chat_message')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('seq', 'bigint', (col) => col.notNull().unique())
    .addColumn('chatter_key', 'varchar(100)', (col) => col.notNull())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('reply_to', 'varchar(36)')
    .addColumn('mentions', 'text', (col) => col.notNull())
    .addColumn('admin', 'integer', (col) => col.notNull())
    .addColumn('deleted', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chat_message_created_at').on('chat_message').column('created_at').execute();

  await db.schema
    .createTable('chat_reaction')
    .addColumn('message_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('chatter_key', 'varchar(100)', (col) => col.notNull())
    .addColumn('emoji', 'varchar(64)', (col) => col.notNull())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('chat_reaction_pk', ['message_id', 'chatter_key', 'emoji'])
    .execute();

  await db.schema
    .createTable('chat_event')
    .addColumn('seq', 'bigint', (col) => col.primaryKey())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('message_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chat_event_message_id').on('chat_event').column('message_id').execute();

  // Who holds which name: one row per folded name, for as long as the holder's chat session lives.
  await db.schema
    .createTable('chat_name')
    .addColumn('name_key', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(40)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('chat_mute')
    .addColumn('name_key', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('until_ms', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'chat_mute',
    'chat_name',
    'chat_event',
    'chat_reaction',
    'chat_message',
    'chat_counter',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
