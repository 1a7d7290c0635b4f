import * as z from 'zod/mini';
import { errorBodySchema } from '../http/error-body.ts';
import { scheduleSchema } from './schedule-schema.ts';

/** Versions count saves; both stores keep them in a 32-bit integer column. */
export const SCHEDULE_VERSION_MAX = 2_147_483_646;

/**
 * The schedule as stored, served and saved: the week and its version. A save names the version it
 * replaces (0 = "there was none yet", accepted only over an empty store); the store answers with
 * the next version, or a conflict carrying the document that won.
 */
export const scheduleDocumentSchema = z.object({
  data: scheduleSchema,
  version: z.int().check(z.nonnegative(), z.maximum(SCHEDULE_VERSION_MAX)),
});
export type ScheduleDocument = z.infer<typeof scheduleDocumentSchema>;

/** The 409 body of a save that named a stale version: `current` is null when the store is empty. */
export const scheduleConflictSchema = z.extend(errorBodySchema, {
  current: z.nullable(scheduleDocumentSchema),
});
export type ScheduleConflict = z.infer<typeof scheduleConflictSchema>;
