import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export interface StoreOptions {
  /** `postgres://…`; without it an embedded SQLite file in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to live in (tests give each run its own). */
  pgSchema?: string;
}

export type Db = Kysely<Database>;

/** Opens the store and brings its tables up to date; one code path for SQLite and PostgreSQL. */
export async function openDb(options: StoreOptions): Promise<Db> {
  const db = new Kysely<Database>({ dialect: createDialect(options) });
  try {
    await migrateToLatest(db, options.pgSchema);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

function createDialect({ databaseUrl, dataDir, pgSchema }: StoreOptions) {
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      ...(pgSchema ? { options: `-c search_path=${pgSchema}` } : {}),
    });
    return new PostgresDialect({ pool });
  }
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(join(dataDir, 'onair.sqlite'));
  // WAL lets listeners read while an admin writes; the busy timeout rides out a concurrent writer.
  sqlite.pragma('journal_mode = WAL');
  // better-sqlite3 runs on the main thread, so a commit's sync to disk stalls every request in
  // flight (0.3 ms typical, over 1 ms at p99 here; each integration delivery commits). In WAL mode
  // NORMAL syncs at checkpoints only: the file stays consistent after a power cut, which may undo
  // the last moments' commits (an outbox delivery is then sent again, same webhook-id).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database: sqlite });
}

async function migrateToLatest(db: Db, pgSchema: string | undefined): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping tables in every schema unless told which: a lock table in a
    // neighbour's schema (tests run side by side in one database) made it skip creating its own.
    ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`);
  }
}
