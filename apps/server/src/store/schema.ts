/** The tables as Kysely sees them; migrations/ creates them. */
export interface Database {
  schedule: ScheduleTable;
}

export interface ScheduleTable {
  /** One document today ('main'); the key leaves room for more stations or drafts. */
  id: string;
  /** The day list as JSON text: one representation for SQLite and PostgreSQL alike. */
  data: string;
  version: number;
  updated_at: string;
}
