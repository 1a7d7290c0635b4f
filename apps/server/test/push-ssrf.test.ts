import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type PushMessage } from '@onair/core';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../src/push/push-endpoint.ts';
import { isPublicAddress } from '../src/outbound/public-address.ts';
import { PushSender } from '../src/push/push-sender.ts';
import { PushAddressError, httpsPushTransport, refuseNonPublicPeer } from '../src/push/push-transport.ts';
import { endpointHash } from '../src/store/push-repo.ts';
import { buildTestApp } from './auth-helpers.ts';
import { PushReceiver, TestBrowser } from './push-receiver.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const message: PushMessage = {
  notification: { title: 'Deep Dublin starts in 15 minutes', body: 'Seán · 6pm - 8pm' },
  data: { link: '/schedule' },
};

describe.each(STORE_KINDS)(
  'PUT /api/push/subscription refuses endpoints that are not push services, on $kind',
  ({ open }) => {
    // One store for the whole corpus: each refusal checks that the stored rows did not change.
    let store: TestStore;
    let app: FastifyInstance;
    beforeAll(async () => {
      store = await open();
      app = await buildTestApp(store, undefined, { pushTimer: false });
    });
    afterAll(async () => {
      await app.close();
      await store.dispose();
    });

    const stored = () =>
      store.db.selectFrom('push_subscription').selectAll().orderBy('endpoint_hash').execute();
    const put = (endpoint: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/push/subscription',
        payload: {
          subscription: { ...new TestBrowser(endpoint).subscription },
          preferences: { enabled: true },
        },
      });

    it.each([
      ['http:', 'http://fcm.googleapis.com/fcm/send/abc', 'The push endpoint must be an https:// URL.'],
      [
        '127.0.0.1',
        'https://127.0.0.1/fcm/send/abc',
        "The push endpoint's host (127.0.0.1) is not a known push service.",
      ],
      [
        'localhost',
        'https://localhost/wpush/v2/abc',
        "The push endpoint's host (localhost) is not a known push service.",
      ],
      ['[::1]', 'https://[::1]/abc', "The push endpoint's host ([::1]) is not a known push service."],
      [
        'the metadata address',
        'https://169.254.169.254/latest/meta-data/',
        "The push endpoint's host (169.254.169.254) is not a known push service.",
      ],
      [
        'a private address',
        'https://10.0.0.5/fcm/send/abc',
        "The push endpoint's host (10.0.0.5) is not a known push service.",
      ],
      [
        'an unknown host',
        'https://push.evil.example/abc',
        "The push endpoint's host (push.evil.example) is not a known push service.",
      ],
      [
        'a look-alike suffix',
        'https://fcm.googleapis.com.evil.example/abc',
        "The push endpoint's host (fcm.googleapis.com.evil.example) is not a known push service.",
      ],
      [
        'a look-alike wildcard',
        'https://evilnotify.windows.com/w/abc',
        "The push endpoint's host (evilnotify.windows.com) is not a known push service.",
      ],
      [
        'another port',
        'https://fcm.googleapis.com:8443/fcm/send/abc',
        'The push endpoint must use port 443.',
      ],
      [
        'credentials',
        'https://user:pw@fcm.googleapis.com/fcm/send/abc',
        'The push endpoint must not carry a user name or password.',
      ],
      ['a file URL', 'file:///etc/passwd', 'The push endpoint must be an https:// URL.'],
      ['not a URL', 'fcm.googleapis.com/fcm/send/abc', 'The push endpoint is not a valid URL.'],
      [
        'a 10 KB endpoint',
        `https://fcm.googleapis.com/fcm/send/${'a'.repeat(10_240)}`,
        'Invalid push subscription: endpoint, keys.p256dh and keys.auth must all be present and non-empty.',
      ],
    ])('refuses %s with 400 and stores nothing', async (_name, endpoint, error) => {
      const before = await stored();
      const response = await put(endpoint);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error,
        code: error.startsWith('Invalid push subscription')
          ? 'push_subscription_invalid'
          : 'push_endpoint_refused',
      });
      expect(await stored()).toEqual(before);
    });

    it.each([
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx2',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://FCM.googleapis.com:443/fcm/send/upper',
    ])('accepts the push service endpoint %s', async (endpoint) => {
      expect((await put(endpoint)).statusCode).toBe(200);
      expect((await stored()).map((row) => row.endpoint)).toContain(endpoint);
    });
  },
);

describe('the production transport refuses non-public addresses (DNS answers an attacker controls)', () => {
  const push = (href: string) => ({ url: new URL(href), headers: {}, body: Buffer.from('x') });

  it.each([
    '127.0.0.1',
    '::1',
    '169.254.169.254',
    '10.1.2.3',
    '192.168.1.1',
    '172.16.0.9',
    '100.64.0.1',
    '::ffff:127.0.0.1',
    'fd00::1',
    'fe80::1',
    '0.0.0.0',
  ])('refuses fcm.googleapis.com resolving to %s, before connecting', async (address) => {
    const transport = httpsPushTransport(async () => [{ address, family: address.includes(':') ? 6 : 4 }]);
    await expect(transport(push('https://fcm.googleapis.com/fcm/send/abc'))).rejects.toThrow(
      new PushAddressError(
        `Refusing to send a push to fcm.googleapis.com: it resolves to the non-public address ${address}.`,
      ),
    );
  });

  it('refuses when any one of the addresses is not public, or there is none', async () => {
    const mixed = httpsPushTransport(async () => [
      { address: '142.250.180.10', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]);
    await expect(mixed(push('https://fcm.googleapis.com/x'))).rejects.toBeInstanceOf(PushAddressError);
    const empty = httpsPushTransport(async () => []);
    await expect(empty(push('https://fcm.googleapis.com/x'))).rejects.toThrow('it resolves to no address');
  });

  it('refuses address literals, http and other ports without a lookup', async () => {
    const lookups: string[] = [];
    const transport = httpsPushTransport(async (host) => {
      lookups.push(host);
      return [];
    });
    for (const href of [
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/x',
      'http://fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
    ]) {
      await expect(transport(push(href))).rejects.toBeInstanceOf(PushAddressError);
    }
    expect(lookups).toEqual([]);
  });

  it('drops a connection whose peer turns out not to be public, whatever the lookup said', async () => {
    const receiver = await PushReceiver.start();
    const outgoing = request({
      host: '127.0.0.1',
      port: receiver.port,
      method: 'POST',
      path: '/fcm/send/rebound',
    });
    refuseNonPublicPeer(outgoing, 'a push');
    const failure = new Promise<Error>((resolve) => outgoing.on('error', resolve));
    outgoing.end('x');
    expect(await failure).toEqual(
      new PushAddressError('Refusing to send a push over a connection to 127.0.0.1.'),
    );
    await receiver.close();
  });

  it('tells public addresses from the rest', () => {
    for (const address of ['8.8.8.8', '142.250.180.10', '2a00:1450:4001:80b::200a', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.2',
      '169.254.169.254',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '64:ff9b::7f00:1',
      '2001:db8::1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address)).toBe(false);
    }
  });
});

describe('the sender', () => {
  let receiver: PushReceiver;
  beforeEach(async () => {
    receiver = await PushReceiver.start();
  });
  afterEach(async () => {
    await receiver.close();
  });

  const vapid = { subject: 'mailto:ops@radio.example', publicKey: '', privateKey: '' };
  const subscriber = (endpoint: string) => {
    const browser = new TestBrowser(endpoint);
    return {
      endpointHash: endpointHash(endpoint),
      endpoint,
      keys: browser.subscription.keys,
      preferences: DEFAULT_NOTIFICATION_SETTINGS,
    };
  };
  const sender = async () => {
    const webpush = await import('web-push');
    const keys = webpush.default.generateVAPIDKeys();
    return new PushSender({ ...vapid, ...keys }, receiver.transport, DEFAULT_PUSH_SERVICE_HOSTS);
  };

  it('does not follow a redirecting endpoint and does not retry it', async () => {
    const elsewhere: string[] = [];
    const target = createServer((req, res) => {
      elsewhere.push(req.url ?? '');
      res.end();
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    receiver.answer = () => ({
      status: 307,
      headers: { location: `http://127.0.0.1:${(target.address() as AddressInfo).port}/steal` },
    });
    const outcome = await (
      await sender()
    ).send(subscriber('https://fcm.googleapis.com/fcm/send/redirect'), message, {
      ttlSeconds: 60,
      topic: 'redirect',
    });
    expect(outcome).toEqual({
      result: 'refused',
      reason: 'The push service answered 307 (a redirect, which is not followed).',
    });
    expect(elsewhere).toEqual([]);
    await new Promise<void>((resolve) => target.close(() => resolve()));
  });

  it('refuses a message over 3 KB before anything is sent', async () => {
    const big: PushMessage = {
      ...message,
      notification: { title: '🎶'.repeat(500), body: '🎶'.repeat(500) },
    };
    const outcome = await (
      await sender()
    ).send(subscriber('https://fcm.googleapis.com/fcm/send/big'), big, { ttlSeconds: 60, topic: 'big' });
    expect(outcome.result).toBe('refused');
    expect(receiver.received).toEqual([]);
  });

  it('re-checks the host list when sending (it may have shrunk since the subscription was stored)', async () => {
    const outcome = await (
      await sender()
    ).send(subscriber('https://push.old-service.example/abc'), message, { ttlSeconds: 60, topic: 'old' });
    expect(outcome).toEqual({
      result: 'refused',
      reason: "The push endpoint's host (push.old-service.example) is not a known push service.",
    });
    expect(receiver.received).toEqual([]);
  });
});
