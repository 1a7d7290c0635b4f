import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * Test stores share one database, each in its own schema. Kysely's migrator reads the catalog of
 * every schema in the database, so a neighbour creating or dropping its schema at that moment
 * fails the read ("schema test_… does not exist", "column … of relation kysely_migration does not
 * exist"; seen with test files running side by side). Schema changes of test stores therefore take
 * turns under this advisory lock, across every test process on the machine.
 */
const SCHEMA_CHANGE_LOCK = 0x6f6e6169;

async function adminClient(): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_DATABASE_URL} (${(error as Error).message}). ` +
        'Start it (see README, "Tests") or set TEST_DATABASE_URL.',
    );
  }
  return admin;
}

/** Runs `change` holding the schema-change lock (released when the admin connection ends). */
async function inTurn<T>(change: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = await adminClient();
  try {
    await admin.query('select pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK]);
    return await change(admin);
  } finally {
    await admin.end();
  }
}

async function openPostgres(): Promise<TestStore> {
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const db = await inTurn(async (admin) => {
    await admin.query(`create schema ${schema}`);
    return openDb({ databaseUrl: TEST_DATABASE_URL, dataDir: tmpdir(), pgSchema: schema });
  });
  return {
    db,
    pgSchema: schema,
    dispose: async () => {
      await db.destroy();
      await inTurn((admin) => admin.query(`drop schema ${schema} cascade`));
    },
  };
}
