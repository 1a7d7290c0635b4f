import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import { ServerFixture } from '../../e2e/fixtures/server.ts';

export const ADMIN = { username: 'attack-admin', password: 'a long admin password for the attack suite' };
export const WRONG_PASSWORD = 'not the admin password, a guess';

/** One line the server logged (pino JSON); `raw` keeps the text for assertions on forged values. */
export interface LogLine {
  level: number;
  msg?: string;
  ip?: string;
  raw: string;
}

export const LOG_LEVEL_WARN = 40;
export const LOG_LEVEL_ERROR = 50;

/** Everything the server writes from the moment it is watched, split into lines. */
class LogRecorder {
  readonly #lines: string[] = [];
  #partial = '';

  push(text: string): void {
    const parts = (this.#partial + text).split('\n');
    this.#partial = parts.pop() ?? '';
    this.#lines.push(...parts.filter((line) => line.trim() !== ''));
  }

  get text(): string {
    return [...this.#lines, this.#partial].join('\n');
  }

  get lines(): LogLine[] {
    return this.#lines.map((raw) => {
      try {
        const parsed = JSON.parse(raw) as Partial<LogLine>;
        return {
          level: typeof parsed.level === 'number' ? parsed.level : 0,
          msg: parsed.msg,
          ip: parsed.ip,
          raw,
        };
      } catch {
        // Not pino's JSON (a crash trace on stderr): keep it, and count it as an error.
        return { level: LOG_LEVEL_ERROR, raw };
      }
    });
  }

  /** The `admin sign-in failed` lines, the one line per failed guess that fail2ban reads. */
  get failedSignIns(): LogLine[] {
    return this.lines.filter((line) => line.msg === 'admin sign-in failed');
  }
}

/**
 * The real server (`apps/server/src/server.ts` as `npm start` runs it, built web app, its own
 * SQLite store and an admin account) with its log recorded, as an attacker on the network meets it.
 */
export class Target {
  readonly log = new LogRecorder();

  private constructor(readonly server: ServerFixture) {
    server.onOutput((text) => this.log.push(text));
  }

  static async start(env: Record<string, string> = {}): Promise<Target> {
    const server = await ServerFixture.start({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // The embedded SQLite store, whatever the calling shell exports: the suite reads it back.
      DATABASE_URL: '',
      // The settings under test are explicit per case; none leaks in from the calling shell.
      TRUST_PROXY: '',
      ...env,
    });
    return new Target(server);
  }

  get url(): string {
    return this.server.url;
  }

  get port(): number {
    return this.server.port;
  }

  /**
   * Everything the store holds, table by table, rows in key order: "nothing changed" is equality.
   * Leaves out listener_minute, station_claim, rewind_listener_count and the archive's tables: the
   * server writes them by itself, from its own stream's status, schedule, audio and clock (a minute
   * boundary, a listener's daily peak, a chunk or the rewind count's 15 s heartbeat during a case
   * would otherwise look like a change an attacker made).
   */
  storeSnapshot(): Record<string, unknown[]> {
    const db = new SQLite(join(this.server.dataDir, 'onair.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const tables = db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('listener_minute', 'station_claim', 'rewind_listener_count') AND name NOT LIKE 'archive_%' ORDER BY name",
        )
        .all() as Array<{ name: string }>;
      return Object.fromEntries(
        tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}" ORDER BY 1`).all()]),
      );
    } finally {
      db.close();
    }
  }

  /** The server's resident memory in bytes, from /proc (Linux, as on the CI machine). */
  async residentBytes(): Promise<number> {
    const status = await readFile(`/proc/${this.server.pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
    if (kib === undefined) throw new Error(`no VmRSS in /proc/${this.server.pid}/status`);
    return Number(kib) * 1024;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}

/** A describe block's server: started before its cases, stopped after them. */
export function useTarget(env: Record<string, string> = {}): () => Target {
  let target: Target | undefined;
  beforeAll(async () => {
    target = await Target.start(env);
  });
  afterAll(async () => {
    await target?.stop();
  });
  return () => {
    if (!target) throw new Error('the server has not started');
    return target;
  };
}
