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
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const BASE64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The bytes of a base64url text (padded or not), or null when it is not base64url. Written out
 * rather than through atob or Buffer: core runs in the browser and on the server alike.
 */
export function base64UrlBytes(text: string): Uint8Array | null {
  if (!BASE64URL.test(text)) return null;
  const digits = text.replace(/=+$/, '');
  const padded = digits.length !== text.length;
  if (digits.length % 4 === 1 || (padded && text.length % 4 !== 0)) return null;
  const bytes = new Uint8Array(Math.floor((digits.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (const digit of digits) {
    buffer = ((buffer << 6) | BASE64URL_ALPHABET.indexOf(digit)) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at] = (buffer >> bits) & 0xff;
      at += 1;
    }
  }
  return bytes;
}

/** An uncompressed P-256 point: 0x04, then the 32-byte X and Y coordinates. */
export const P256_POINT_BYTES = 65;
/** RFC 8291 §3.2: the authentication secret is exactly 16 bytes. */
export const PUSH_AUTH_SECRET_BYTES = 16;

/** A key of `bytes` bytes as base64url; `rule` says what it must be, for every way it can be wrong but absence. */
const base64UrlKey = (bytes: number, rule: string, valid: (decoded: Uint8Array) => boolean) =>
  z
    .string()
    .check(
      z.minLength(1, { message: 'must not be empty' }),
      // Padded, n bytes take 4 × ⌈n / 3⌉ characters: a cap before anything is decoded.
      z.maxLength(4 * Math.ceil(bytes / 3), { message: rule }),
      z.regex(BASE64URL, { message: 'must be base64url' }),
      z.refine((text) => {
        const decoded = base64UrlBytes(text);
        return decoded !== null && decoded.length === bytes && valid(decoded);
      }, { message: rule }),
    );

/**
 * The shape of a P-256 public key (65 bytes starting 0x04). Whether the point lies on the curve
 * needs elliptic-curve arithmetic, which the server does with its crypto library.
 */
const p256PointSchema = base64UrlKey(
  P256_POINT_BYTES,
  'must be an uncompressed P-256 public key (65 bytes starting 0x04)',
  (decoded) => decoded[0] === 0x04,
);

const authSecretSchema = base64UrlKey(PUSH_AUTH_SECRET_BYTES, `must be ${PUSH_AUTH_SECRET_BYTES} bytes`, () => true);

/**
 * A browser's PushSubscription as sent by `PushSubscription.toJSON()` (spec §5: every field present
 * and non-empty): p256dh is an uncompressed P-256 point, auth a 16-byte secret (RFC 8291); no push
 * can be encrypted for other keys. Whether the endpoint's host is a known push service, and whether
 * p256dh lies on the curve, are the server's checks.
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
    p256dh: p256PointSchema,
    auth: authSecretSchema,
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
    analyticsLabel: z.optional(z.enum(['show_reminder', 'new_show'])),
  }),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
