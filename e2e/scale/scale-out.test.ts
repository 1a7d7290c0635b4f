import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import WebSocket from 'ws';
import {
  CHAT_REACTIONS,
  WEEKDAYS,
  displaySlotTime,
  favoriteId,
  nextReminderAt,
  pushMessageSchema,
  serverFrameSchema,
  stationWallClock,
  type PublicStation,
  type ServerFrame,
  type ShowSlot,
} from '@onair/core';
import { PUSH_TICK_MS } from '../../apps/server/src/push/push-scheduler.ts';
import { TestBrowser, verifyVapid } from '../../apps/server/test/push-receiver.ts';
import {
  chatCookies,
  expectCompleteHistory,
  freshPostgresDatabase,
  sendAll,
  startHistoryClients,
} from '../fixtures/chat-history.ts';
import { NginxFixture } from '../fixtures/nginx.ts';
import { waitFor } from '../fixtures/ports.ts';
import { PushServiceFixture } from '../fixtures/push-service.ts';
import { RedisFixture } from '../fixtures/redis.ts';
import { ServerFixture } from '../fixtures/server.ts';
import { ADMIN, ADMIN_ENV, storedSchedule } from '../schedule/schedule-helpers.ts';

/**
 * Two real server instances on one PostgreSQL and one Redis, behind a real nginx: what one
 * instance saves reaches the other's subscribers, a reminder both schedulers see come due is
 * pushed once, and chat history survives an instance killed mid-traffic and a Redis restarted
 * mid-traffic (the history check of e2e/chat/chat-history).
 */
const CLIENTS = 3;
const MESSAGES = 60;
const NAMES_PER_CLIENT = 4;
const MINUTE_MS = 60_000;
/** The shortest reminder a listener can pick (REMINDER_OPTIONS_MINUTES). */
const REMINDER_MINUTES = 5;

/** Minutes since midnight as slot text: 1110 → '6:30pm' (1440 and beyond wrap to the next day). */
function clockText(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, '0')}${hour < 12 ? 'am' : 'pm'}`;
}

/** An instance's count of pushes it delivered, from its /metrics (absent before the first). */
async function pushesSent(baseUrl: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  return Number(/^onair_push_total\{outcome="sent"\} (\d+)$/m.exec(text)?.[1] ?? 0);
}

/** Every frame one socket receives, subscribed to `topics` on the server at `baseUrl`. */
class Subscriber {
  readonly frames: ServerFrame[] = [];
  readonly #socket: WebSocket;

  constructor(baseUrl: string, topics: string[]) {
    this.#socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/realtime`);
    this.#socket.on('open', () => this.#socket.send(JSON.stringify({ type: 'subscribe', topics })));
    this.#socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { type?: string };
      if (frame.type !== 'heartbeat') this.frames.push(serverFrameSchema.parse(frame));
    });
  }

  /** The first frame (received so far or later) that `match` accepts. */
  frame(what: string, match: (frame: ServerFrame) => boolean): Promise<ServerFrame> {
    return waitFor(what, async () => this.frames.find(match));
  }

  close(): void {
    this.#socket.close();
  }
}

/** The admin's cookies after signing in through `baseUrl`. */
async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe('scale-out: two instances, PostgreSQL, Redis, nginx', () => {
  let redis: RedisFixture;
  let a: ServerFixture;
  let b: ServerFixture;
  let nginx: NginxFixture;
  let pushService: PushServiceFixture;
  let dropDatabase: () => Promise<void>;
  // As an operator configures them (npx web-push generate-vapid-keys): both instances sign alike.
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    const database = await freshPostgresDatabase('scale_out');
    dropDatabase = database.drop;
    redis = await RedisFixture.start();
    pushService = await PushServiceFixture.start();
    const env = {
      ...ADMIN_ENV,
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      TRUST_PROXY: 'loopback',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@radio.example',
      ...pushService.serverEnv,
    };
    // One after the other: the first migrates the empty database.
    a = await ServerFixture.start(env);
    b = await ServerFixture.start(env);
    nginx = await NginxFixture.start([a.port, b.port]);
  }, 120_000);
  afterAll(async () => {
    await nginx?.stop();
    await a?.stop();
    await b?.stop();
    await redis?.stop();
    await pushService?.stop();
    await dropDatabase?.();
  });

  it('reports the store and Redis in /api/health', async () => {
    for (const server of [a, b]) {
      expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({
        ok: true,
        store: 'up',
        redis: 'up',
      });
    }
  });

  it('a chat message, a reaction, a deletion and a schedule change made through B reach subscribers on A', async () => {
    const onA = new Subscriber(a.url, ['chat', 'schedule']);
    try {
      await onA.frame('the first frames on A', () => true);
      const [cookie = ''] = await chatCookies(b.url, [`Relay ${randomUUID().slice(0, 8)}`]);
      const id = randomUUID();
      const posted = await fetch(`${b.url}/api/chat/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ id, text: 'Hello from B' }),
      });
      expect(posted.status).toBe(201);
      const message = await onA.frame(
        'the message on A',
        (frame) => frame.topic === 'chat' && JSON.stringify(frame.data).includes(id),
      );
      expect(message.data).toMatchObject({ type: 'message', message: { id, text: 'Hello from B' } });

      const emoji = CHAT_REACTIONS[0];
      const reacted = await fetch(`${b.url}/api/chat/messages/${id}/reactions/${encodeURIComponent(emoji)}`, {
        method: 'PUT',
        headers: { cookie },
      });
      expect(reacted.status).toBe(200);
      const reaction = await onA.frame(
        'the reaction on A',
        (frame) => frame.topic === 'chat' && (frame.data as { type?: string }).type === 'reactions',
      );
      expect(reaction.version).toBe(message.version + 1);

      const admin = await signIn(b.url);
      expect(
        (await fetch(`${b.url}/api/chat/messages/${id}`, { method: 'DELETE', headers: { cookie: admin } }))
          .status,
      ).toBe(204);
      const deleted = await onA.frame(
        'the deletion on A',
        (frame) => frame.topic === 'chat' && (frame.data as { type?: string }).type === 'deleted',
      );
      expect(deleted.version).toBe(message.version + 2);

      const current = await storedSchedule(b.url);
      const saved = await fetch(`${b.url}/api/schedule`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: admin },
        body: JSON.stringify({ data: current.data, version: current.version }),
      });
      expect(saved.status).toBe(200);
      const schedule = await onA.frame(
        'the schedule change on A',
        (frame) => frame.topic === 'schedule' && frame.version === current.version + 1,
      );
      expect(schedule.data).toEqual(current.data);
    } finally {
      onA.close();
    }
  });

  describe('a publish that Redis loses', () => {
    /** Posts through B and waits for the message on a socket held at A, with no later event to reveal a gap. */
    const postedOnBReachesA = async (
      fault: () => Promise<void>,
      heal: () => Promise<void> = async () => undefined,
    ) => {
      const onA = new Subscriber(a.url, ['chat']);
      try {
        await onA.frame('the first frame on A', () => true);
        const [cookie = ''] = await chatCookies(b.url, [`Lost ${randomUUID().slice(0, 8)}`]);
        await fault();
        const id = randomUUID();
        const posted = await fetch(`${b.url}/api/chat/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ id, text: 'the last word' }),
        });
        expect(posted.status).toBe(201);
        await heal();
        const message = await onA.frame(
          'the message on A',
          (frame) => frame.topic === 'chat' && JSON.stringify(frame.data).includes(id),
        );
        expect(message.data).toMatchObject({ type: 'message', message: { id } });
      } finally {
        onA.close();
      }
    };

    it('is sent again after Redis refused it (the publisher still connected)', async () => {
      await postedOnBReachesA(
        async () => expect(await redis.command('ACL', 'SETUSER', 'default', '-publish')).toBe('+OK'),
        async () => {
          expect(await redis.command('ACL', 'SETUSER', 'default', '+publish')).toBe('+OK');
          // Health said up throughout: nothing but the missing message showed the loss.
          expect(((await (await fetch(`${b.url}/api/health`)).json()) as { redis: string }).redis).toBe('up');
        },
      );
    });

    it('is sent again after Redis dropped the publishers (CLIENT KILL TYPE normal)', async () => {
      await postedOnBReachesA(async () =>
        expect(await redis.command('CLIENT', 'KILL', 'TYPE', 'normal')).toMatch(/^:[1-9]/),
      );
    });
  });

  it('counts wrong sign-ins over both instances in one budget: the 6th is refused, as on one instance', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const server = index % 2 === 0 ? a : b;
      const response = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        // Both instances trust the loopback proxy, so this is the client they count.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50' },
        body: JSON.stringify({ ...ADMIN, password: `guess ${index}` }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it(
    'pushes a reminder that falls due while both instances tick exactly once',
    { timeout: 240_000 },
    async () => {
      // Started together, so both schedulers' minute timers fire close together and both look at the
      // reminder soon after it falls due. (Whether their claims overlap is up to the processes: the
      // claim's atomicity under truly simultaneous ticks is push-scheduler.test.ts's to prove.)
      await Promise.all([a.restart('SIGTERM'), b.restart('SIGTERM')]);
      expect([await pushesSent(a.url), await pushesSent(b.url)]).toEqual([0, 0]);

      // A show starting REMINDER_MINUTES after the next whole minute at least 15 s away (slot times
      // are whole minutes): its reminder falls due then, with both instances running.
      const { timeZone, clock } = (await (await fetch(`${a.url}/api/station`)).json()) as PublicStation;
      const remindAt = new Date(Math.ceil((Date.now() + 15_000) / MINUTE_MS) * MINUTE_MS);
      const startsAt = stationWallClock(
        new Date(remindAt.getTime() + REMINDER_MINUTES * MINUTE_MS),
        timeZone,
      );
      const start = startsAt.hour * 60 + startsAt.minute;
      const slot: ShowSlot = {
        time: `${clockText(start)} - ${clockText(start + 60)}`,
        artist: 'Two Instances',
        show: `Race ${randomUUID().slice(0, 8)}`,
        genre: 'House',
        image: '',
      };
      expect(nextReminderAt(slot, startsAt.weekday, new Date(), timeZone, REMINDER_MINUTES)).toEqual(
        remindAt,
      );

      const admin = await signIn(a.url);
      const current = await storedSchedule(a.url);
      const saved = await fetch(`${a.url}/api/schedule`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: admin },
        body: JSON.stringify({
          data: WEEKDAYS.map((day) => ({ day, shows: day === startsAt.weekday ? [slot] : [] })),
          version: current.version,
        }),
      });
      expect(saved.status).toBe(200);
      // The listener subscribes through the other instance, with the show as a favourite.
      const browser = new TestBrowser(pushService.endpoint(randomUUID()));
      const subscribed = await fetch(`${b.url}/api/push/subscription`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          subscription: browser.subscription,
          preferences: {
            enabled: true,
            showScheduleReminders: true,
            showNewShowAlerts: false,
            favoriteShows: [favoriteId(slot)],
            reminderTime: REMINDER_MINUTES,
          },
        }),
      });
      expect(subscribed.status).toBe(200);

      // Each timer fires once a minute: by then both instances have ticked since the reminder fell due
      // (a second send would have arrived), with a few seconds for the push to travel.
      await sleep(remindAt.getTime() + PUSH_TICK_MS + 5_000 - Date.now());
      const pushes = pushService.receiver.receivedFor(browser.subscription.endpoint);
      const messages = pushes.map((push) => pushMessageSchema.parse(JSON.parse(browser.decrypt(push.body))));
      expect(
        messages.map(({ notification, data }) => ({ body: notification.body, label: data.analyticsLabel })),
      ).toEqual([{ body: `${slot.artist} · ${displaySlotTime(slot.time, clock)}`, label: 'show_reminder' }]);
      for (const push of pushes)
        expect(verifyVapid(push.headers.authorization, vapid.publicKey).sub).toBe('mailto:ops@radio.example');
      // One instance sent it; the other's ticks found it claimed already.
      expect([await pushesSent(a.url), await pushesSent(b.url)].sort()).toEqual([0, 1]);
    },
  );

  it(
    'keeps every acknowledged message once and in order when an instance is SIGKILLed and restarted',
    { timeout: 120_000 },
    async () => {
      const { clients, head } = await startHistoryClients(nginx.url, CLIENTS, NAMES_PER_CLIENT, 'Killed');
      await sendAll(clients, MESSAGES / CLIENTS, [{ at: MESSAGES / 3, fault: () => a.restart('SIGKILL') }]);
      await expectCompleteHistory(nginx.url, clients, head, MESSAGES);
      // The clients on the killed instance found the other one (or it again) by themselves.
      expect(clients.reduce((sum, client) => sum + client.reconnects, 0)).toBeGreaterThan(0);
    },
  );

  it(
    'keeps every acknowledged message once and in order when Redis is restarted mid-traffic',
    { timeout: 120_000 },
    async () => {
      const { clients, head } = await startHistoryClients(nginx.url, CLIENTS, NAMES_PER_CLIENT, 'Redis');
      // Down for the second half of the traffic, back after the last send: meanwhile each instance
      // delivers only its own messages, and only the catch-up from the store on reconnect can bring
      // the clients the other instance's (no later message reveals the gap).
      await sendAll(clients, MESSAGES / CLIENTS, [{ at: MESSAGES / 2, fault: () => redis.kill() }]);
      for (const server of [a, b])
        expect(((await (await fetch(`${server.url}/api/health`)).json()) as { redis: string }).redis).toBe(
          'down',
        );
      await redis.revive();
      await expectCompleteHistory(nginx.url, clients, head, MESSAGES);
      for (const server of [a, b]) {
        await waitFor(
          'Redis back at both instances',
          async () =>
            ((await (await fetch(`${server.url}/api/health`)).json()) as { redis: string }).redis === 'up',
        );
      }
    },
  );
});
