import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOG_LEVEL_WARN, useTarget, type Target } from './support/target.ts';

/** The server's PUSH_WRITES_PER_MINUTE; the suite sees the server from outside only. */
const PUSH_WRITES_PER_MINUTE = 30;

function keys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  return { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

function putSubscription(
  target: Target,
  body: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${target.url}/api/push/subscription`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

const subscriptionBody = (endpoint: string) =>
  JSON.stringify({ subscription: { endpoint, keys: keys() }, preferences: { enabled: true } });

describe('push subscriptions under attack', () => {
  // Reminders stay off (no favourites), so the real server never tries to reach a push service here.
  const target = useTarget({ LOG_LEVEL: 'info' });

  it('refuses endpoints that would make the server fetch an inside or unknown address, storing nothing', async () => {
    const before = target().storeSnapshot();
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/a',
      `http://127.0.0.1:${target().port}/api/schedule`,
      'https://127.0.0.1/a',
      'https://localhost/a',
      'https://[::1]/a',
      'https://[::ffff:169.254.169.254]/latest/meta-data/',
      'https://169.254.169.254/latest/meta-data/',
      'https://192.168.1.1/a',
      'https://2130706433/a', // 127.0.0.1 as a single number
      'https://push.evil.example/a',
      'https://fcm.googleapis.com.evil.example/a',
      'https://fcm.googleapis.com:8443/a',
      'https://evil.example#@fcm.googleapis.com/a',
      `https://fcm.googleapis.com/${'a'.repeat(10_240)}`,
    ]) {
      const response = await putSubscription(target(), subscriptionBody(endpoint));
      expect({ endpoint: endpoint.slice(0, 80), status: response.status }).toEqual({
        endpoint: endpoint.slice(0, 80),
        status: 400,
      });
      expect(await response.json()).toEqual({
        error: expect.stringMatching(/^(The push endpoint|Invalid push subscription)/) as unknown,
        code: expect.stringMatching(/^push_(endpoint_refused|subscription_invalid)$/) as unknown,
      });
    }
    expect(target().storeSnapshot()).toEqual(before);
  });

  it('refuses garbage, oversized and cross-site bodies with a JSON error', async () => {
    const before = target().storeSnapshot();
    const valid = subscriptionBody('https://fcm.googleapis.com/fcm/send/cross-site');
    const attempts: [string, Promise<Response>, number][] = [
      ['nested garbage', putSubscription(target(), '['.repeat(5_000)), 400],
      ['a prototype key', putSubscription(target(), '{"__proto__": {"subscription": {}}}'), 400],
      ['a 1 MB body', putSubscription(target(), valid + ' '.repeat(1_000_000)), 413],
      ['a foreign origin', putSubscription(target(), valid, { origin: 'https://evil.example' }), 403],
      [
        'a foreign origin deleting',
        fetch(`${target().url}/api/push/subscription`, {
          method: 'DELETE',
          headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
          body: JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/someone' }),
        }),
        403,
      ],
    ];
    for (const [label, response, status] of attempts) {
      const answer = await response;
      expect({ label, status: answer.status }).toEqual({ label, status });
      expect(await answer.json()).toHaveProperty('error');
    }
    expect(target().storeSnapshot()).toEqual(before);
  });

  it('refuses the junk subscription: keys no push can be encrypted for, 1,000 long favourites, more than a week holds', async () => {
    const before = target().storeSnapshot();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/junk';
    const valid = keys();
    const offCurve = Buffer.from(valid.p256dh, 'base64url');
    offCurve[64] = (offCurve[64] ?? 0) ^ 1;
    const body = (subscriptionKeys: { p256dh: string; auth: string }, favoriteShows: string[] = []) =>
      JSON.stringify({
        subscription: { endpoint, keys: subscriptionKeys },
        preferences: { enabled: true, favoriteShows },
      });
    const attempts: [string, string, number, RegExp, string][] = [
      // As first found stored with 200: 65 zero bytes as the key, then 1,000 favourites of 250 characters (252 KB).
      [
        'a p256dh of 87 As',
        body({ ...valid, p256dh: 'A'.repeat(87) }),
        400,
        /^Invalid push subscription: keys\.p256dh must be an uncompressed P-256 public key/,
        'push_subscription_invalid',
      ],
      [
        'a p256dh off the curve',
        body({ ...valid, p256dh: offCurve.toString('base64url') }),
        400,
        /^Invalid push subscription: keys\.p256dh is not a point on the P-256 curve/,
        'push_subscription_invalid',
      ],
      [
        'a 48-byte auth',
        body({ ...valid, auth: 'A'.repeat(64) }),
        400,
        /^Invalid push subscription: keys\.auth must be a 16-byte secret/,
        'push_subscription_invalid',
      ],
      [
        '1,000 favourites of 250 characters',
        body(
          valid,
          Array.from({ length: 1_000 }, (_, index) => `${index}-${'j'.repeat(245)}`),
        ),
        413,
        /^The notification settings are too large to save/,
        'too_large',
      ],
      [
        '337 favourites',
        body(
          valid,
          Array.from({ length: 337 }, (_, index) => `Artist ${index}-Show`),
        ),
        400,
        /^Invalid notification preferences: preferences\.favoriteShows: Too big: expected array to have <=336 items/,
        'push_preferences_invalid',
      ],
      [
        'a favourite no slot can make',
        body(valid, ['x'.repeat(402)]),
        400,
        /^Invalid notification preferences: preferences\.favoriteShows\.0: Too big: expected string to have <=401 characters/,
        'push_preferences_invalid',
      ],
    ];
    for (const [label, payload, status, error, code] of attempts) {
      const answer = await putSubscription(target(), payload);
      expect({ label, status: answer.status }).toEqual({ label, status });
      expect(await answer.json()).toEqual({ error: expect.stringMatching(error) as unknown, code });
    }
    expect(target().storeSnapshot()).toEqual(before);
  });

  it('limits subscription writes by the real address: forged X-Forwarded-For values share one budget', async () => {
    const statuses: number[] = [];
    for (let write = 0; write <= PUSH_WRITES_PER_MINUTE; write += 1) {
      const response = await putSubscription(
        target(),
        subscriptionBody(`https://fcm.googleapis.com/fcm/send/flood-${write}`),
        {
          'x-forwarded-for': `198.51.100.${write}`,
        },
      );
      statuses.push(response.status);
    }
    // The earlier cases of this block spent part of the same minute's budget.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(PUSH_WRITES_PER_MINUTE);
    const rows = target().storeSnapshot().push_subscription ?? [];
    expect(rows.length).toBeLessThanOrEqual(PUSH_WRITES_PER_MINUTE);
  });

  it('logged none of it at warn or above', () => {
    expect(
      target().log.lines.filter((line) => line.level >= LOG_LEVEL_WARN && !/VAPID_SUBJECT/.test(line.raw)),
    ).toEqual([]);
  });
});
