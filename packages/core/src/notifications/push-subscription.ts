import * as z from 'zod/mini';
import { SHIPPED_LOCALES } from '../i18n/locales.ts';
import { notificationSettingsSchema } from './settings.ts';

/**
 * Push service URLs are a few hundred characters; the cap keeps a hostile body from being stored
 * and later fetched (a 10 KB "endpoint" is refused with the rest of the shape).
 */
export const PUSH_ENDPOINT_MAX_CHARS = 2_048;
/** The whole encrypted push body must fit the smallest push service limit with room to spare. */
export const PUSH_PAYLOAD_MAX_BYTES = 3_072;

const MESSAGE_TEXT_MAX_CHARS = 500;
const MESSAGE_URL_MAX_CHARS = 1_000;

/*
 * The two keys by their exact shapes (RFC 8291), in base64url as PushSubscription.toJSON() gives
 * them (unpadded; padded is taken too), as patterns rather than a decoder, which would add to every
 * page's script: a P-256 public key is an uncompressed point, 65 bytes starting 0x04, so 87
 * base64url characters (88 with one '='), 'B' first and A–P second (0x04 = 000001|00…); the auth
 * secret is 16 bytes, 22 characters (24 with '=='). `\w` is A–Z, a–z, 0–9 and '_'.
 */
const P256_POINT = /^B[A-P][\w-]{85}=?$/;
const AUTH_SECRET = /^[\w-]{22}(==)?$/;

// The server words what a wrong key must be (its answer to a PUT); the page never meets one.
const base64UrlKey = (pattern: RegExp) =>
  z.string().check(z.minLength(1, { message: 'must not be empty' }), z.regex(pattern));

/**
 * A P-256 public key's shape. Whether the point lies on the curve needs elliptic-curve arithmetic,
 * which the server does with its crypto library.
 */
const p256PointSchema = base64UrlKey(P256_POINT);

/**
 * A browser's PushSubscription as sent by `PushSubscription.toJSON()` (spec §5: every field present
 * and non-empty): p256dh is an uncompressed P-256 point, auth a 16-byte secret (RFC 8291); no push
 * can be encrypted for other keys. Whether the endpoint's host is a known push service, and whether
 * p256dh lies on the curve, are the server's checks.
 */
export const webPushSubscriptionSchema = z.object({
  endpoint: z.string().check(
    z.minLength(1, { message: 'must not be empty' }),
    z.maxLength(PUSH_ENDPOINT_MAX_CHARS, {
      message: `must be at most ${PUSH_ENDPOINT_MAX_CHARS} characters`,
    }),
  ),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    p256dh: p256PointSchema,
    auth: base64UrlKey(AUTH_SECRET),
  }),
});
export type WebPushSubscription = z.infer<typeof webPushSubscriptionSchema>;

/**
 * PUT /api/push/subscription: the subscription and the settings it is for (spec §7 call 8), and the
 * language the app shows, which its pushes are written in. Without `locale` (the service worker
 * renewing a subscription, an older app) the language stored before is kept.
 */
export const pushSubscriptionBodySchema = z.object({
  subscription: webPushSubscriptionSchema,
  preferences: notificationSettingsSchema,
  locale: z.optional(z.enum(SHIPPED_LOCALES)),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** DELETE /api/push/subscription. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: webPushSubscriptionSchema.shape.endpoint });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

/** GET /api/push/public-key: the VAPID key as base64url of the uncompressed P-256 point. */
export const pushPublicKeySchema = z.object({ publicKey: p256PointSchema });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** An app path ('/', '/schedule?day=Monday'): a push can only open this app, never another site. */
const appLinkSchema = z
  .string()
  .check(
    z.maxLength(MESSAGE_URL_MAX_CHARS),
    z.regex(/^\/(?![/\\])/, { message: 'must be a path inside the app' }),
  );

/**
 * The JSON a push carries to the service worker (spec §3 'Push message fields'): the notification's
 * title, body, image and icon, and data with the link a click opens and an analytics label.
 */
export const pushMessageSchema = z.object({
  notification: z.object({
    title: z.string().check(z.minLength(1), z.maxLength(MESSAGE_TEXT_MAX_CHARS)),
    body: z.string().check(z.maxLength(MESSAGE_TEXT_MAX_CHARS)),
    image: z.optional(z.string().check(z.maxLength(MESSAGE_URL_MAX_CHARS))),
    icon: z.optional(z.string().check(z.maxLength(MESSAGE_URL_MAX_CHARS))),
  }),
  data: z.object({
    link: appLinkSchema,
    analyticsLabel: z.optional(z.enum(['show_reminder', 'new_show', 'new_episode'])),
  }),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
