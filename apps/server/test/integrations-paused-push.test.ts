import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushMessageSchema, type IntegrationView } from '@onair/core';
import { ADMIN_ENV, buildTestApp, loginAsAdmin } from './auth-helpers.ts';
import { IntegrationReceiver } from './integration-receiver.ts';
import { PushReceiver, TestBrowser } from './push-receiver.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

describe.each(STORE_KINDS)('the admin hears when an integration pauses itself, on $kind', ({ open }) => {
  let receiver: IntegrationReceiver;
  let pushService: PushReceiver;
  let store: TestStore;
  let app: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    receiver = await IntegrationReceiver.start();
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(async () => {
    receiver.received.length = 0;
    pushService = await PushReceiver.start();
    store = await open();
    app = await buildTestApp(
      store,
      { ...ADMIN_ENV, WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1' },
      { integrationsCa: receiver.ca, pushTransport: pushService.transport, pushTimer: false },
    );
    cookie = await loginAsAdmin(app);
  });
  afterEach(async () => {
    await app.close();
    await pushService.close();
    await store.dispose();
  });

  const subscribe = async (browser: TestBrowser, headers: Record<string, string> = {}, locale?: string) => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/push/subscription',
      headers,
      payload: {
        subscription: browser.subscription,
        preferences: { enabled: true },
        ...(locale ? { locale } : {}),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const webhookTo = async (path: string): Promise<IntegrationView> => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: { cookie },
      payload: {
        name: 'Station site',
        kind: 'webhook',
        events: ['track.changed'],
        settings: { url: receiver.url(path) },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const sendTest = async (id: string) =>
    expect(
      (await app.inject({ method: 'POST', url: `/api/integrations/${id}/test`, headers: { cookie } }))
        .statusCode,
    ).toBe(202);

  it("pushes why to the admin's browsers, once, and to no listener's", async () => {
    const adminBrowser = new TestBrowser('https://fcm.googleapis.com/fcm/send/admin-phone');
    const listener = new TestBrowser('https://fcm.googleapis.com/fcm/send/listener');
    await subscribe(adminBrowser, { cookie });
    await subscribe(listener);
    receiver.answer = () => ({ status: 410 });
    const { id } = await webhookTo('/hooks/gone');

    await sendTest(id);
    await vi.waitFor(() => expect(pushService.received).toHaveLength(1), { timeout: 8_000, interval: 50 });
    const [push] = pushService.received;
    expect(push?.endpoint).toBe(adminBrowser.subscription.endpoint);
    expect(pushMessageSchema.parse(JSON.parse(adminBrowser.decrypt(push?.body ?? Buffer.alloc(0))))).toEqual({
      notification: {
        title: 'Integration paused: Station site',
        body: 'The receiver answered 410: it asked for no more deliveries.',
        icon: '/images/icon-192.png',
      },
      data: { link: '/integrations' },
    });

    // Already paused: a second test delivery is dropped unsent, and nobody is told again.
    await sendTest(id);
    await app.close();
    expect(receiver.receivedAt('/hooks/gone')).toHaveLength(1);
    expect(pushService.received).toHaveLength(1);
  });

  it("writes it in the language each of the admin's browsers was saved in", async () => {
    const irish = new TestBrowser('https://fcm.googleapis.com/fcm/send/admin-gaeilge');
    const unsaid = new TestBrowser('https://fcm.googleapis.com/fcm/send/admin-unsaid');
    await subscribe(irish, { cookie }, 'ga');
    await subscribe(unsaid, { cookie });
    receiver.answer = () => ({ status: 410 });
    const { id } = await webhookTo('/hooks/gone-ga');
    await sendTest(id);
    await vi.waitFor(() => expect(pushService.received).toHaveLength(2), { timeout: 8_000, interval: 50 });
    const title = (browser: TestBrowser) => {
      const push = pushService.received.find(({ endpoint }) => endpoint === browser.subscription.endpoint);
      return pushMessageSchema.parse(JSON.parse(browser.decrypt(push?.body ?? Buffer.alloc(0)))).notification
        .title;
    };
    expect(title(irish)).toBe('Comhtháthú ar sos: Station site');
    // Never said: the station's language (this station's is English).
    expect(title(unsaid)).toBe('Integration paused: Station site');
  });

  it('tells no browser the admin signed out of before saving it again', async () => {
    const browser = new TestBrowser('https://fcm.googleapis.com/fcm/send/shared-laptop');
    await subscribe(browser, { cookie });
    // The same browser saves its settings again, signed out: it is a listener's now.
    await subscribe(browser);
    receiver.answer = () => ({ status: 410 });
    const { id } = await webhookTo('/hooks/gone-too');
    await sendTest(id);
    await vi.waitFor(
      async () => {
        const listed = (
          await app.inject({ method: 'GET', url: '/api/integrations', headers: { cookie } })
        ).json<{ integrations: IntegrationView[] }>().integrations;
        expect(listed[0]?.pausedReason).not.toBeNull();
      },
      { timeout: 8_000, interval: 50 },
    );
    await app.close();
    expect(pushService.received).toHaveLength(0);
  });
});
