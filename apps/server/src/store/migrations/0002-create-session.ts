import type { Kysely } from 'kysely';

/** Server-side sign-in sessions; the cookie carries a random token, the table only its hash. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('session')
    .addColumn('id_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('username', 'varchar(200)', (col) => col.notNull())
    .addColumn('role', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('session_expires_at').on('session').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('session').execute();
}
