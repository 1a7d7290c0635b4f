import * as z from 'zod/mini';
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

// base64url with optional padding: the browser's PushSubscription.toJSON() gives it unpadded.
const base64Url = (minChars: number, maxChars: number) =>
  z
    .string()
    .check(
      z.minLength(minChars, { message: 'must not be empty' }),
      z.maxLength(maxChars),
      z.regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: 'must be base64url' }),
    );

/**
 * A browser's PushSubscription as sent by `PushSubscription.toJSON()` (spec §5: every field present
 * and non-empty). p256dh is an uncompressed P-256 point (65 bytes → 87 characters), auth a secret of
 * at least 16 bytes. Whether the endpoint's host is a known push service is the server's rule.
 */
export const webPushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .check(
      z.minLength(1, { message: 'must not be empty' }),
      z.maxLength(PUSH_ENDPOINT_MAX_CHARS, {
        message: `must be at most ${PUSH_ENDPOINT_MAX_CHARS} characters`,
      }),
    ),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    p256dh: base64Url(87, 88),
    auth: base64Url(22, 64),
  }),
});
export type WebPushSubscription = z.infer<typeof webPushSubscriptionSchema>;

/** PUT /api/push/subscription: the subscription and the settings it is for (spec §7 call 8). */
export const pushSubscriptionBodySchema = z.object({
  subscription: webPushSubscriptionSchema,
  preferences: notificationSettingsSchema,
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** DELETE /api/push/subscription. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: webPushSubscriptionSchema.shape.endpoint });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

/** GET /api/push/public-key: the VAPID key as base64url of the uncompressed P-256 point. */
export const pushPublicKeySchema = z.object({ publicKey: base64Url(87, 88) });
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
    analyticsLabel: z.optional(z.enum(['show_reminder', 'new_show'])),
  }),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
