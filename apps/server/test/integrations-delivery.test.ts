import { Agent as HttpsAgent } from 'node:https';
import { createSecureContext } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryAttemptView, IntegrationView } from '@onair/core';
import { guardedRequest, OutboundAddressError } from '../src/outbound/guarded-request.ts';
import { ADMIN_ENV, buildTestApp, loginAsAdmin } from './auth-helpers.ts';
import { IntegrationReceiver } from './integration-receiver.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

// Real time: receivers refuse a webhook-timestamp more than 5 minutes from their own clock.
const START = new Date(Math.floor(Date.now() / 1_000) * 1_000);

describe.each(STORE_KINDS)('integration deliveries through the outbox, on $kind', ({ open }) => {
  let receiver: IntegrationReceiver;
  let store: TestStore;
  let app: FastifyInstance;
  let cookie: string;
  let clock: Date;
  beforeAll(async () => {
    receiver = await IntegrationReceiver.start();
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(async () => {
    clock = START;
    receiver.received.length = 0;
    receiver.answer = () => ({ status: 200, body: '{"ok":true}' });
    store = await open();
    app = await buildTestApp(
      store,
      { ...ADMIN_ENV, WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1', PUBLIC_URL: 'https://radio.example' },
      { now: () => clock, integrationsCa: receiver.ca },
    );
    cookie = await loginAsAdmin(app);
  });
  afterEach(async () => {
    await app.close();
    await store.dispose();
  });

  async function create(payload: object): Promise<IntegrationView & { secret?: string }> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: { cookie },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const webhook = (path: string) =>
    create({ name: path, kind: 'webhook', events: ['track.changed'], settings: { url: receiver.url(path) } });
  const test = async (id: string) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/integrations/${id}/test`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(202);
    return response.json<{ deliveryId: string }>().deliveryId;
  };
  const log = async (id: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/integrations/${id}/deliveries`, headers: { cookie } })
    ).json<{ deliveries: DeliveryAttemptView[] }>().deliveries;
  const integration = async (id: string) =>
    (await app.inject({ method: 'GET', url: '/api/integrations', headers: { cookie } }))
      .json<{ integrations: IntegrationView[] }>()
      .integrations.find((entry) => entry.id === id);
  // Generous: on a loaded machine (CI with e2e beside it) an attempt over TLS has taken over 8 s.
  const waitFor = (check: () => Promise<void> | void, timeout = 20_000) =>
    vi.waitFor(check, { timeout, interval: 50 });

  it('signs a webhook per Standard Webhooks: the standardwebhooks library verifies it, and the attempt is logged', async () => {
    const { id, secret } = await webhook('/hooks/signed');
    const deliveryId = await test(id);
    await waitFor(() => expect(receiver.receivedAt('/hooks/signed')).toHaveLength(1));
    const [request] = receiver.receivedAt('/hooks/signed');
    const headers = request?.headers as Record<string, string>;
    expect(headers['webhook-id']).toBe(deliveryId);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(secret ?? '').verify(request?.body ?? '', headers) as {
      type: string;
      timestamp: string;
      data: { title: string };
    };
    expect(verified).toMatchObject({
      type: 'track.changed',
      timestamp: START.toISOString(),
      data: { title: 'Test track', artist: 'From Ireland With Love' },
    });
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret, 24 bytes').toString('base64')}`).verify(
        request?.body ?? '',
        headers,
      ),
    ).toThrow();
    await waitFor(async () =>
      expect(await log(id)).toEqual([
        {
          deliveryId,
          event: 'track.changed',
          at: START.toISOString(),
          status: 200,
          durationMs: expect.any(Number),
          answer: '{"ok":true}',
        },
      ]),
    );
  });

  it('retries after 500 one minute later with the same webhook-id, logging both attempts', async () => {
    let calls = 0;
    receiver.answer = () =>
      ++calls === 1 ? { status: 500, body: 'down for maintenance' } : { status: 200, body: 'fine' };
    const { id } = await webhook('/hooks/flaky');
    const deliveryId = await test(id);
    await waitFor(async () => expect(await log(id)).toHaveLength(1));
    expect((await log(id))[0]).toMatchObject({ status: 500, answer: 'down for maintenance' });
    await waitFor(async () =>
      expect(await store.db.selectFrom('integration_delivery').select('status').executeTakeFirst()).toEqual({
        status: 'pending',
      }),
    );
    // Not before the minute is up.
    clock = new Date(START.getTime() + 59_000);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(receiver.receivedAt('/hooks/flaky')).toHaveLength(1);
    clock = new Date(START.getTime() + 61_000);
    await waitFor(() => expect(receiver.receivedAt('/hooks/flaky')).toHaveLength(2));
    expect(receiver.receivedAt('/hooks/flaky').map((request) => request.headers['webhook-id'])).toEqual([
      deliveryId,
      deliveryId,
    ]);
    await waitFor(async () => expect((await log(id)).map((attempt) => attempt.status)).toEqual([200, 500]));
    expect((await integration(id))?.pausedReason).toBeNull();
  });

  it('gives a delivery up after the retries at 1 min, 5 min, 30 min, 2 h and 6 h, and pauses, saying why', async () => {
    receiver.answer = () => ({ status: 503, body: 'busy' });
    const { id } = await webhook('/hooks/down');
    await test(id);
    let elapsedMinutes = 0;
    for (const [attempt, minutes] of [1, 5, 30, 120, 360].entries()) {
      // Put back in the queue (its next time counted from this clock) before the clock moves on.
      await waitFor(async () =>
        expect(
          await store.db.selectFrom('integration_delivery').select(['status', 'attempts']).executeTakeFirst(),
        ).toEqual({ status: 'pending', attempts: attempt + 1 }),
      );
      elapsedMinutes += minutes;
      clock = new Date(START.getTime() + elapsedMinutes * 60_000 + 1_000);
    }
    await waitFor(() => expect(receiver.receivedAt('/hooks/down')).toHaveLength(6));
    await waitFor(async () =>
      expect((await integration(id))?.pausedReason).toBe(
        'A delivery failed 6 times; the last: The receiver answered 503.',
      ),
    );
    expect(
      new Set(receiver.receivedAt('/hooks/down').map((request) => request.headers['webhook-id'])).size,
    ).toBe(1);
  }, 120_000);

  it('pauses after 10 deliveries fail in a row', async () => {
    receiver.answer = () => ({ status: 500 });
    const { id } = await webhook('/hooks/broken');
    for (let sent = 0; sent < 10; sent += 1) await test(id);
    await waitFor(async () =>
      expect((await integration(id))?.pausedReason).toBe(
        '10 deliveries failed in a row; the last: The receiver answered 500.',
      ),
    );
    expect(receiver.receivedAt('/hooks/broken')).toHaveLength(10);
  });

  it('pauses at once when the receiver answers 410, and says why', async () => {
    receiver.answer = () => ({ status: 410 });
    const { id } = await webhook('/hooks/gone');
    await test(id);
    await waitFor(async () =>
      expect((await integration(id))?.pausedReason).toBe(
        'The receiver answered 410: it asked for no more deliveries.',
      ),
    );
    expect(await integration(id)).toMatchObject({ enabled: false });
  });

  it('does not follow a redirect, nor retry it', async () => {
    receiver.answer = (request) =>
      request.url === '/hooks/moved'
        ? { status: 302, headers: { location: receiver.url('/hooks/elsewhere') } }
        : { status: 200 };
    const { id } = await webhook('/hooks/moved');
    await test(id);
    await waitFor(async () => expect(await log(id)).toHaveLength(1));
    clock = new Date(START.getTime() + 10 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(receiver.receivedAt('/hooks/elsewhere')).toEqual([]);
    expect(receiver.receivedAt('/hooks/moved')).toHaveLength(1);
  });

  it('a hanging receiver times out after 10 s and never holds another integration back', async () => {
    receiver.answer = (request) =>
      request.url === '/hooks/hang' ? { status: 200, hang: true } : { status: 200, body: 'quick' };
    const hanging = await webhook('/hooks/hang');
    const quick = await webhook('/hooks/quick');
    await test(hanging.id);
    await waitFor(() => expect(receiver.receivedAt('/hooks/hang')).toHaveLength(1));
    const sentAt = Date.now();
    await test(quick.id);
    await waitFor(async () => expect((await log(quick.id))[0]?.status).toBe(200), 3_000);
    expect(Date.now() - sentAt).toBeLessThan(3_000);
    expect(await log(hanging.id)).toEqual([]);
    await waitFor(
      async () =>
        expect((await log(hanging.id))[0]).toMatchObject({ status: null, answer: 'No answer within 10 s.' }),
      15_000,
    );
  }, 25_000);

  it('sends one delivery after another over one kept-alive connection to the receiver', async () => {
    const { id } = await webhook('/hooks/again');
    await test(id);
    await waitFor(() => expect(receiver.receivedAt('/hooks/again')).toHaveLength(1));
    await test(id);
    await waitFor(() => expect(receiver.receivedAt('/hooks/again')).toHaveLength(2));
    const [first, second] = receiver.receivedAt('/hooks/again');
    // The same client port: the second came over the first's connection, with no new TLS handshake.
    expect(second?.remotePort).toBe(first?.remotePort);
  });

  it('refuses a host resolving to 127.0.0.1 unless the operator listed it', async () => {
    const { id } = await create({
      name: 'local',
      kind: 'webhook',
      events: ['track.changed'],
      settings: { url: receiver.url('/hooks/local', 'localhost') },
    });
    await test(id);
    await waitFor(async () =>
      expect((await log(id))[0]).toMatchObject({
        status: null,
        answer: expect.stringMatching(
          /^Refusing to send a delivery to localhost: it resolves to the non-public address (127\.0\.0\.1|::1)\.$/,
        ),
      }),
    );
    expect(receiver.receivedAt('/hooks/local')).toEqual([]);
  });
});

describe('the outbound gate for integrations', () => {
  const policy = {
    what: 'a delivery',
    defaultPortOnly: false,
    connectTimeoutMs: 5_000,
    totalTimeoutMs: 10_000,
    maxAnswerBytes: 65_536,
  };
  const post = (href: string) => ({
    url: new URL(href),
    method: 'POST' as const,
    headers: {},
    body: Buffer.from('{}'),
  });

  it.each(['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254'])(
    'never reaches the metadata address %s, even for a listed host',
    async (address) => {
      const resolve = async () => [{ address, family: address.includes(':') ? 6 : 4 }];
      await expect(
        guardedRequest(post('https://metadata.internal/latest'), {
          ...policy,
          privateHosts: ['metadata.internal'],
          resolve,
        }),
      ).rejects.toEqual(
        new OutboundAddressError(
          `Refusing to send a delivery to metadata.internal: it resolves to the non-public address ${address}.`,
        ),
      );
    },
  );

  it('refuses plain http to a host not listed, and a private literal', async () => {
    await expect(
      guardedRequest(post('http://hooks.example.com/x'), { ...policy, privateHosts: [] }),
    ).rejects.toBeInstanceOf(OutboundAddressError);
    await expect(
      guardedRequest(post('https://10.0.0.5/x'), { ...policy, privateHosts: [] }),
    ).rejects.toBeInstanceOf(OutboundAddressError);
  });

  it('checks a kept-alive connection again before reusing it under a policy that refuses its address', async () => {
    const receiver = await IntegrationReceiver.start();
    const agent = new HttpsAgent({ keepAlive: true });
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const href = receiver.url('/pooled', 'localhost');
    try {
      const listed = {
        ...policy,
        privateHosts: ['localhost'],
        secureContext: createSecureContext({ ca: receiver.ca }),
        agent,
        resolve,
      };
      expect((await guardedRequest(post(href), listed)).status).toBe(200);
      // The pooled socket skips the lookup; the address it is connected to is checked all the same.
      await expect(guardedRequest(post(href), { ...listed, privateHosts: [] })).rejects.toEqual(
        new OutboundAddressError('Refusing to send a delivery over a connection to 127.0.0.1.'),
      );
      expect(receiver.receivedAt('/pooled')).toHaveLength(1);
    } finally {
      agent.destroy();
      await receiver.close();
    }
  });

  it('reads at most maxAnswerBytes of an answer', async () => {
    const receiver = await IntegrationReceiver.start();
    receiver.answer = () => ({ status: 200, body: 'x'.repeat(200_000) });
    try {
      const response = await guardedRequest(post(receiver.url('/big')), {
        ...policy,
        maxAnswerBytes: 65_536,
        privateHosts: ['127.0.0.1'],
        secureContext: createSecureContext({ ca: receiver.ca }),
      });
      expect(response.status).toBe(200);
      expect(response.body.length).toBe(65_536);
    } finally {
      await receiver.close();
    }
  });
});
