/** The tables as Kysely sees them; migrations/ creates them. */
export interface Database {
  schedule: ScheduleTable;
  session: SessionTable;
}

export interface ScheduleTable {
  /** One document today ('main'); the key leaves room for more stations or drafts. */
  id: string;
  /** The day list as JSON text: one representation for SQLite and PostgreSQL alike. */
  data: string;
  version: number;
  updated_at: string;
}

export interface SessionTable {
  /** SHA-256 (hex) of the cookie token: a leaked table cannot be replayed as cookies. */
  id_hash: string;
  username: string;
  /** 'admin' today; the chat may add listener sessions. */
  role: string;
  /** ISO-8601 UTC; fixed width, so text order is time order on both stores. */
  created_at: string;
  expires_at: string;
}
