import type { FastifyInstance } from 'fastify';
import {
  ANALYTICS_MAX_BATCH_BYTES,
  ANALYTICS_MAX_EVENTS_PER_BATCH,
  analyticsBatchSchema,
  type ErrorBody,
} from '@onair/core';
import { clientKey } from '../client-key.ts';
import { useErrorTexts } from '../http-errors.ts';
import { KeyedLimit } from '../rate-limits.ts';
import type { AnalyticsRepo } from '../store/analytics-repo.ts';

/** Batches one address may send per window; an app flushes every 5 s, so 30 a minute is ample. */
export const EVENTS_MAX_BATCHES_PER_WINDOW = 30;
export const EVENTS_WINDOW_MS = 60_000;

export const INVALID_EVENTS_ERROR = 'Invalid analytics batch.';
export const TOO_MANY_EVENTS_ERROR = `An analytics batch holds at most ${ANALYTICS_MAX_EVENTS_PER_BATCH} events.`;
export const UNKNOWN_SHOW_ERROR = 'An analytics batch may name only shows of the schedule.';

/** A batch over the event cap is too large (413, like one over 16 KB), whatever else is wrong with it. */
function hasTooManyEvents(body: unknown): boolean {
  const events = (body as { events?: unknown } | null)?.events;
  return Array.isArray(events) && events.length > ANALYTICS_MAX_EVENTS_PER_BATCH;
}

interface EventsRouteOptions {
  analytics: AnalyticsRepo;
  now: () => Date;
}

/** POST /api/events: a batch of the spec's analytics events, counted, never stored as sent. */
export async function eventsRoutes(
  app: FastifyInstance,
  { analytics, now }: EventsRouteOptions,
): Promise<void> {
  const batches = new KeyedLimit(app, 'events', EVENTS_MAX_BATCHES_PER_WINDOW, EVENTS_WINDOW_MS);

  // navigator.sendBeacon can only send a CORS-safelisted type without a preflight, so the app's
  // last batch on pagehide arrives as text/plain; it is the same JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('not JSON'), { statusCode: 400 }));
    }
  });

  useErrorTexts(app, {
    invalid: { error: INVALID_EVENTS_ERROR, code: 'events_invalid' },
    tooLarge: { error: 'The analytics batch is too large.', code: 'too_large' },
    failed: () => ({ error: 'Analytics are unavailable.', code: 'server_error' }),
    logLine: 'analytics batch not recorded',
  });

  // logLevel 'warn': Fastify's per-request info lines ("incoming request", "request completed")
  // carry the client address, so this route writes none; its only line is a failed write, at error,
  // holding the error alone. What the analytics keep, and where the address still goes, is in README.
  app.post(
    '/api/events',
    { bodyLimit: ANALYTICS_MAX_BATCH_BYTES, logLevel: 'warn' },
    async (request, reply) => {
      const waitMs = await batches.take(clientKey(request.ip));
      if (waitMs > 0) {
        reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
        return reply.code(429).send({
          error: 'Too many analytics batches. Try again later.',
          code: 'rate_limited',
        } satisfies ErrorBody);
      }
      if (hasTooManyEvents(request.body))
        return reply
          .code(413)
          .send({ error: TOO_MANY_EVENTS_ERROR, code: 'events_too_many' } satisfies ErrorBody);
      const batch = analyticsBatchSchema.safeParse(request.body);
      if (!batch.success)
        return reply
          .code(400)
          .send({ error: INVALID_EVENTS_ERROR, code: 'events_invalid' } satisfies ErrorBody);
      if ((await analytics.recordBatch(batch.data, now())) === 'unknown-show')
        return reply
          .code(400)
          .send({ error: UNKNOWN_SHOW_ERROR, code: 'events_unknown_show' } satisfies ErrorBody);
      return reply.code(202).send({ accepted: batch.data.events.length });
    },
  );
}
