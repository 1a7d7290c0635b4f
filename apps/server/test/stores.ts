import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDb, type Db } from '../src/store/db.ts';

/** The PostgreSQL the test suite talks to (this machine kind runs one; CI too). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestStore {
  db: Db;
  /** The PostgreSQL schema the store lives in (none for SQLite): a Migrator of a test needs it. */
  pgSchema?: string;
  dispose(): Promise<void>;
}

/** Both stores the product supports, each fresh and empty, so every repository test runs on both. */
export const STORE_KINDS = [
  { kind: 'sqlite', open: openSqlite },
  { kind: 'postgres', open: openPostgres },
] as const;

async function openSqlite(): Promise<TestStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'onair-sqlite-'));
  const db = await openDb({ dataDir });
  return {
    db,
    dispose: async () => {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(): Promise<TestStore> {
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_DATABASE_URL} (${(error as Error).message}). ` +
        'Start it (see README, "Tests") or set TEST_DATABASE_URL.',
    );
  }
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = await openDb({ databaseUrl: TEST_DATABASE_URL, dataDir: tmpdir(), pgSchema: schema });
  return {
    db,
    pgSchema: schema,
    dispose: async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    },
  };
}
