import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationEvent } from '@onair/core';
import { IntegrationReceiversFixture } from '../fixtures/integration-receivers.ts';
import { waitFor } from '../fixtures/ports.ts';
import { useIcecastStation } from '../fixtures/suite.ts';
import { ADMIN, ADMIN_ENV } from '../schedule/schedule-helpers.ts';

const WEBHOOK_PATH = '/hooks/onair';
const DISCORD_PATH = '/api/webhooks/1234567890/discord-token';

/**
 * A title change on a real Icecast (ffmpeg the source, the title set as DJ software sets it)
 * reaches a signed webhook and a Discord webhook, once each, through the built server's poller,
 * station events, outbox and outbound gate.
 */
describe('integrations on a real Icecast', () => {
  let receivers: IntegrationReceiversFixture | undefined;
  beforeAll(async () => {
    receivers = await IntegrationReceiversFixture.start();
  });
  const station = useIcecastStation({
    high: false,
    env: () => ({ ...ADMIN_ENV, ...(receivers?.serverEnv ?? {}) }),
  });
  afterAll(async () => receivers?.stop());

  it('posts a title change to the webhook and to Discord, once each', async () => {
    const fixture = receivers ?? raise('the receivers have not started');
    const { receiver } = fixture;
    const base = station.server().url;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const create = async (body: unknown) => {
      const response = await fetch(`${base}/api/integrations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { secret?: string };
    };
    const { secret } = await create({
      name: 'Studio webhook',
      kind: 'webhook',
      events: ['track.changed'],
      settings: { url: receiver.url(WEBHOOK_PATH) },
    });
    await create({
      name: 'Discord',
      kind: 'discord',
      events: ['track.changed'],
      settings: { webhookUrl: receiver.url(DISCORD_PATH) },
    });

    await station.setTrack('Aoife Ní Mhurchú - Éire Abú');
    await waitFor(
      'the title at both receivers',
      async () =>
        receiver.receivedAt(WEBHOOK_PATH).length > 0 && receiver.receivedAt(DISCORD_PATH).length > 0,
    );
    // A second title, delivered after the first: by then a duplicate of the first would have come too.
    await station.setTrack('Seán Ó Briain - Atlantic Drift');
    await waitFor(
      'the second title at both receivers',
      async () =>
        receiver.receivedAt(WEBHOOK_PATH).length > 1 && receiver.receivedAt(DISCORD_PATH).length > 1,
    );

    const hooks = receiver.receivedAt(WEBHOOK_PATH).map((request) => {
      const headers = Object.fromEntries(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
          name,
          String(request.headers[name]),
        ]),
      );
      return new Webhook(secret ?? raise('no secret in the answer')).verify(
        request.body,
        headers,
      ) as IntegrationEvent<'track.changed'>;
    });
    expect(hooks.map((event) => [event.type, event.data.artist, event.data.title])).toEqual([
      ['track.changed', 'Aoife Ní Mhurchú', 'Éire Abú'],
      ['track.changed', 'Seán Ó Briain', 'Atlantic Drift'],
    ]);
    const embeds = receiver.receivedAt(DISCORD_PATH).map(
      (request) =>
        (
          JSON.parse(request.body) as {
            embeds: { title: string; fields: { name: string; value: string }[] }[];
          }
        ).embeds[0],
    );
    expect(
      embeds.map((embed) => [embed?.title, embed?.fields.find((field) => field.name === 'Artist')?.value]),
    ).toEqual([
      ['Éire Abú', 'Aoife Ní Mhurchú'],
      ['Atlantic Drift', 'Seán Ó Briain'],
    ]);
  });
});

function raise(message: string): never {
  throw new Error(message);
}
