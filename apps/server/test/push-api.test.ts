import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FAVORITE_ID_MAX_CHARS,
  MAX_FAVORITES,
  PUSH_ENDPOINT_MAX_CHARS,
  pushPublicKeySchema,
} from '@onair/core';
import { ConfigError, loadConfig } from '../src/config.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../src/push/push-endpoint.ts';
import { PUSH_SUBSCRIPTION_MAX_BYTES, PUSH_WRITES_PER_MINUTE } from '../src/routes/push.ts';
import { buildTestApp } from './auth-helpers.ts';
import { TestBrowser } from './push-receiver.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

describe.each(STORE_KINDS)('the push API on $kind', ({ open }) => {
  let store: TestStore;
  let app: FastifyInstance;
  beforeEach(async () => {
    store = await open();
    app = await buildTestApp(store, undefined, { pushTimer: false });
  });
  afterEach(async () => {
    await app.close();
    await store.dispose();
  });

  const publicKeyOf = async (server: FastifyInstance) =>
    pushPublicKeySchema.parse((await server.inject('/api/push/public-key')).json()).publicKey;
  const stored = () =>
    store.db.selectFrom('push_subscription').select(['endpoint', 'p256dh', 'auth', 'preferences']).execute();
  const put = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '203.0.113.7') =>
    app.inject({
      method: 'PUT',
      url: '/api/push/subscription',
      headers,
      remoteAddress,
      ...(typeof payload === 'string' ? { payload } : { payload: payload as object }),
    });
  const browser = new TestBrowser('https://fcm.googleapis.com/fcm/send/api-test');

  it('generates the VAPID key pair once and keeps it across restarts', async () => {
    const first = await publicKeyOf(app);
    expect(Buffer.from(first, 'base64url')).toHaveLength(65);
    await app.close();
    app = await buildTestApp(store, undefined, { pushTimer: false });
    expect(await publicKeyOf(app)).toBe(first);
    expect((await app.inject('/api/push/public-key')).headers['cache-control']).toBe('no-cache');
  });

  it('uses the VAPID keys from the environment when they are set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const configured = await buildTestApp(
      store,
      {
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'mailto:ops@radio.example',
      },
      { pushTimer: false },
    );
    expect(await publicKeyOf(configured)).toBe(keys.publicKey);
    await configured.close();
  });

  it('saves a subscription with its preferences and replaces it on the next save', async () => {
    const saved = await put({
      subscription: browser.subscription,
      preferences: { enabled: true, favoriteShows: ['Seán-Deep Dublin'] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ saved: true });
    const again = await put({
      subscription: browser.subscription,
      preferences: { enabled: true, reminderTime: 30 },
    });
    expect(again.statusCode).toBe(200);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.endpoint).toBe(browser.subscription.endpoint);
    expect(JSON.parse(rows[0]?.preferences ?? '')).toMatchObject({
      enabled: true,
      reminderTime: 30,
      favoriteShows: [],
    });
  });

  it('deletes a subscription with 204, and again with 204 when it is already gone', async () => {
    await put({ subscription: browser.subscription, preferences: {} });
    for (let round = 0; round < 2; round += 1) {
      const response = await app.inject({
        method: 'DELETE',
        url: '/api/push/subscription',
        payload: { endpoint: browser.subscription.endpoint },
      });
      expect(response.statusCode).toBe(204);
    }
    expect(await stored()).toEqual([]);
    const bad = await app.inject({
      method: 'DELETE',
      url: '/api/push/subscription',
      payload: { endpoint: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Name the push endpoint to unsubscribe.',
      code: 'push_unsubscribe_invalid',
    });
  });

  it.each([
    ['no subscription', { preferences: {} }],
    [
      'an empty p256dh',
      {
        subscription: { ...browser.subscription, keys: { ...browser.subscription.keys, p256dh: '' } },
        preferences: {},
      },
    ],
    [
      'no auth',
      {
        subscription: {
          endpoint: browser.subscription.endpoint,
          keys: { p256dh: browser.subscription.keys.p256dh },
        },
        preferences: {},
      },
    ],
    ['not JSON', '{"subscription":'],
    ['an array', [1, 2, 3]],
  ])('answers %s with 400 { error } and stores nothing', async (_name, payload) => {
    const response = await put(
      payload,
      typeof payload === 'string' ? { 'content-type': 'application/json' } : {},
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error:
        'Invalid push subscription: endpoint, keys.p256dh and keys.auth must all be present and non-empty.',
      code: 'push_subscription_invalid',
    });
    expect(await stored()).toEqual([]);
  });

  const withKeys = (keys: Partial<{ p256dh: string; auth: string }>) => ({
    subscription: { ...browser.subscription, keys: { ...browser.subscription.keys, ...keys } },
    preferences: { enabled: true, favoriteShows: ['Seán-Deep Dublin'] },
  });
  const offCurve = () => {
    // The shape of a point (0x04, X, Y) whose Y does not satisfy the curve equation for X.
    const point = Buffer.from(browser.subscription.keys.p256dh, 'base64url');
    point[64] = (point[64] ?? 0) ^ 1;
    return point.toString('base64url');
  };

  it.each([
    [
      'a p256dh of 87 As (65 zero bytes)',
      () => withKeys({ p256dh: 'A'.repeat(87) }),
      'Invalid push subscription: keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url).',
    ],
    [
      'a p256dh off the curve',
      () => withKeys({ p256dh: offCurve() }),
      'Invalid push subscription: keys.p256dh is not a point on the P-256 curve.',
    ],
    [
      'an auth of 48 bytes',
      () => withKeys({ auth: 'A'.repeat(64) }),
      'Invalid push subscription: keys.auth must be a 16-byte secret (base64url).',
    ],
    [
      'an auth of 15 bytes',
      () => withKeys({ auth: 'A'.repeat(20) }),
      'Invalid push subscription: keys.auth must be a 16-byte secret (base64url).',
    ],
  ])('refuses %s with 400 saying so, and stores nothing', async (_name, body, error) => {
    const response = await put(body());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, code: 'push_subscription_invalid' });
    expect(await stored()).toEqual([]);
  });

  it(`takes the largest real body: ${MAX_FAVORITES} favourites of ${FAVORITE_ID_MAX_CHARS} characters and the longest endpoint`, async () => {
    const endpoint = `https://fcm.googleapis.com/fcm/send/`.padEnd(PUSH_ENDPOINT_MAX_CHARS, 'e');
    const favoriteShows = Array.from({ length: MAX_FAVORITES }, (_, index) =>
      `${index}-`.padEnd(FAVORITE_ID_MAX_CHARS, 'x'),
    );
    const body = {
      subscription: { ...browser.subscription, endpoint, expirationTime: Number.MAX_SAFE_INTEGER },
      preferences: {
        enabled: true,
        showScheduleReminders: false,
        showNewShowAlerts: false,
        favoriteShows,
        reminderTime: 60,
      },
    };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(PUSH_SUBSCRIPTION_MAX_BYTES);
    const response = await put(body);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse((await stored())[0]?.preferences ?? '').favoriteShows).toHaveLength(MAX_FAVORITES);
  });

  it('refuses more favourites than a week holds, a favourite no slot can make, and the 252 KB subscription', async () => {
    const tooMany = await put({
      subscription: browser.subscription,
      preferences: {
        favoriteShows: Array.from({ length: MAX_FAVORITES + 1 }, (_, index) => `Artist ${index}-Show`),
      },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      error: `Invalid notification preferences: preferences.favoriteShows: Too big: expected array to have <=${MAX_FAVORITES} items`,
      code: 'push_preferences_invalid',
    });
    const tooLong = await put({
      subscription: browser.subscription,
      preferences: { favoriteShows: ['x'.repeat(FAVORITE_ID_MAX_CHARS + 1)] },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      error: `Invalid notification preferences: preferences.favoriteShows.0: Too big: expected string to have <=${FAVORITE_ID_MAX_CHARS} characters`,
      code: 'push_preferences_invalid',
    });
    // As it was sent in the attack: 1,000 favourites of about 250 characters.
    const junk = await put({
      subscription: browser.subscription,
      preferences: {
        enabled: true,
        favoriteShows: Array.from({ length: 1_000 }, (_, index) => `${index}-${'j'.repeat(245)}`),
      },
    });
    expect(junk.statusCode).toBe(413);
    expect(junk.json()).toEqual({
      error: `The notification settings are too large to save: at most ${MAX_FAVORITES} favourite shows of at most ${FAVORITE_ID_MAX_CHARS} characters each.`,
      code: 'too_large',
    });
    expect(await stored()).toEqual([]);
  });

  it('names the bad preference', async () => {
    const response = await put({ subscription: browser.subscription, preferences: { reminderTime: 7 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error:
        'Invalid notification preferences: preferences.reminderTime: reminderTime must be one of 5, 10, 15, 30, 60',
      code: 'push_preferences_invalid',
    });
  });

  // Core's schemas are zod/mini, which has no message texts; the server's classic zod installs English ones.
  it('says what is wrong with a preference in English', async () => {
    const response = await put({ subscription: browser.subscription, preferences: { enabled: 'yes' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error:
        'Invalid notification preferences: preferences.enabled: Invalid input: expected boolean, received string',
      code: 'push_preferences_invalid',
    });
  });

  it('refuses writes from another site with 403', async () => {
    const response = await put(
      { subscription: browser.subscription, preferences: {} },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    const removal = await app.inject({
      method: 'DELETE',
      url: '/api/push/subscription',
      headers: { origin: 'https://evil.example' },
      payload: { endpoint: browser.subscription.endpoint },
    });
    expect(removal.statusCode).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it(`answers 429 after ${PUSH_WRITES_PER_MINUTE} writes a minute from one address, not from another`, async () => {
    const body = { subscription: browser.subscription, preferences: {} };
    for (let write = 0; write < PUSH_WRITES_PER_MINUTE; write += 1)
      expect((await put(body)).statusCode).toBe(200);
    const limited = await put(body);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await put(body, {}, '198.51.100.9')).statusCode).toBe(200);
  });
});

describe('push configuration', () => {
  it('defaults to the push services of Chrome, Firefox, Safari and Edge, without VAPID keys', () => {
    const { push } = loadConfig({});
    expect(push).toEqual({
      vapidKeys: null,
      vapidSubject: null,
      serviceHosts: [...DEFAULT_PUSH_SERVICE_HOSTS],
    });
    expect(DEFAULT_PUSH_SERVICE_HOSTS).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'web.push.apple.com',
      '*.notify.windows.com',
    ]);
  });

  it('reads PUSH_SERVICE_HOSTS and the VAPID variables', () => {
    const keys = webpush.generateVAPIDKeys();
    const { push } = loadConfig({
      PUSH_SERVICE_HOSTS: 'push.example.org, *.Push.Example.net',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://radio.example/contact',
    });
    expect(push).toEqual({
      vapidKeys: keys,
      vapidSubject: 'https://radio.example/contact',
      serviceHosts: ['push.example.org', '*.push.example.net'],
    });
  });

  it.each([
    [
      { VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey },
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all',
    ],
    [
      { VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: webpush.generateVAPIDKeys().privateKey },
      'VAPID_PUBLIC_KEY: must be the base64url uncompressed P-256 public key',
    ],
    [{ VAPID_SUBJECT: 'ops@radio.example' }, 'VAPID_SUBJECT: must be a mailto: address or an https:// URL'],
    [
      { PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,https://evil.example' },
      "PUSH_SERVICE_HOSTS: 'https://evil.example' is not a host name",
    ],
    [{ PUSH_SERVICE_HOSTS: '*' }, "PUSH_SERVICE_HOSTS: '*' is not a host name"],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
