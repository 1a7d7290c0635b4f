import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { INVALID_SCHEDULE_ERROR, parseSchedule, showImagePath, sortSlotsByStart, type Schedule } from '@onair/core';
import type { RealtimeHub } from '../realtime/hub.ts';
import type { ScheduleRepo } from '../store/schedule-repo.ts';

interface ScheduleRouteOptions {
  schedules: ScheduleRepo;
  hub: RealtimeHub;
  requireAdmin: onRequestAsyncHookHandler;
  now: () => Date;
}

const putBody = z.object({ data: z.unknown(), version: z.number().int().nonnegative() });

export const STALE_VERSION_ERROR = 'The schedule changed meanwhile; reload it.';

/**
 * What the store keeps of an accepted document: each day's slots in start order and every image
 * resolved to a show-image path (spec §5).
 *
 * Slot times are free text up to 200 characters (the edit form has no required-field checks, spec
 * §5): a time that does not parse is KEPT as typed, sorted after the day's timed slots, and ignored
 * for on-air and up-next. Only a document of the wrong shape (not seven weekdays, a field too long,
 * a wrong type) is refused with 'Invalid schedule data format'.
 */
export function normalizeSchedule(schedule: Schedule): Schedule {
  return schedule.map((day) => ({
    day: day.day,
    shows: sortSlotsByStart(day.shows).map((slot) => ({ ...slot, image: showImagePath(slot) })),
  }));
}

export async function scheduleRoutes(app: FastifyInstance, { schedules, hub, requireAdmin, now }: ScheduleRouteOptions): Promise<void> {
  hub.registerTopic('schedule', async () => {
    const stored = await schedules.get();
    return stored && { version: stored.version, data: stored.data };
  });

  // Bodies that never reach the handler (not JSON, empty, too large, wrong content type) get the
  // same JSON error shape as a refused document; the status says which it was.
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ error: 'The schedule is too large.' });
    if (status >= 400 && status < 500) return reply.code(status).send({ error: INVALID_SCHEDULE_ERROR });
    app.log.error(error);
    return reply.code(500).send({ error: 'Failed to save schedule.' });
  });

  app.get('/api/schedule', async (_request, reply) => {
    const stored = await schedules.get();
    if (!stored) return reply.code(404).send({ error: 'No schedule data available.' });
    reply.header('cache-control', 'no-cache');
    return { data: stored.data, version: stored.version };
  });

  app.put('/api/schedule', { onRequest: requireAdmin }, async (request, reply) => {
    const body = putBody.safeParse(request.body);
    const parsed = body.success ? parseSchedule(body.data.data) : null;
    if (!body.success || !parsed?.ok) return reply.code(400).send({ error: INVALID_SCHEDULE_ERROR });
    const document = normalizeSchedule(parsed.schedule);
    const saved =
      body.data.version === 0
        ? // Version 0 means "there was none": it creates the document only in an empty store.
          (await schedules.seedIfEmpty(document, now())) ? await schedules.get() : null
        : await schedules.replace(document, body.data.version, now());
    if (!saved) {
      const current = await schedules.get();
      return reply.code(409).send({
        error: STALE_VERSION_ERROR,
        current: current && { data: current.data, version: current.version },
      });
    }
    const answer = { data: saved.data, version: saved.version };
    hub.publish('schedule', answer);
    return answer;
  });
}
