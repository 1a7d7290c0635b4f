import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket, { WebSocketServer } from 'ws';
import type { ChatFrame } from '@onair/core';
import { chatCookies, freshPostgresDatabase } from '../e2e/fixtures/chat-history.ts';
import { ServerFixture } from '../e2e/fixtures/server.ts';
import { freePort } from '../e2e/fixtures/ports.ts';
import { RedisFixture } from '../e2e/fixtures/redis.ts';
import { nextMessage } from './child-messages.ts';

/**
 * Chat fan-out through the whole stack — chat sessions, the POST route, the store, the event log,
 * JSON frames through the realtime hub — against a bare `ws` broadcast server, measured in the
 * same run with the same clients, rate and frame size. N subscribed clients live in a second
 * process; the sender posts `RATE_PER_S` messages a second for `DURATION_MS`, each stamped with
 * its send time, and every client measures send-to-delivery latency. Prints deliveries/s, p50/p99
 * and the ratio to bare `ws`. With `--instances 2`, also two instances on one PostgreSQL and one
 * Redis, the clients spread over both and the sender posting to the first: every delivery to the
 * second crossed Redis. Usage: `npm run bench:chat [-- 1000 5000] [--instances 2]`. Never fails on time.
 */
const DEFAULT_CLIENT_COUNTS = [1_000];
const RATE_PER_S = 10;
const DURATION_MS = 10_000;
/** 5 messages per 10 s per chatter: this many chatters carry `RATE_PER_S` without a 429. */
const SENDER_NAMES = 20;
/** How long the clients wait for deliveries still in flight after the last send, at most and when idle. */
const DRAIN_MAX_MS = 30_000;
const DRAIN_IDLE_MS = 1_000;
/** Sockets opened at once while connecting the clients. */
const CONNECT_BATCH = 250;
/** What a client sends on open: the chat subscribe, or nothing for the bare server. */
const CHAT_SUBSCRIBE = JSON.stringify({ type: 'subscribe', topics: ['chat'] });

interface ClientOrders {
  /** The clients are spread over these, round robin (one per instance). */
  urls: string[];
  clients: number;
  subscribe: string | null;
}

interface ClientReport {
  deliveries: number;
  /** Epoch ms of the first and last delivery. */
  first: number;
  last: number;
  p50: number;
  p99: number;
  max: number;
  /** The clients' process's CPU time over the run, as a share of one core: near 1, it was the bottleneck. */
  cpu: number;
}

/** Epoch milliseconds with sub-millisecond precision, comparable across processes on one machine. */
const nowMs = () => performance.timeOrigin + performance.now();

/** The text of message `n`: its send time first, padded to the size of a typical chat line. */
const stampedText = (n: number) => `t=${nowMs().toFixed(3)} #${n} ${'x'.repeat(60)}`;

/**
 * The send time in a delivered frame, or null for other frames (the chat's first resync). JSON.parse
 * like a real client, but no schema check: the clients' process must not be the bottleneck measured.
 */
function sendTimeOf(raw: string): number | null {
  const frame = JSON.parse(raw) as Partial<ChatFrame>;
  if (frame.data?.type !== 'message') return null;
  const stamp = /^t=([\d.]+) /.exec(frame.data.message.text);
  return stamp?.[1] === undefined ? null : Number(stamp[1]);
}

/** Child: opens the clients, then records every delivery's latency until told to stop. */
async function runClients({ urls, clients, subscribe }: ClientOrders): Promise<void> {
  const latencies: number[] = [];
  let first = 0;
  let last = 0;
  const sockets: WebSocket[] = [];
  for (let opened = 0; opened < clients; opened += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, clients - opened) }, async (_, index) => {
      const socket = new WebSocket(urls[(opened + index) % urls.length] ?? '');
      sockets.push(socket);
      await new Promise<void>((done, fail) => {
        socket.once('open', () => done());
        socket.once('error', fail);
      });
      socket.on('message', (raw) => {
        const sentAt = sendTimeOf(raw.toString());
        if (sentAt === null) return;
        const at = nowMs();
        latencies.push(at - sentAt);
        first ||= at;
        last = at;
      });
      if (subscribe) socket.send(subscribe);
    });
    await Promise.all(batch);
  }
  process.send?.({ ready: true });
  const cpuAtStart = process.cpuUsage();
  const wallAtStart = nowMs();
  const expected = await new Promise<number>((done) =>
    process.once('message', (message: { expected: number }) => done(message.expected)),
  );
  // Deliveries still in flight when the sender stops are waited for: until all arrived, or none for
  // a second (a server that dropped some), within `DRAIN_MAX_MS`.
  const drainEnd = nowMs() + DRAIN_MAX_MS;
  while (latencies.length < expected && nowMs() < drainEnd && nowMs() - (last || nowMs()) < DRAIN_IDLE_MS)
    await sleep(100);
  const { user, system } = process.cpuUsage(cpuAtStart);
  const cpu = (user + system) / 1_000 / (nowMs() - wallAtStart);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  const report: ClientReport = {
    deliveries: latencies.length,
    first,
    last,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? Number.NaN,
    cpu,
  };
  process.send?.({ report });
  for (const socket of sockets) socket.terminate();
  process.disconnect?.();
}

/** Child: the baseline, a bare `ws` server that sends every frame it receives to every other socket. */
async function runBareServer(port: number): Promise<void> {
  const server = new WebSocketServer({ port, host: '127.0.0.1' });
  server.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => {
      for (const client of server.clients)
        if (client !== socket && client.readyState === WebSocket.OPEN)
          client.send(data, { binary: isBinary });
    });
  });
  await new Promise<void>((done) => server.once('listening', () => done()));
  process.send?.({ listening: true });
}

const CHILD_ENV = 'ONAIR_CHAT_BENCH_CHILD';

function forkChild(orders: object): ChildProcess {
  return fork(fileURLToPath(import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, [CHILD_ENV]: JSON.stringify(orders) },
  });
}

/** Runs the clients against `urls` while `send(n)` is called `RATE_PER_S` times a second. */
async function measure(
  urls: string[],
  clients: number,
  subscribe: string | null,
  send: (n: number) => Promise<void>,
) {
  const child = forkChild({ role: 'clients', urls, clients, subscribe });
  await nextMessage<{ ready: true }>(child, 'ready', 'the bench child');
  await sleep(500);
  const messages = (DURATION_MS / 1_000) * RATE_PER_S;
  const started = nowMs();
  const sends: Promise<void>[] = [];
  for (let n = 0; n < messages; n += 1) {
    // Paced against the start, so a slow send does not slow the offered rate.
    const due = started + (n * 1_000) / RATE_PER_S;
    await sleep(Math.max(0, due - nowMs()));
    sends.push(send(n));
  }
  await Promise.all(sends);
  child.send({ expected: messages * clients });
  const { report } = await nextMessage<{ report: ClientReport }>(child, 'report', 'the bench child');
  return { ...report, expected: messages * clients, started };
}

async function chatSender(server: ServerFixture): Promise<(n: number) => Promise<void>> {
  const cookies = await chatCookies(
    server.url,
    Array.from({ length: SENDER_NAMES }, (_, index) => `Bench ${index}`),
  );
  return async (n) => {
    const response = await fetch(`${server.url}/api/chat/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies[n % SENDER_NAMES] ?? '' },
      body: JSON.stringify({ id: randomUUID(), text: stampedText(n) }),
    });
    if (response.status !== 201)
      throw new Error(`message refused: ${response.status} ${await response.text()}`);
  };
}

/** The same frame the chat sends, built locally, so the bare server carries the same bytes. */
function bareFrame(n: number): string {
  const message = {
    id: randomUUID(),
    seq: n + 1,
    name: `Bench ${n % SENDER_NAMES}`,
    text: stampedText(n),
    replyTo: null,
    mentions: [],
    reactions: [],
    createdAt: Date.now(),
    deleted: false,
    admin: false,
  };
  return JSON.stringify({ topic: 'chat', version: n + 1, data: { type: 'message', message } });
}

/** What a stack is compared with: the bare `ws` server's figures from the same run. */
interface Baseline {
  perSecond: number;
  p99: number;
}

function print(label: string, result: Awaited<ReturnType<typeof measure>>, baseline?: Baseline): Baseline {
  const perSecond = result.deliveries / ((result.last - result.started) / 1_000);
  const ratio =
    baseline === undefined
      ? ''
      : `  ${((perSecond / baseline.perSecond) * 100).toFixed(0)} % of bare ws throughput, p99 ×${(result.p99 / baseline.p99).toFixed(2)}`;
  console.log(
    `  ${label.padEnd(11)} ${Math.round(perSecond).toLocaleString('en').padStart(7)} deliveries/s  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms  max ${result.max.toFixed(0)} ms` +
      `  (${result.deliveries}/${result.expected} delivered, clients' process at ${(result.cpu * 100).toFixed(0)} % of a core)${ratio}`,
  );
  return { perSecond, p99: result.p99 };
}

const realtimeUrl = (server: ServerFixture) => `ws://127.0.0.1:${server.port}/api/realtime`;

/** Two instances on a fresh PostgreSQL database and their own Redis; the sender posts to the first. */
async function measureTwoInstances(clients: number, baseline: Baseline): Promise<void> {
  const database = await freshPostgresDatabase('bench_chat');
  const redis = await RedisFixture.start();
  const env = { DATABASE_URL: database.url, REDIS_URL: redis.url };
  const servers: ServerFixture[] = [];
  try {
    servers.push(await ServerFixture.start(env));
    servers.push(await ServerFixture.start(env));
    const [first] = servers as [ServerFixture];
    print(
      '2 instances',
      await measure(servers.map(realtimeUrl), clients, CHAT_SUBSCRIBE, await chatSender(first)),
      baseline,
    );
  } finally {
    for (const server of servers) await server.stop();
    await redis.stop();
    await database.drop();
  }
}

export async function runChatFanoutBench(clientCounts = DEFAULT_CLIENT_COUNTS, instances = 1): Promise<void> {
  console.log(`chat fan-out: ${RATE_PER_S} msg/s for ${DURATION_MS / 1_000} s, clients in a second process`);
  for (const clients of clientCounts) {
    console.log(`${clients.toLocaleString('en')} clients:`);
    const barePort = await freePort();
    const bare = forkChild({ role: 'bare', port: barePort });
    await nextMessage<{ listening: true }>(bare, 'listening', 'the bench child');
    const producer = new WebSocket(`ws://127.0.0.1:${barePort}`);
    await new Promise((done) => producer.once('open', done));
    let baseline: Baseline;
    try {
      baseline = print(
        'bare ws',
        await measure([`ws://127.0.0.1:${barePort}`], clients, null, async (n) =>
          producer.send(bareFrame(n)),
        ),
      );
    } finally {
      producer.close();
      bare.kill();
    }
    const server = await ServerFixture.start();
    try {
      const send = await chatSender(server);
      print('1 instance', await measure([realtimeUrl(server)], clients, CHAT_SUBSCRIBE, send), baseline);
    } finally {
      await server.stop();
    }
    if (instances === 2) await measureTwoInstances(clients, baseline);
  }
}

const childOrders = process.env[CHILD_ENV];
if (childOrders) {
  const orders = JSON.parse(childOrders) as
    ({ role: 'clients' } & ClientOrders) | { role: 'bare'; port: number };
  if (orders.role === 'bare') await runBareServer(orders.port);
  else await runClients(orders);
} else if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const instancesAt = args.indexOf('--instances');
  const instances = instancesAt === -1 ? 1 : Number(args.splice(instancesAt, 2)[1]);
  if (instances !== 1 && instances !== 2) throw new Error('--instances takes 1 or 2');
  const counts = args.map(Number).filter((count) => Number.isInteger(count) && count > 0);
  await runChatFanoutBench(counts.length > 0 ? counts : DEFAULT_CLIENT_COUNTS, instances);
}
