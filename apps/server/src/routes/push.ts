import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  FAVORITE_ID_MAX_CHARS,
  MAX_FAVORITES,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  SHIPPED_LOCALES,
  type ErrorBody,
  type PushPublicKey,
} from '@onair/core';
import { clientKey } from '../client-key.ts';
import { useErrorTexts } from '../http-errors.ts';
import { KeyedLimit } from '../rate-limits.ts';
import { endpointRefusal } from '../push/push-endpoint.ts';
import { isP256PublicKey } from '../push/push-keys.ts';
import type { PushRepo } from '../store/push-repo.ts';

interface PushRouteOptions {
  pushes: PushRepo;
  publicKey: string;
  allowedHosts: readonly string[];
  now: () => Date;
  /** Whether the request is the admin's: that browser's subscription hears of paused integrations. */
  isAdmin: (request: FastifyRequest) => Promise<boolean>;
}

/** Subscription writes per client address per minute: a browser needs a few, a flood gets 429. */
export const PUSH_WRITES_PER_MINUTE = 30;
const WINDOW_MS = 60_000;
const INVALID_SUBSCRIPTION_ERROR =
  'Invalid push subscription: endpoint, keys.p256dh and keys.auth must all be present and non-empty.';
const OFF_CURVE_ERROR = 'Invalid push subscription: keys.p256dh is not a point on the P-256 curve.';
/**
 * The largest body a browser sends, rounded up: MAX_FAVORITES favourites of FAVORITE_ID_MAX_CHARS
 * characters (ASCII; real names are a tenth of that), the longest endpoint, the keys and the flags.
 * Well under the server's 256 KB, which let a made-up 252 KB subscription be stored.
 */
export const PUSH_SUBSCRIPTION_MAX_BYTES = 144 * 1_024;
const TOO_LARGE_ERROR = `The notification settings are too large to save: at most ${MAX_FAVORITES} favourite shows of at most ${FAVORITE_ID_MAX_CHARS} characters each.`;

/** GET the VAPID public key; PUT or DELETE this browser's push subscription (issue 10's contract). */
export async function pushRoutes(app: FastifyInstance, options: PushRouteOptions): Promise<void> {
  const { pushes, publicKey, allowedHosts, now, isAdmin } = options;
  const writes = new KeyedLimit(app, 'push-write', PUSH_WRITES_PER_MINUTE, WINDOW_MS);

  // Bodies refused before the handler (not JSON, too large) answer with the same sentence.
  useErrorTexts(app, {
    invalid: { error: INVALID_SUBSCRIPTION_ERROR, code: 'push_subscription_invalid' },
    tooLarge: { error: TOO_LARGE_ERROR, code: 'too_large' },
    failed: () => ({ error: 'Failed to save the push subscription.', code: 'server_error' }),
    logLine: 'push subscription request failed',
  });

  /** The rate check every write passes; a reply already sent when it returns false. */
  const admitWrite = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const waitMs = await writes.take(clientKey(request.ip));
    if (waitMs > 0) {
      reply.header('retry-after', String(Math.ceil(waitMs / 1_000)));
      void reply.code(429).send({
        error: 'Too many notification changes. Try again in a minute.',
        code: 'rate_limited',
      } satisfies ErrorBody);
      return false;
    }
    return true;
  };

  app.get('/api/push/public-key', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return { publicKey } satisfies PushPublicKey;
  });

  app.put('/api/push/subscription', { bodyLimit: PUSH_SUBSCRIPTION_MAX_BYTES }, async (request, reply) => {
    if (!(await admitWrite(request, reply))) return reply;
    const body = pushSubscriptionBodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send(bodyRefusal(body.error.issues[0]));
    const refusal = endpointRefusal(body.data.subscription.endpoint, allowedHosts);
    if (refusal)
      return reply.code(400).send({ error: refusal, code: 'push_endpoint_refused' } satisfies ErrorBody);
    // A key no push can be encrypted for would only fail at every reminder: refused now instead.
    if (!isP256PublicKey(body.data.subscription.keys.p256dh)) {
      return reply
        .code(400)
        .send({ error: OFF_CURVE_ERROR, code: 'push_subscription_invalid' } satisfies ErrorBody);
    }
    await pushes.saveSubscription(
      body.data.subscription,
      body.data.preferences,
      body.data.locale,
      now(),
      await isAdmin(request),
    );
    return { saved: true };
  });

  app.delete('/api/push/subscription', async (request, reply) => {
    if (!(await admitWrite(request, reply))) return reply;
    const body = pushUnsubscribeBodySchema.safeParse(request.body);
    if (!body.success)
      return reply.code(400).send({
        error: 'Name the push endpoint to unsubscribe.',
        code: 'push_unsubscribe_invalid',
      } satisfies ErrorBody);
    // Already gone is fine: the browser's wish (no pushes to this endpoint) holds either way.
    await pushes.deleteSubscription(body.data.endpoint);
    return reply.code(204).send();
  });
}

/** What each key must be (RFC 8291), told when a present key has another shape: a browser bug named. */
const KEY_RULES: Readonly<Record<string, string>> = {
  'subscription.keys.p256dh':
    'Invalid push subscription: keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url).',
  'subscription.keys.auth': 'Invalid push subscription: keys.auth must be a 16-byte secret (base64url).',
};

/** What a refused body is told: the preference at fault; a key of the wrong shape; else the subscription's fields in general. */
function bodyRefusal(issue: { path: PropertyKey[]; code: string; message: string } | undefined): ErrorBody {
  const where = issue?.path.map(String).join('.') ?? '';
  if (where === 'locale') {
    return {
      error: `Invalid push subscription: locale must be one of ${SHIPPED_LOCALES.join(', ')}.`,
      code: 'push_subscription_invalid',
    };
  }
  if (where.startsWith('preferences')) {
    return {
      error: `Invalid notification preferences: ${where}: ${issue?.message ?? 'invalid'}`,
      code: 'push_preferences_invalid',
    };
  }
  const error =
    (issue?.code === 'invalid_format' ? KEY_RULES[where] : undefined) ?? INVALID_SUBSCRIPTION_ERROR;
  return { error, code: 'push_subscription_invalid' };
}
