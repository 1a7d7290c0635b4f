import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { chatCookies } from '../e2e/fixtures/chat-history.ts';
import { ServerFixture } from '../e2e/fixtures/server.ts';
import { nextMessage } from './child-messages.ts';

/**
 * Reconnect storm: N realtime clients (a second process) hold the chat and the schedule; the server
 * is restarted (SIGTERM: its sockets close with 1012) and every client reconnects at once, resuming
 * from the seq and version it holds. Once the server answers again a message is posted; a client is
 * resynced when it holds that message. Prints the time from "server up" until all are resynced
 * (target < 5 s) and the new server's peak RSS (VmHWM). Usage: `npm run bench:storm [-- 2000]`.
 */
const DEFAULT_CLIENTS = 2_000;
const CONNECT_BATCH = 250;
/** While the server is down, a client retries this often (a real app backs off; this is the worst case). */
const RETRY_MS = 100;

interface StormOrders {
  url: string;
  clients: number;
}

/** Child: the clients. Reports when all hold the room, then when the last one got seq `until`. */
async function runClients({ url, clients }: StormOrders): Promise<void> {
  const held = new Array<number>(clients).fill(-1);
  /** When each client got its latest chat frame: after the restart, the one posted then. */
  const heldAt = new Array<number>(clients).fill(0);
  let connected = 0;
  const open = (index: number, first: boolean) => {
    const socket = new WebSocket(url);
    socket.on('open', () => {
      if (first) connected += 1;
      const versions = held[index] === -1 ? {} : { versions: { chat: held[index] } };
      socket.send(JSON.stringify({ type: 'subscribe', topics: ['chat', 'schedule'], ...versions }));
    });
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { topic: string; version: number };
      if (frame.topic !== 'chat') return;
      held[index] = frame.version;
      heldAt[index] = Date.now();
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => setTimeout(() => open(index, false), code === 1012 ? 0 : RETRY_MS));
  };
  for (let start = 0; start < clients; start += CONNECT_BATCH) {
    for (let index = start; index < Math.min(clients, start + CONNECT_BATCH); index += 1) open(index, true);
    while (connected < Math.min(clients, start + CONNECT_BATCH)) await sleep(20);
  }
  while (held.some((seq) => seq === -1)) await sleep(20);
  process.send?.({ ready: true });
  const until = await new Promise<number>((done) =>
    process.once('message', (message: { until: number }) => done(message.until)),
  );
  while (held.some((seq) => seq < until)) await sleep(10);
  process.send?.({ lastResyncAt: Math.max(...heldAt) });
  process.exit(0);
}

/** The process's peak resident memory (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? Number.NaN) / 1024;
}

export async function runStormBench(clients = DEFAULT_CLIENTS): Promise<void> {
  const server = await ServerFixture.start();
  try {
    const [cookie = ''] = await chatCookies(server.url, ['Storm']);
    const post = async () => {
      const response = await fetch(`${server.url}/api/chat/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ id: randomUUID(), text: 'after the storm' }),
      });
      if (response.status !== 201) throw new Error(`message refused: ${response.status}`);
      return ((await response.json()) as { message: { seq: number } }).message.seq;
    };
    await post();
    const child = fork(fileURLToPath(import.meta.url), {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        ONAIR_STORM_CHILD: JSON.stringify({ url: `ws://127.0.0.1:${server.port}/api/realtime`, clients }),
      },
    });
    await nextMessage<{ ready: true }>(child, 'ready', 'the storm clients');
    console.log(
      `reconnect storm: ${clients.toLocaleString('en')} realtime clients (chat + schedule), server restarted with SIGTERM`,
    );
    const restartAt = Date.now();
    await server.restart('SIGTERM');
    const upAt = Date.now();
    const until = await post();
    child.send({ until });
    const { lastResyncAt } = await nextMessage<{ lastResyncAt: number }>(
      child,
      'lastResyncAt',
      'the storm clients',
    );
    console.log(
      `  restart (stop + start until /api/health answers): ${((upAt - restartAt) / 1_000).toFixed(2)} s`,
    );
    console.log(
      `  all ${clients.toLocaleString('en')} resynced ${((lastResyncAt - upAt) / 1_000).toFixed(2)} s after the server was up (target < 5 s)`,
    );
    console.log(`  server peak RSS after the storm: ${peakRssMb(server.pid).toFixed(0)} MB`);
  } finally {
    await server.stop();
  }
}

const childOrders = process.env.ONAIR_STORM_CHILD;
if (childOrders) {
  await runClients(JSON.parse(childOrders) as StormOrders);
} else if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? DEFAULT_CLIENTS);
  await runStormBench(Number.isInteger(count) && count > 0 ? count : DEFAULT_CLIENTS);
}
