import { execFileSync } from 'node:child_process';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowPlayingSchema, type IntegrationEvent } from '@onair/core';
import type { ReceivedRequest } from '../../apps/server/test/integration-receiver.ts';
import { freshPostgresDatabase } from '../fixtures/chat-history.ts';
import { IcecastFixture } from '../fixtures/icecast.ts';
import { IntegrationReceiversFixture } from '../fixtures/integration-receivers.ts';
import { NginxFixture } from '../fixtures/nginx.ts';
import { waitFor } from '../fixtures/ports.ts';
import { requireCommand } from '../fixtures/processes.ts';
import { RedisFixture } from '../fixtures/redis.ts';
import { ServerFixture } from '../fixtures/server.ts';
import { ADMIN, ADMIN_ENV } from '../schedule/schedule-helpers.ts';

const PATH = '/hooks/onair';
/** A claimed delivery whose instance died is sent again once its claim lapses (DELIVERY_LEASE_MS, 60 s). */
const RETRY_WAIT_MS = 120_000;

/** The pid of the process with a TCP socket on local `port` (listening or connected), from `ss`. */
function pidOnPort(port: number, state: 'listening' | 'established'): number {
  const out = execFileSync(requireCommand('ss'), ['-Htnp', 'state', state, `( sport = :${port} )`], {
    encoding: 'utf8',
  });
  const pid = Number(/pid=(\d+)/.exec(out)?.[1]);
  if (!Number.isInteger(pid)) throw new Error(`no process on port ${port} (${state}): ${out}`);
  return pid;
}

/**
 * Two real server instances on one PostgreSQL and one Redis behind nginx, both reading one real
 * Icecast: each title change is delivered once, and a delivery whose instance is killed while the
 * receiver holds it is sent again by the other instance, with the same webhook-id.
 */
describe('integrations across two instances', () => {
  let receivers: IntegrationReceiversFixture;
  let icecast: IcecastFixture;
  let redis: RedisFixture;
  let servers: ServerFixture[] = [];
  let nginx: NginxFixture;
  let dropDatabase: () => Promise<void>;
  let secret = '';

  beforeAll(async () => {
    receivers = await IntegrationReceiversFixture.start();
    icecast = await IcecastFixture.start();
    await icecast.startSource('/live');
    const database = await freshPostgresDatabase('integrations');
    dropDatabase = database.drop;
    redis = await RedisFixture.start();
    const env = {
      ...ADMIN_ENV,
      ...receivers.serverEnv,
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      TRUST_PROXY: 'loopback',
      STREAM_STANDARD_URL: icecast.mountUrl('/live'),
      STATUS_URL: icecast.statusUrl,
      ARCHIVE_RECORDING: 'off',
    };
    // One after the other: the first migrates the empty database.
    servers = [await ServerFixture.start(env), await ServerFixture.start(env)];
    nginx = await NginxFixture.start(servers.map((server) => server.port));

    const login = await fetch(`${nginx.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const created = await fetch(`${nginx.url}/api/integrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        name: 'Studio webhook',
        kind: 'webhook',
        events: ['track.changed'],
        settings: { url: receivers.receiver.url(PATH) },
      }),
    });
    expect(created.status).toBe(201);
    secret = ((await created.json()) as { secret: string }).secret;
  }, 180_000);
  afterAll(async () => {
    await nginx?.stop();
    for (const server of servers) await server.stop();
    await redis?.stop();
    await icecast?.stop();
    await receivers?.stop();
    await dropDatabase?.();
  });

  /** Sets the title on Icecast and waits until both instances report it. */
  async function setTrack(artist: string, title: string): Promise<void> {
    await icecast.setTitle('/live', `${artist} - ${title}`);
    await waitFor(`both instances to pick up "${title}"`, async () => {
      for (const server of servers) {
        const body = nowPlayingSchema.parse(await (await fetch(`${server.url}/api/now-playing`)).json());
        if (body.title !== title) return false;
      }
      return true;
    });
  }

  const verified = (request: ReceivedRequest) => {
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
        name,
        String(request.headers[name]),
      ]),
    );
    return new Webhook(secret).verify(request.body, headers) as IntegrationEvent<'track.changed'>;
  };

  it('delivers each title change once, though both instances see it', async () => {
    const { receiver } = receivers;
    const titles = ['First Light', 'Second Wind', 'Third Rail'];
    for (const title of titles) await setTrack('Both Instances', title);
    await waitFor('the three titles at the receiver', async () => receiver.receivedAt(PATH).length >= 3);
    // One more change, delivered after the three: a second delivery of any of them would be in by then.
    await setTrack('Both Instances', 'Fourth Wall');
    await waitFor('the fourth title', async () => receiver.receivedAt(PATH).length >= 4);
    const events = receiver.receivedAt(PATH).map(verified);
    expect(events.map((event) => event.data.title)).toEqual([...titles, 'Fourth Wall']);
    expect(new Set(receiver.receivedAt(PATH).map((request) => request.headers['webhook-id'])).size).toBe(4);
  });

  it(
    'sends a delivery again from the other instance, with the same webhook-id, when its instance dies mid-send',
    async () => {
      const { receiver } = receivers;
      const before = receiver.receivedAt(PATH).length;
      // The next request is held, as a slow receiver would; any later one is answered.
      let held = false;
      receiver.answer = () => {
        if (held) return { status: 200, body: '{}' };
        held = true;
        return { status: 200, hang: true };
      };
      await setTrack('Both Instances', 'Held Note');
      const first = await waitFor('the held delivery', async () => receiver.receivedAt(PATH)[before]);
      // Whichever instance sent it is killed, as a crash would.
      const senderPid = pidOnPort(first.remotePort, 'established');
      const sender = servers.find((server) => pidOnPort(server.port, 'listening') === senderPid);
      if (!sender) throw new Error(`the held request came from no server instance (pid ${senderPid})`);
      await sender.kill();

      const retry = await waitFor(
        'the delivery sent again by the other instance',
        async () => receiver.receivedAt(PATH)[before + 1],
        RETRY_WAIT_MS,
      );
      expect(retry.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(verified(retry).data.title).toBe('Held Note');
    },
    RETRY_WAIT_MS + 60_000,
  );
});
