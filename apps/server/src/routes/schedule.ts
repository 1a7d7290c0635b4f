import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import {
  INVALID_SCHEDULE_ERROR,
  normalizeSchedule,
  scheduleDocumentSchema,
  type ErrorBody,
  type ScheduleConflict,
  type ScheduleDocument,
} from '@onair/core';
import { useErrorTexts } from '../http-errors.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { ScheduleRepo } from '../store/schedule-repo.ts';

interface ScheduleRouteOptions {
  schedules: ScheduleRepo;
  hub: RealtimeHub;
  requireAdmin: onRequestAsyncHookHandler;
  now: () => Date;
  /** Told of every successful save over a stored week, with that week (new-show alerts); must not throw. */
  onSaved?: (previous: ScheduleDocument, saved: ScheduleDocument) => void;
}

export const STALE_VERSION_ERROR = 'The schedule changed meanwhile; reload it.';
const NO_SCHEDULE_ERROR = 'No schedule data available.';
const LOAD_FAILED_ERROR = 'Failed to load schedule.';
const SAVE_FAILED_ERROR = 'Failed to save schedule.';

export async function scheduleRoutes(
  app: FastifyInstance,
  { schedules, hub, requireAdmin, now, onSaved }: ScheduleRouteOptions,
): Promise<void> {
  // Loaded from the store once, on the first subscriber; every successful save below refreshes it.
  hub.registerTopic('schedule', () => schedules.get());

  // Bodies that never reach the handler (not JSON, empty, too large, wrong content type) get the
  // same sentence as a refused document; the status and code say which it was.
  useErrorTexts(app, {
    invalid: { error: INVALID_SCHEDULE_ERROR, code: 'schedule_invalid' },
    tooLarge: { error: 'The schedule is too large.', code: 'too_large' },
    failed: (request) => ({
      error: request.method === 'PUT' ? SAVE_FAILED_ERROR : LOAD_FAILED_ERROR,
      code: 'server_error',
    }),
    logLine: 'schedule request failed',
  });

  app.get('/api/schedule', async (_request, reply) => {
    const stored = await schedules.get();
    if (!stored)
      return reply.code(404).send({ error: NO_SCHEDULE_ERROR, code: 'schedule_missing' } satisfies ErrorBody);
    reply.header('cache-control', 'no-cache');
    return stored satisfies ScheduleDocument;
  });

  app.put('/api/schedule', { onRequest: requireAdmin }, async (request, reply) => {
    const body = scheduleDocumentSchema.safeParse(request.body);
    if (!body.success)
      return reply
        .code(400)
        .send({ error: INVALID_SCHEDULE_ERROR, code: 'schedule_invalid' } satisfies ErrorBody);
    // Read before the save: when the save wins, this is the version it replaced. A corrupt stored
    // row must not block the save that repairs it, so it reads as "no previous week".
    const previous = onSaved ? await schedules.get().catch(() => null) : null;
    const result = await schedules.save(normalizeSchedule(body.data.data), body.data.version, now());
    if ('conflict' in result) {
      return reply.code(409).send({
        error: STALE_VERSION_ERROR,
        code: 'schedule_stale',
        current: result.conflict,
      } satisfies ScheduleConflict);
    }
    hub.publish('schedule', result.saved);
    if (previous && previous.version === body.data.version) onSaved?.(previous, result.saved);
    return result.saved;
  });
}
