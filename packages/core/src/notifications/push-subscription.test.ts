import { describe, it, expect } from 'vitest';
import {
  pushMessageSchema,
  pushPublicKeySchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
} from './push-subscription.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from './settings.ts';

const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};

describe('pushSubscriptionBodySchema', () => {
  it('accepts what PushSubscription.toJSON() gives, with the settings defaulted', () => {
    const parsed = pushSubscriptionBodySchema.parse({ subscription, preferences: {} });
    expect(parsed.preferences).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const { expirationTime: _none, ...withoutExpiry } = subscription;
    expect(
      pushSubscriptionBodySchema.safeParse({ subscription: withoutExpiry, preferences: {} }).success,
    ).toBe(true);
  });

  it.each([
    ['an empty endpoint', { ...subscription, endpoint: '' }],
    ['a 10 KB endpoint', { ...subscription, endpoint: `https://fcm.googleapis.com/${'a'.repeat(10_240)}` }],
    ['no keys', { endpoint: subscription.endpoint }],
    ['an empty p256dh', { ...subscription, keys: { ...subscription.keys, p256dh: '' } }],
    ['a short p256dh', { ...subscription, keys: { ...subscription.keys, p256dh: 'AAAA' } }],
    ['an empty auth', { ...subscription, keys: { ...subscription.keys, auth: '' } }],
    ['a non-base64url auth', { ...subscription, keys: { ...subscription.keys, auth: `${'A'.repeat(21)}+` } }],
    // 65 zero bytes: the right length, but not an uncompressed point (0x04 first).
    ['a p256dh of 87 As', { ...subscription, keys: { ...subscription.keys, p256dh: 'A'.repeat(87) } }],
    ['a compressed point', { ...subscription, keys: { ...subscription.keys, p256dh: `A${'A'.repeat(43)}` } }],
    [
      'a p256dh of 66 bytes',
      { ...subscription, keys: { ...subscription.keys, p256dh: `B${'A'.repeat(87)}` } },
    ],
    ['an auth of 15 bytes', { ...subscription, keys: { ...subscription.keys, auth: 'A'.repeat(20) } }],
    ['an auth of 17 bytes', { ...subscription, keys: { ...subscription.keys, auth: 'A'.repeat(23) } }],
    ['an auth of 48 bytes', { ...subscription, keys: { ...subscription.keys, auth: 'A'.repeat(64) } }],
    [
      'a p256dh padded twice',
      { ...subscription, keys: { ...subscription.keys, p256dh: `${subscription.keys.p256dh}==` } },
    ],
    [
      'a p256dh with a newline after it',
      { ...subscription, keys: { ...subscription.keys, p256dh: `${subscription.keys.p256dh}\n` } },
    ],
  ])('refuses %s', (_name, bad) => {
    expect(pushSubscriptionBodySchema.safeParse({ subscription: bad, preferences: {} }).success).toBe(false);
  });

  it('accepts the keys padded too', () => {
    const padded = {
      ...subscription,
      keys: { p256dh: `${subscription.keys.p256dh}=`, auth: `${subscription.keys.auth}==` },
    };
    expect(pushSubscriptionBodySchema.safeParse({ subscription: padded, preferences: {} }).success).toBe(
      true,
    );
  });

  it('says which key is wrong', () => {
    const bad = { ...subscription, keys: { ...subscription.keys, p256dh: 'A'.repeat(87) } };
    const parsed = pushSubscriptionBodySchema.safeParse({ subscription: bad, preferences: {} });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.code])).toEqual([
      ['subscription.keys.p256dh', 'invalid_format'],
    ]);
  });

  it('refuses a missing or invalid preferences object', () => {
    expect(pushSubscriptionBodySchema.safeParse({ subscription }).success).toBe(false);
    expect(
      pushSubscriptionBodySchema.safeParse({ subscription, preferences: { reminderTime: 7 } }).success,
    ).toBe(false);
  });
});

describe('the other push shapes', () => {
  it('unsubscribe names a non-empty endpoint', () => {
    expect(pushUnsubscribeBodySchema.safeParse({ endpoint: subscription.endpoint }).success).toBe(true);
    expect(pushUnsubscribeBodySchema.safeParse({ endpoint: '' }).success).toBe(false);
  });

  it('the public key is an 87-character base64url point', () => {
    expect(pushPublicKeySchema.safeParse({ publicKey: subscription.keys.p256dh }).success).toBe(true);
    expect(pushPublicKeySchema.safeParse({ publicKey: 'short' }).success).toBe(false);
  });

  it('a push message links only inside the app', () => {
    const message = {
      notification: { title: 'Deep Dublin', body: 'Starts in 15 minutes' },
      data: { link: '/' },
    };
    expect(pushMessageSchema.safeParse(message).success).toBe(true);
    for (const link of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'schedule']) {
      expect(pushMessageSchema.safeParse({ ...message, data: { link } }).success).toBe(false);
    }
    expect(pushMessageSchema.safeParse({ ...message, notification: { title: '', body: '' } }).success).toBe(
      false,
    );
  });
});
