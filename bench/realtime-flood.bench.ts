import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { ServerFixture } from '../e2e/fixtures/server.ts';
import { measureHealth, quantile, type HealthTimings } from './measure.ts';

/**
 * `/api/health` latency while WebSocket clients flood the realtime hub with subscribe frames
 * (Security issue, 'Realtime abuse'), next to the same figure idle. Each flooding socket sends
 * frames as fast as its buffer drains; the server closes it at its frame budget (1008) and it
 * reconnects at once, until the health requests are done. Loopback only, bounded in sockets and
 * time. The flood runs in a child process, so the flooders' event loop does not inflate the
 * latencies measured here. Needs the built web app (`npm run build`). Prints figures; never fails.
 */
const HEALTH_REQUESTS = 400;
const FLOOD_SOCKET_COUNTS = [1, 50] as const;
/** Stops a flood that outlasts its health requests (a stalled server must not hang the bench). */
const FLOOD_MAX_MS = 60_000;
/** A subscribe with no version held: the server answers each one with the whole week (the worst case). */
const SUBSCRIBE_FRAME = JSON.stringify({ type: 'subscribe', topics: ['schedule'] });
/** Back off once this much is queued on a socket: "as fast as the socket allows". */
const FLOOD_BUFFER_BYTES = 64 * 1024;

interface FloodOrders {
  url: string;
  sockets: number;
}

interface FloodReport {
  framesSent: number;
  connections: number;
  closedOverBudget: number;
  otherCloses: Record<string, number>;
}

/** One flooding client: connect, send until closed, reconnect, until `stopped()`. */
async function floodFrom(url: string, stopped: () => boolean, report: FloodReport): Promise<void> {
  while (!stopped()) {
    const socket = new WebSocket(url);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.on('error', () => undefined);
    socket.on('message', () => undefined);
    const opened = await new Promise<boolean>((resolve) => {
      socket.once('open', () => resolve(true));
      socket.once('close', () => resolve(false));
    });
    if (opened) report.connections += 1;
    let sent = 0;
    while (opened && socket.readyState === WebSocket.OPEN && !stopped()) {
      socket.send(SUBSCRIBE_FRAME);
      sent += 1;
      if (socket.bufferedAmount > FLOOD_BUFFER_BYTES) await sleep(1);
      else if (sent % 50 === 0) await nextTurn();
    }
    report.framesSent += sent;
    if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
    const code = await closed;
    if (code === 1008) report.closedOverBudget += 1;
    else report.otherCloses[code] = (report.otherCloses[code] ?? 0) + 1;
  }
}

/** Marks the child process that floods; its orders come in the environment. */
const FLOOD_ORDERS_ENV = 'ONAIR_FLOOD_ORDERS';

async function runFlood({ url, sockets }: FloodOrders): Promise<void> {
  let stop = false;
  const deadline = setTimeout(() => (stop = true), FLOOD_MAX_MS);
  process.once('message', () => (stop = true));
  const report: FloodReport = { framesSent: 0, connections: 0, closedOverBudget: 0, otherCloses: {} };
  const floods = Array.from({ length: sockets }, () => floodFrom(url, () => stop, report));
  // The first connections are up before the main thread starts timing.
  process.send?.({ started: true });
  await Promise.all(floods);
  clearTimeout(deadline);
  process.send?.({ report });
  process.disconnect?.();
}

async function measureUnderFlood(
  server: ServerFixture,
  sockets: number,
): Promise<{ health: HealthTimings; report: FloodReport }> {
  const orders: FloodOrders = { url: `ws://127.0.0.1:${server.port}/api/realtime`, sockets };
  const child = fork(fileURLToPath(import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, [FLOOD_ORDERS_ENV]: JSON.stringify(orders) },
  });
  let floodStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (floodStarted = resolve));
  let floodEnded = false;
  const reported = new Promise<FloodReport>((resolve) =>
    child.on('message', (message: { started?: true; report?: FloodReport }) => {
      if (message.started) floodStarted();
      if (message.report) {
        floodEnded = true;
        resolve(message.report);
      }
    }),
  );
  const failed = new Promise<never>((_resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the flood process exited (${code}) before its report`)));
  });
  // It also exits after its report: that rejection is expected and read by no one.
  failed.catch(() => undefined);
  await Promise.race([started, failed]);
  // Let the flood reach its steady state (sockets open, closed and reopening) before timing.
  await sleep(500);
  // A flood that reaches FLOOD_MAX_MS ends the timing too: later requests would be idle ones.
  const health = await measureHealth(server.url, HEALTH_REQUESTS, () => floodEnded);
  child.send('stop', () => undefined);
  const report = await Promise.race([reported, failed]);
  return { health, report };
}

function printHealth(label: string, { timings, failures }: HealthTimings, idleP95?: number): number {
  const p95 = quantile(timings, 0.95);
  const ratio = idleP95 === undefined ? '' : `  p95 ${(p95 / idleP95).toFixed(1)}× idle`;
  const failed = failures ? `, ${failures} failed` : '';
  console.log(
    `  ${label.padEnd(20)} p50 ${quantile(timings, 0.5).toFixed(2)}  p95 ${p95.toFixed(2)}  max ${(timings.at(-1) ?? Number.NaN).toFixed(2)}` +
      `${ratio}  (${timings.length} answered${failed})`,
  );
  return p95;
}

export async function runRealtimeFloodBench(): Promise<void> {
  const server = await ServerFixture.start();
  try {
    await measureHealth(server.url, HEALTH_REQUESTS); // warm-up: JIT, keep-alive connection
    console.log(`/api/health latency, up to ${HEALTH_REQUESTS} sequential requests (ms):`);
    const idleP95 = printHealth('idle', await measureHealth(server.url, HEALTH_REQUESTS));
    for (const sockets of FLOOD_SOCKET_COUNTS) {
      const { health, report } = await measureUnderFlood(server, sockets);
      printHealth(`${sockets} flooding socket${sockets === 1 ? '' : 's'}`, health, idleP95);
      const otherCloses = Object.keys(report.otherCloses).length
        ? `; other closes ${JSON.stringify(report.otherCloses)}`
        : '';
      console.log(
        `    ${report.framesSent} frames over ${report.connections} connections; ${report.closedOverBudget} closed with 1008${otherCloses}`,
      );
    }
  } finally {
    await server.stop();
  }
}

const floodOrders = process.env[FLOOD_ORDERS_ENV];
if (floodOrders) await runFlood(JSON.parse(floodOrders) as FloodOrders);
else if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await runRealtimeFloodBench();
