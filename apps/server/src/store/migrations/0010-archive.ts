import type { Kysely } from 'kysely';

/**
 * The archive. `archive_chunk` indexes the recorded audio: each row is a file of whole MP3 frames,
 * contiguous in time from `starts_at` (the station's live edge, epoch ms) for `frames` frames; time
 * between one chunk's end and the next one's start was not recorded (a gap). `open` marks the chunk
 * being written, so a recorder that died mid-chunk is found and its file closed on the last
 * complete frame. `archive_title` is the song log (each title when it began on air), episodes are
 * slots made into published recordings, and `archive_lease` says which instance records.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('archive_chunk')
    .addColumn('id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('starts_at', 'bigint', (col) => col.notNull())
    .addColumn('ends_at', 'bigint', (col) => col.notNull())
    .addColumn('frames', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .addColumn('sample_rate', 'integer', (col) => col.notNull())
    .addColumn('samples_per_frame', 'integer', (col) => col.notNull())
    .addColumn('bitrate_kbps', 'integer', (col) => col.notNull())
    .addColumn('open', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('archive_chunk_starts_at').on('archive_chunk').column('starts_at').execute();
  await db.schema.createIndex('archive_chunk_ends_at').on('archive_chunk').column('ends_at').execute();

  await db.schema
    .createTable('archive_title')
    .addColumn('at', 'bigint', (col) => col.primaryKey())
    .addColumn('title', 'varchar(500)', (col) => col.notNull())
    .addColumn('artist', 'varchar(500)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('archive_episode')
    .addColumn('id', 'varchar(16)', (col) => col.primaryKey())
    .addColumn('show', 'varchar(200)', (col) => col.notNull())
    .addColumn('show_slug', 'varchar(80)', (col) => col.notNull())
    .addColumn('artist', 'varchar(200)', (col) => col.notNull())
    .addColumn('genre', 'varchar(200)', (col) => col.notNull())
    .addColumn('image', 'varchar(2000)', (col) => col.notNull())
    .addColumn('slot_starts_at', 'bigint', (col) => col.notNull())
    .addColumn('slot_ends_at', 'bigint', (col) => col.notNull())
    .addColumn('starts_at', 'bigint', (col) => col.notNull())
    .addColumn('ends_at', 'bigint', (col) => col.notNull())
    .addColumn('hidden', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('archive_episode_starts_at')
    .on('archive_episode')
    .column('starts_at')
    .execute();
  await db.schema
    .createIndex('archive_episode_show')
    .on('archive_episode')
    .columns(['show_slug', 'starts_at'])
    .execute();

  await db.schema
    .createTable('archive_lease')
    .addColumn('name', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('holder', 'varchar(80)', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['archive_lease', 'archive_episode', 'archive_title', 'archive_chunk'])
    await db.schema.dropTable(table).execute();
}
