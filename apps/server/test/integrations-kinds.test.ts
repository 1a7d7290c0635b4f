import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IntegrationView } from '@onair/core';
import { ADMIN_ENV, buildTestApp, loginAsAdmin } from './auth-helpers.ts';
import { IntegrationReceiver, type ReceivedRequest } from './integration-receiver.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

/**
 * Each kind's request, as its service documents it, received by a loopback HTTPS stand-in. The
 * sample event of `POST /api/integrations/:id/test` is a track change: "Test track" by the station.
 */
describe('each kind sends what its service documents', () => {
  let receiver: IntegrationReceiver;
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
    receiver.answer = () => ({ status: 200, body: '{}' });
    store = await STORE_KINDS[0].open();
    app = await buildTestApp(
      store,
      { ...ADMIN_ENV, WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1', PUBLIC_URL: 'https://radio.example' },
      { integrationsCa: receiver.ca },
    );
    cookie = await loginAsAdmin(app);
  });
  afterEach(async () => {
    await app.close();
    await store.dispose();
  });

  async function sendTest(payload: object): Promise<IntegrationView> {
    const created = await app.inject({
      method: 'POST',
      url: '/api/integrations',
      headers: { cookie },
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const integration = created.json<IntegrationView>();
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/integrations/${integration.id}/test`,
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(202);
    return integration;
  }
  const arrived = (path: string, count = 1) =>
    vi.waitFor(
      () => {
        expect(receiver.receivedAt(path)).toHaveLength(count);
        return receiver.receivedAt(path) as [ReceivedRequest, ...ReceivedRequest[]];
      },
      { timeout: 8_000, interval: 50 },
    );
  const json = (request: ReceivedRequest) => JSON.parse(request.body) as Record<string, unknown>;

  it('discord: an embed with title, artist, show, the accent colour and the app link; mentions off; 404 pauses', async () => {
    const { id } = await sendTest({
      name: 'Discord',
      kind: 'discord',
      events: ['track.changed'],
      settings: { webhookUrl: receiver.url('/api/webhooks/1/token') },
    });
    const [request] = await arrived('/api/webhooks/1/token');
    expect(request.headers['content-type']).toBe('application/json');
    expect(json(request)).toEqual({
      embeds: [
        {
          title: 'Test track',
          description: 'Now playing: Test track by From Ireland With Love https://radio.example',
          color: 0xc026d3,
          url: 'https://radio.example',
          fields: [
            { name: 'Artist', value: 'From Ireland With Love', inline: true },
            { name: 'Show', value: 'Test show', inline: true },
          ],
          footer: { text: 'From Ireland With Love' },
          timestamp: expect.any(String),
        },
      ],
      allowed_mentions: { parse: [] },
    });
    receiver.answer = () => ({ status: 404, body: '{"message": "Unknown Webhook", "code": 10015}' });
    await app.inject({ method: 'POST', url: `/api/integrations/${id}/test`, headers: { cookie } });
    await vi.waitFor(
      async () => {
        const listed = (
          await app.inject({ method: 'GET', url: '/api/integrations', headers: { cookie } })
        ).json<{ integrations: IntegrationView[] }>();
        expect(listed.integrations[0]?.pausedReason).toBe('Discord answered 404: the webhook was deleted.');
      },
      { timeout: 8_000, interval: 50 },
    );
  });

  it('mastodon: POST /api/v1/statuses with the Bearer token, the visibility, the template as plain text', async () => {
    await sendTest({
      name: 'Mastodon',
      kind: 'mastodon',
      events: ['track.changed'],
      settings: {
        instanceUrl: receiver.url(''),
        accessToken: 'token-abc',
        visibility: 'unlisted',
        templates: { 'track.changed': '♪ {title} — {artist} ${constructor} {{link}}' },
      },
    });
    const [request] = await arrived('/api/v1/statuses');
    expect(request.method).toBe('POST');
    expect(request.headers.authorization).toBe('Bearer token-abc');
    expect(request.headers['idempotency-key']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(json(request)).toEqual({
      status: '♪ Test track — From Ireland With Love ${constructor} {https://radio.example}',
      visibility: 'unlisted',
    });
  });

  it('telegram: sendMessage to the chat, as plain text', async () => {
    await sendTest({
      name: 'Telegram',
      kind: 'telegram',
      events: ['track.changed'],
      settings: { botToken: '123:ABC', chatId: '-1001', apiUrl: receiver.url('') },
    });
    const [request] = await arrived('/bot123:ABC/sendMessage');
    expect(json(request)).toEqual({
      chat_id: '-1001',
      text: 'Now playing: Test track by From Ireland With Love https://radio.example',
    });
  });

  it('tunein: Playing.ashx with partner id and key, station id, title and artist, commercial off', async () => {
    await sendTest({
      name: 'TuneIn',
      kind: 'tunein',
      events: ['track.changed'],
      settings: { partnerId: 'P1', partnerKey: 'K1', stationId: 's123', apiUrl: receiver.url('') },
    });
    const [request] = await arrived('/Playing.ashx');
    expect(request.method).toBe('GET');
    expect(Object.fromEntries(new URL(request.url, 'https://x').searchParams)).toEqual({
      partnerId: 'P1',
      partnerKey: 'K1',
      id: 's123',
      title: 'Test track',
      artist: 'From Ireland With Love',
      commercial: 'false',
    });
  });

  it('bluesky: createSession, then createRecord of a post with a link facet; an expired session is refreshed', async () => {
    let sessions = 0;
    receiver.answer = (request) => {
      if (request.url === '/xrpc/com.atproto.server.createSession') {
        sessions += 1;
        return {
          status: 200,
          body: JSON.stringify({
            accessJwt: `access-${sessions}`,
            refreshJwt: 'refresh-1',
            did: 'did:plc:station',
            handle: 'station.bsky.social',
          }),
        };
      }
      if (request.url === '/xrpc/com.atproto.server.refreshSession') {
        return {
          status: 200,
          body: JSON.stringify({
            accessJwt: 'access-refreshed',
            refreshJwt: 'refresh-2',
            did: 'did:plc:station',
            handle: 'station.bsky.social',
          }),
        };
      }
      if (
        request.headers.authorization === 'Bearer access-1' &&
        receiver.receivedAt('/xrpc/com.atproto.repo.createRecord').length > 1
      ) {
        return { status: 400, body: '{"error":"ExpiredToken","message":"Token has expired"}' };
      }
      return { status: 200, body: '{"uri":"at://did:plc:station/app.bsky.feed.post/1","cid":"x"}' };
    };
    const { id } = await sendTest({
      name: 'Bluesky',
      kind: 'bluesky',
      events: ['track.changed'],
      settings: { handle: 'station.bsky.social', appPassword: 'app-pass-1234', service: receiver.url('') },
    });
    const [session] = await arrived('/xrpc/com.atproto.server.createSession');
    expect(json(session)).toEqual({ identifier: 'station.bsky.social', password: 'app-pass-1234' });
    const [record] = await arrived('/xrpc/com.atproto.repo.createRecord');
    expect(record.headers.authorization).toBe('Bearer access-1');
    const text = 'Now playing: Test track by From Ireland With Love https://radio.example';
    const byteStart = Buffer.byteLength(text.slice(0, text.indexOf('https://')));
    expect(json(record)).toEqual({
      repo: 'did:plc:station',
      collection: 'app.bsky.feed.post',
      record: {
        $type: 'app.bsky.feed.post',
        text,
        createdAt: expect.any(String),
        facets: [
          {
            index: { byteStart, byteEnd: byteStart + 'https://radio.example'.length },
            features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://radio.example' }],
          },
        ],
      },
    });
    // The next post finds the access token expired: refreshed, then posted, without a new session.
    await app.inject({ method: 'POST', url: `/api/integrations/${id}/test`, headers: { cookie } });
    const records = await arrived('/xrpc/com.atproto.repo.createRecord', 3);
    expect(records.map((request) => request.headers.authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-1',
      'Bearer access-refreshed',
    ]);
    expect(receiver.receivedAt('/xrpc/com.atproto.server.refreshSession')[0]?.headers.authorization).toBe(
      'Bearer refresh-1',
    );
    expect(sessions).toBe(1);
  });
});
