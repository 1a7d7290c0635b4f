import type { Migration } from 'kysely';
import * as createSchedule from './0001-create-schedule.ts';
import * as createSession from './0002-create-session.ts';

/** Every migration in order; names sort lexically, so keep the zero-padded prefix. */
export const migrations: Record<string, Migration> = {
  '0001-create-schedule': createSchedule,
  '0002-create-session': createSession,
};
