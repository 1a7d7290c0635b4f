import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  type ErrorBody,
  type PushPublicKey,
} from '@onair/core';
import { clientKey } from '../client-key.ts';
import { useErrorTexts } from '../http-errors.ts';
import { KeyedLimit } from '../rate-limits.ts';
import { endpointRefusal } from '../push/push-endpoint.ts';
import type { PushRepo } from '../store/push-repo.ts';

interface PushRouteOptions {
  pushes: PushRepo;
  publicKey: string;
  allowedHosts: readonly string[];
  now: () => Date;
}

/** Subscription writes per client address per minute: a browser needs a few, a flood gets 429. */
export const PUSH_WRITES_PER_MINUTE = 30;
const WINDOW_MS = 60_000;
const INVALID_SUBSCRIPTION_ERROR = 'Invalid push subscription: endpoint, keys.p256dh and keys.auth must all be present and non-empty.';

/** GET the VAPID public key; PUT or DELETE this browser's push subscription (issue 10's contract). */
export async function pushRoutes(app: FastifyInstance, options: PushRouteOptions): Promise<void> {
  const { pushes, publicKey, allowedHosts, now } = options;
  const writes = new KeyedLimit(app, 'push-write', PUSH_WRITES_PER_MINUTE, WINDOW_MS);

  // Bodies refused before the handler (not JSON, too large) answer with the same sentence.
  useErrorTexts(app, {
    invalid: { error: INVALID_SUBSCRIPTION_ERROR, code: 'push_subscription_invalid' },
    tooLarge: { error: INVALID_SUBSCRIPTION_ERROR, code: 'too_large' },
    failed: () => ({ error: 'Failed to save the push subscription.', code: 'server_error' }),
    logLine: 'push subscription request failed',
  });

  /** The rate check every write passes; a reply already sent when it returns false. */
  const admitWrite = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const waitMs = await writes.take(clientKey(request.ip));
    if (waitMs > 0) {
      reply.header('retry-after', String(Math.ceil(waitMs / 1_000)));
      void reply.code(429).send({ error: 'Too many notification changes. Try again in a minute.', code: 'rate_limited' } satisfies ErrorBody);
      return false;
    }
    return true;
  };

  app.get('/api/push/public-key', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { publicKey } satisfies PushPublicKey;
  });

  app.put('/api/push/subscription', async (request, reply) => {
    if (!(await admitWrite(request, reply))) return reply;
    const body = pushSubscriptionBodySchema.safeParse(request.body);
    if (!body.success) {
      const issue = body.error.issues[0];
      const where = issue?.path.join('.') ?? '';
      const refused: ErrorBody = where.startsWith('preferences')
        ? { error: `Invalid notification preferences: ${where}: ${issue?.message ?? 'invalid'}`, code: 'push_preferences_invalid' }
        : { error: INVALID_SUBSCRIPTION_ERROR, code: 'push_subscription_invalid' };
      return reply.code(400).send(refused);
    }
    const refusal = endpointRefusal(body.data.subscription.endpoint, allowedHosts);
    if (refusal) return reply.code(400).send({ error: refusal, code: 'push_endpoint_refused' } satisfies ErrorBody);
    await pushes.saveSubscription(body.data.subscription, body.data.preferences, now());
    return { saved: true };
  });

  app.delete('/api/push/subscription', async (request, reply) => {
    if (!(await admitWrite(request, reply))) return reply;
    const body = pushUnsubscribeBodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'Name the push endpoint to unsubscribe.', code: 'push_unsubscribe_invalid' } satisfies ErrorBody);
    // Already gone is fine: the browser's wish (no pushes to this endpoint) holds either way.
    await pushes.deleteSubscription(body.data.endpoint);
    return reply.code(204).send();
  });
}
