import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { IntegrationEvent } from '@onair/core';
import { buildApp } from '../apps/server/src/app.ts';
import { loadBundledSchedule } from '../apps/server/src/bundled-schedule.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { IntegrationsSetup } from '../apps/server/src/integrations/integrations-setup.ts';
import { newWebhookSecret } from '../apps/server/src/integrations/kinds/webhook.ts';
import { ScheduleRepo } from '../apps/server/src/store/schedule-repo.ts';
import { IntegrationReceiver } from '../apps/server/test/integration-receiver.ts';
import { STORE_KINDS } from '../apps/server/test/stores.ts';
import { nextMessage } from './child-messages.ts';
import { quantile } from './measure.ts';

/**
 * Integrations under load: 10 signed webhooks, one of them to a receiver that never answers, and
 * one station event a second for N minutes, raised as the station raises them (a claim in the
 * store, then the outbox woken). The server runs in this process; the outside world in two child
 * processes: the receivers, and a player polling `/api/now-playing` every 50 ms. Prints the
 * delay from each event to its delivery at the 9 receivers that answer, and the player's p99
 * against the same with no integrations, on SQLite: both sides run in alternating rounds (a single
 * run each moved by ±15 ms on a shared machine), and the figure is the median of the rounds' ratios
 * with its spread. Goal: ≤ 1.1× the run without. Also the server's CPU time per second on each
 * side, which a busy machine does not inflate as it does a request's time, and from it the CPU that
 * one event's deliveries cost.
 * Usage: `npm run bench:integrations [-- --minutes 5 --rounds 5 --cpu-prof DIR]` (the minutes each
 * side runs in all, split into the rounds; with `--cpu-prof`, a CPU profile of the server's process
 * for each side of each round, `DIR/with-1.cpuprofile` and so on, for Chrome's DevTools). Never
 * fails on time.
 */
const DEFAULT_MINUTES = 5;
/** The minutes are split into this many rounds a side, run alternately. */
const DEFAULT_ROUNDS = 5;
const INTEGRATIONS = 10;
const EVENT_EVERY_MS = 1_000;
const PLAYER_POLL_EVERY_MS = 50;
/** After the last event, time for its deliveries to land before they are counted. */
const SETTLE_MS = 3_000;
const CHILD_ENV = 'ONAIR_INTEGRATIONS_BENCH_CHILD';

type Child = 'receivers' | 'player';

/**
 * The receivers: delays from each event to its delivery, from `reset` until `collect`. A process
 * of their own: their TLS handshakes (one per event to the hanging one, until it pauses) held up
 * the player's requests when both shared a process, and that is no cost of the server's.
 */
async function runReceivers(): Promise<void> {
  const receiver = await IntegrationReceiver.start();
  let delays: number[] = [];
  receiver.answer = (request) => {
    if (request.url === '/hang') return { status: 200, hang: true };
    delays.push(Date.now() - Date.parse((JSON.parse(request.body) as IntegrationEvent).timestamp));
    return { status: 204 };
  };
  process.on('message', (message: { reset?: true; collect?: true; quit?: true }) => {
    if (message.quit) void receiver.close().then(() => process.exit(0));
    if (message.reset) delays = [];
    if (message.collect) process.send?.({ delays });
  });
  process.send?.({ ready: { ca: receiver.ca, port: receiver.port } });
}

/** The player: `/api/now-playing` every PLAYER_POLL_EVERY_MS until `untilMs`, each request's time reported. */
function runPlayer(): void {
  process.on('message', (message: { measure?: { url: string; untilMs: number }; quit?: true }) => {
    if (message.quit) process.exit(0);
    if (!message.measure) return;
    const { url, untilMs } = message.measure;
    void (async () => {
      const nowPlayingMs: number[] = [];
      while (Date.now() < untilMs) {
        const started = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`/api/now-playing answered ${response.status}`);
        const took = performance.now() - started;
        nowPlayingMs.push(took);
        await sleep(Math.max(0, PLAYER_POLL_EVERY_MS - took));
      }
      process.send?.({ nowPlayingMs });
    })();
  });
  process.send?.({ ready: true });
}

interface Outside {
  receivers: ChildProcess;
  player: ChildProcess;
  receiver: { ca: string; port: number };
}

/** Where each side's CPU profile goes, `DIR/with-1.cpuprofile` and so on; undefined: none taken. */
type ProfileTo = string | undefined;

async function run(
  minutes: number,
  withIntegrations: boolean,
  { receivers, player, receiver }: Outside,
  profileTo: ProfileTo,
): Promise<{ nowPlayingMs: number[]; deliveryDelaysMs: number[]; events: number; cpuMsPerS: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'onair-bench-integrations-'));
  const store = await STORE_KINDS[0].open();
  let setup: IntegrationsSetup | undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-build'),
    LOG_LEVEL: 'silent',
    ARCHIVE_RECORDING: 'off',
    WEBHOOK_ALLOW_PRIVATE_HOSTS: '127.0.0.1',
  });
  await new ScheduleRepo(store.db).seedIfEmpty(loadBundledSchedule(), new Date());
  const app = await buildApp(config, {
    db: store.db,
    pushTimer: false,
    integrationsCa: receiver.ca,
    onIntegrations: (integrations) => {
      setup = integrations;
    },
  });
  try {
    if (!setup) throw new Error('the app did not hand over its integrations');
    const integrations = setup;
    if (withIntegrations) {
      for (let index = 0; index < INTEGRATIONS; index += 1) {
        const path = index === 0 ? '/hang' : `/in/${index}`;
        await integrations.repo.create(
          {
            name: `bench ${index}`,
            kind: 'webhook',
            events: ['listeners.peak'],
            enabled: true,
            settings: { url: `https://127.0.0.1:${receiver.port}${path}` },
            secrets: { secret: newWebhookSecret() },
          },
          new Date(),
        );
      }
    }
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/now-playing`;
    const startedAt = Date.now();
    const untilMs = startedAt + minutes * 60_000;
    // The server's own CPU time (this process: the app, and the events it raises): a cost the
    // machine's other work does not inflate, unlike a request's time on a busy shared box.
    const profiler = profileTo === undefined ? undefined : await startProfiler();
    const cpuBefore = process.cpuUsage();
    receivers.send({ reset: true });
    const measured = nextMessage<{ nowPlayingMs: number[] }>(player, 'nowPlayingMs', 'the bench player');
    player.send({ measure: { url, untilMs } });
    let events = 0;
    while (Date.now() < untilMs) {
      const now = new Date();
      events += 1;
      const event: IntegrationEvent<'listeners.peak'> = {
        type: 'listeners.peak',
        timestamp: now.toISOString(),
        data: { listeners: events, day: now.toISOString().slice(0, 10), at: now.toISOString() },
      };
      const value = String(events);
      await integrations.repo.raise(
        { key: 'bench', decide: () => ({ value, events: [{ event, dueAt: now }] }) },
        now,
      );
      integrations.dispatcher.kick();
      await sleep(EVENT_EVERY_MS - (Date.now() - now.getTime()));
    }
    const { nowPlayingMs } = await measured;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMsPerS = (cpu.user + cpu.system) / 1_000 / ((Date.now() - startedAt) / 1_000);
    if (profiler && profileTo !== undefined) await profiler.stopInto(profileTo);
    await sleep(SETTLE_MS);
    const collected = nextMessage<{ delays: number[] }>(receivers, 'delays', 'the bench receivers');
    receivers.send({ collect: true });
    const { delays } = await collected;
    return {
      nowPlayingMs: nowPlayingMs.sort((a, b) => a - b),
      deliveryDelaysMs: delays.sort((a, b) => a - b),
      events,
      cpuMsPerS,
    };
  } finally {
    await app.close();
    await store.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One run's figures for one side (with or without integrations). */
interface Side {
  nowPlayingMs: number[];
  p99s: number[];
  /** The server's CPU milliseconds per second of each round. */
  cpuMsPerS: number[];
}

/**
 * Runs with and without integrations in alternating short rounds, so the machine's drift (other
 * work on a shared box) falls on both sides alike: A B, then B A, and so on. Each round's ratio is
 * its own with/without p99; the median of those, with the lowest and highest, is the figure.
 */
export async function runIntegrationsBench(
  minutes = DEFAULT_MINUTES,
  rounds = DEFAULT_ROUNDS,
  profileDir?: string,
): Promise<void> {
  if (profileDir !== undefined) mkdirSync(profileDir, { recursive: true });
  const child = (name: Child) =>
    fork(fileURLToPath(import.meta.url), {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, [CHILD_ENV]: name },
    });
  const receivers = child('receivers');
  const player = child('player');
  try {
    const [{ ready: receiver }] = await Promise.all([
      nextMessage<{ ready: { ca: string; port: number } }>(receivers, 'ready', 'the bench receivers'),
      nextMessage<{ ready: true }>(player, 'ready', 'the bench player'),
    ]);
    const outside: Outside = { receivers, player, receiver };
    const roundMinutes = minutes / rounds;
    console.log(
      `# integrations: ${INTEGRATIONS} webhooks (1 never answers), 1 event/s for ${minutes} min, against the same with no integrations; ` +
        `${rounds} rounds of ${formatMinutes(roundMinutes)} each side, order alternating (A B, B A, …); SQLite; receivers and player each in a child process`,
    );
    const without: Side = { nowPlayingMs: [], p99s: [], cpuMsPerS: [] };
    const withThem: Side = { nowPlayingMs: [], p99s: [], cpuMsPerS: [] };
    const deliveryDelaysMs: number[] = [];
    let events = 0;
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? [false, true] : [true, false];
      for (const withIntegrations of order) {
        const profileTo =
          profileDir === undefined
            ? undefined
            : join(profileDir, `${withIntegrations ? 'with' : 'without'}-${round + 1}.cpuprofile`);
        const result = await run(roundMinutes, withIntegrations, outside, profileTo);
        const side = withIntegrations ? withThem : without;
        side.nowPlayingMs.push(...result.nowPlayingMs);
        side.p99s.push(quantile(result.nowPlayingMs, 0.99));
        side.cpuMsPerS.push(result.cpuMsPerS);
        if (withIntegrations) {
          deliveryDelaysMs.push(...result.deliveryDelaysMs);
          events += result.events;
        }
      }
      const ratio = (withThem.p99s[round] ?? Number.NaN) / (without.p99s[round] ?? Number.NaN);
      ratios.push(ratio);
      console.log(
        `  round ${round + 1}/${rounds}: /api/now-playing p99 ${ms(without.p99s[round])} ms without, ${ms(withThem.p99s[round])} ms with: ×${ratio.toFixed(2)}; ` +
          `server CPU ${ms(without.cpuMsPerS[round])} ms/s without, ${ms(withThem.cpuMsPerS[round])} ms/s with`,
      );
    }
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const delays = sorted(deliveryDelaysMs);
    const p = (values: number[], q: number) => ms(quantile(values, q)).padStart(8);
    console.log(
      `event → delivery (${delays.length} deliveries of ${events} events × ${INTEGRATIONS - 1} answering receivers)`,
    );
    console.log(`  p50 ${p(delays, 0.5)} ms   p99 ${p(delays, 0.99)} ms`);
    console.log(`/api/now-playing, a request every ${PLAYER_POLL_EVERY_MS} ms, all rounds pooled`);
    for (const [label, side] of [
      ['no integrations  ', without],
      ['with integrations', withThem],
    ] as const) {
      const all = sorted(side.nowPlayingMs);
      console.log(`  ${label}   p50 ${p(all, 0.5)} ms   p99 ${p(all, 0.99)} ms   (${all.length} requests)`);
    }
    const byRound = sorted(ratios);
    const cpu = (side: Side) => ms(median(sorted(side.cpuMsPerS)));
    // Each round's own difference, the two sides of a round run back to back: the cost of one
    // event's deliveries, the figure least moved by the machine's other work.
    const perEvent = sorted(
      withThem.cpuMsPerS.map(
        (withMs, round) => ((withMs - (without.cpuMsPerS[round] ?? Number.NaN)) * EVENT_EVERY_MS) / 1_000,
      ),
    );
    console.log(
      `server CPU per second, median of ${rounds} rounds: ${cpu(without)} ms without, ${cpu(withThem)} ms with integrations; ` +
        `${ms(median(perEvent))} ms more per event (its ${INTEGRATIONS} deliveries), median of the rounds' differences`,
    );
    console.log(
      `p99 ratio, with/without, median of ${rounds} rounds: ×${median(byRound).toFixed(2)} ` +
        `(lowest ×${(byRound[0] ?? Number.NaN).toFixed(2)}, highest ×${(byRound.at(-1) ?? Number.NaN).toFixed(2)}; goal ≤ 1.1)`,
    );
  } finally {
    receivers.send({ quit: true });
    player.send({ quit: true });
  }
}

/** The V8 sampling profiler on this process (the server's), until `stopInto` writes what it saw. */
async function startProfiler(): Promise<{ stopInto: (file: string) => Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    stopInto: async (file) => {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      writeFileSync(file, JSON.stringify(profile));
    },
  };
}

function ms(value: number | undefined): string {
  return (value ?? Number.NaN).toFixed(1);
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

function formatMinutes(minutes: number): string {
  return minutes >= 1 ? `${Number(minutes.toFixed(2))} min` : `${Math.round(minutes * 60)} s`;
}

/** `--name N`: a number above 0, or `fallback` when the flag is absent. */
function numberArgument(name: string, fallback: number, example: string): number {
  const flag = process.argv.indexOf(`--${name}`);
  if (flag === -1) return fallback;
  const value = Number(process.argv[flag + 1]);
  if (!(value > 0)) throw new Error(`--${name} takes a number above 0, such as --${name} ${example}`);
  return value;
}

if (process.env[CHILD_ENV] === 'receivers') {
  await runReceivers();
} else if (process.env[CHILD_ENV] === 'player') {
  runPlayer();
} else if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const minutes = numberArgument('minutes', DEFAULT_MINUTES, '1');
  const rounds = numberArgument('rounds', DEFAULT_ROUNDS, '4');
  if (!Number.isInteger(rounds)) throw new Error('--rounds takes a whole number, such as --rounds 4');
  if ((minutes * 60) / rounds < 10) {
    throw new Error(
      `--minutes ${minutes} over --rounds ${rounds} leaves under 10 s a round; give fewer rounds`,
    );
  }
  const profileFlag = process.argv.indexOf('--cpu-prof');
  const profileDir = profileFlag === -1 ? undefined : process.argv[profileFlag + 1];
  if (profileFlag !== -1 && !profileDir) {
    throw new Error('--cpu-prof takes a folder for the profiles, such as --cpu-prof /tmp/profiles');
  }
  await runIntegrationsBench(minutes, rounds, profileDir);
}
