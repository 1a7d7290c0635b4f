import { appendFileSync, chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get, type ClientRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { episodeListSchema, rewindWindowSchema } from '@onair/core';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/fixtures/browser.ts';
import { IcecastFixture } from '../e2e/fixtures/icecast.ts';
import { openListenerPage } from '../e2e/fixtures/listener.ts';
import { NginxFixture } from '../e2e/fixtures/nginx.ts';
import { waitFor } from '../e2e/fixtures/ports.ts';
import { ServerFixture } from '../e2e/fixtures/server.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { DirectoryStorage } from '../apps/server/src/archive/archive-storage.ts';
import { ArchiveRecorder } from '../apps/server/src/archive/recorder.ts';
import type { StreamSource } from '../apps/server/src/archive/stream-source.ts';
import { REPO_ROOT, loadConfig } from '../apps/server/src/config.ts';
import { splitMp3Frames } from '../apps/server/src/stations/mp3-frames.ts';
import { ArchiveRepo } from '../apps/server/src/store/archive-repo.ts';
import { openDb } from '../apps/server/src/store/db.ts';
import { processCpuMs, quantile } from './measure.ts';
import { tapToSound, type TapTiming } from './tap-to-sound.bench.ts';

/**
 * The archive, each figure against a baseline measured in the same run:
 * (1) the recorder's CPU per hour of 320 kbps audio, fed in 8 KB reads as a network would deliver
 *     it, on a simulated clock (so ten minutes of audio take seconds), against copying the same
 *     reads to a file with no parsing or index (the least any recorder does);
 * (2) the time to the first audio byte of a rewind against the live mount of the same server;
 * (3) an episode seek (a Range request into its audio) against the same seek into the same bytes
 *     as a static file served by nginx;
 * (4) in Chromium, the time to sound of Restart this show against tapping Play on the live
 *     Icecast mount (a real Icecast fed by ffmpeg, the built server recording it);
 * (5) 500 concurrent rewind listeners against 500 listeners of Icecast's live mount: each
 *     process's CPU (from /proc/<pid>/stat) and how late the audio comes.
 * Usage: `npm run bench:archive [-- <minutes of audio>]` (needs `npm run build` first; env RUNS,
 * LISTENERS, WINDOW_S, SEEKS, and PARTS: a comma list of recorder, first-byte, seeks, sound and
 * listeners to run only those, all by default). Prints figures; never fails on time.
 */
const AUDIO_MINUTES = Number(process.argv[2] ?? 10);
const READ_BYTES = 8_192;
const TTFB_ROUNDS = 40;
/** Chromium runs of each of live Play and Restart this show. */
const RUNS = Number(process.env['RUNS'] ?? 10);
/** Episode seeks, each to a random offset, asked of both the server and nginx. */
const SEEKS = Number(process.env['SEEKS'] ?? 60);
const LISTENERS = Number(process.env['LISTENERS'] ?? 500);
/** How long each set of listeners is measured, once all are connected. */
const WINDOW_MS = Number(process.env['WINDOW_S'] ?? 20) * 1000;
/** How long a process is watched with no listener, for what it costs by itself. */
const IDLE_MS = 10_000;
/** Rewind streams one address may hold (REWIND_STREAMS_PER_ADDRESS is 3): listeners spread over 127.0.1.x, two each. */
const LISTENERS_PER_ADDRESS = 2;
/** Both mounts carry the same 192 kbps (the recorder copies the live mount's frames). */
const STREAM_BYTES_PER_MS = (192 * 1000) / 8 / 1000;
/** How often each listener's lateness is sampled. */
const SAMPLE_MS = 100;
/** How far back the rewind listeners start: 30 to 40 s, spread, so they read different frames. */
const REWIND_BACK_MS = 30_000;
const PART_NAMES = ['recorder', 'first-byte', 'seeks', 'sound', 'listeners'] as const;
const PARTS = new Set(process.env['PARTS']?.split(',').map((part) => part.trim()) ?? PART_NAMES);
for (const part of PARTS) {
  if (!(PART_NAMES as readonly string[]).includes(part))
    throw new Error(`PARTS: no part named ${part} (there are ${PART_NAMES.join(', ')})`);
}
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

async function recorderCpu(): Promise<void> {
  const loop = splitMp3Frames(readFileSync(resolve(REPO_ROOT, 'apps/server/assets/demo-loop-320.mp3')));
  const loopBytes = Buffer.concat(loop.frames);
  const bytesPerMs = (loop.bitrateKbps * 1000) / 8 / 1000;
  const totalBytes = Math.round(AUDIO_MINUTES * 60_000 * bytesPerMs);
  const reads = (function* () {
    for (let sent = 0; sent < totalBytes; sent += READ_BYTES) {
      const offset = sent % loopBytes.length;
      yield loopBytes.subarray(offset, Math.min(offset + READ_BYTES, loopBytes.length));
    }
  })();
  const dir = mkdtempSync(join(tmpdir(), 'onair-bench-archive-'));
  try {
    // Baseline: the same reads appended to a file.
    const copyStarted = cpuMs();
    for (const bytes of reads) appendFileSync(join(dir, 'copy.mp3'), bytes);
    const copyMs = cpuMs() - copyStarted;

    const db = await openDb({ dataDir: dir });
    let clock = Date.now();
    let delivered = 0;
    const source: StreamSource = async function* read(signal) {
      for (let sent = 0; sent < totalBytes; sent += READ_BYTES) {
        const offset = sent % loopBytes.length;
        const bytes = loopBytes.subarray(offset, Math.min(offset + READ_BYTES, loopBytes.length));
        delivered += bytes.length;
        clock = Date.now() + delivered / bytesPerMs;
        yield bytes;
      }
      // The station stays connected until the recorder hangs up.
      await new Promise((resolveAbort) => signal.addEventListener('abort', resolveAbort));
    };
    const recorder = new ArchiveRecorder({
      source,
      storage: new DirectoryStorage(join(dir, 'archive')),
      repo: new ArchiveRepo(db),
      now: () => clock,
      logger: quiet,
    });
    const started = cpuMs();
    recorder.start();
    while (delivered < totalBytes) await sleep(5);
    await sleep(50);
    const recorderMs = cpuMs() - started;
    await recorder.stop();
    await db.destroy();
    const perHourS = (recorderMs / 1000) * (60 / AUDIO_MINUTES);
    console.log(`recorder, ${AUDIO_MINUTES} min of 320 kbps in ${READ_BYTES / 1024} KB reads (SQLite index)`);
    console.log(
      `  CPU ${recorderMs.toFixed(0)} ms → ${perHourS.toFixed(2)} s per hour of audio = ${((perHourS / 3600) * 100).toFixed(3)} % of a core (goal < 1 %)`,
    );
    console.log(
      `  baseline, plain append of the same reads: ${copyMs.toFixed(0)} ms; ratio ${(recorderMs / copyMs).toFixed(2)}× the baseline`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function firstByteMs(url: string): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const request = get(url, (response) => {
      response.once('data', () => {
        resolvePromise(performance.now() - started);
        request.destroy();
      });
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

async function timeToFirstByte(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'onair-bench-rewind-'));
  const db = await openDb({ dataDir: dir });
  const app = await buildApp(
    loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST: join(dir, 'none') }),
    { db },
  );
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    // Enough recorded to rewind 10 s (the demo station records in-process from start).
    await sleep(14_000);
    const live: number[] = [];
    const rewind: number[] = [];
    for (let round = 0; round < TTFB_ROUNDS; round += 1) {
      live.push(await firstByteMs(`${base}/demo/live`));
      rewind.push(await firstByteMs(`${base}/api/rewind?at=${Date.now() - 10_000}`));
    }
    const median = (values: number[]) =>
      quantile(
        [...values].sort((a, b) => a - b),
        0.5,
      );
    console.log(`time to first audio byte, median of ${TTFB_ROUNDS} (same server, loopback)`);
    console.log(`  live mount /demo/live        ${median(live).toFixed(2)} ms`);
    console.log(
      `  /api/rewind 10 s back        ${median(rewind).toFixed(2)} ms; ratio ${(median(rewind) / median(live)).toFixed(2)}× live (goal ≤ 1.2×)`,
    );
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Milliseconds from the request to the first body byte, over a fresh connection (as a player's seek). */
function seekFirstByteMs(url: string, offset: number): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const started = performance.now();
    const request = get(url, { agent: false, headers: { range: `bytes=${offset}-` } }, (response) => {
      if (response.statusCode !== 206) {
        reject(new Error(`${url} answered a seek to ${offset} with HTTP ${response.statusCode}`));
        request.destroy();
        return;
      }
      response.once('data', () => {
        resolvePromise(performance.now() - started);
        request.destroy();
      });
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

function spread(sorted: number[]): string {
  return `median ${quantile(sorted, 0.5).toFixed(2)} ms, p95 ${quantile(sorted, 0.95).toFixed(2)} ms`;
}

/** An episode of the demo station's past day, sought into N times, against nginx serving its bytes as a file. */
async function episodeSeeks(): Promise<void> {
  const server = await ServerFixture.start({ LOG_LEVEL: 'silent' });
  const root = mkdtempSync(join(tmpdir(), 'onair-bench-episode-'));
  let nginx: NginxFixture | undefined;
  try {
    const { episodes } = episodeListSchema.parse(
      await waitFor('the demo past day', async () => {
        const body = (await (await fetch(`${server.url}/api/episodes?limit=1`)).json()) as unknown;
        return episodeListSchema.parse(body).episodes.length > 0 ? body : null;
      }),
    );
    const episode = episodes[0];
    if (!episode) throw new Error('the demo station has no episode');
    const audioUrl = new URL(episode.audioUrl, server.url).href;
    const bytes = Buffer.from(await (await fetch(audioUrl)).arrayBuffer());
    writeFileSync(join(root, 'episode.mp3'), bytes);
    chmodSync(root, 0o755); // nginx's worker runs as nobody
    nginx = await NginxFixture.serveFiles(root, '/episode.mp3');
    const fileUrl = `${nginx.url}/episode.mp3`;
    const server206: number[] = [];
    const nginx206: number[] = [];
    // The same offsets for both, interleaved, so a busy moment of the machine hits both alike.
    for (let seek = 0; seek < SEEKS; seek += 1) {
      const offset = Math.floor(Math.random() * (bytes.length - 1));
      server206.push(await seekFirstByteMs(audioUrl, offset));
      nginx206.push(await seekFirstByteMs(fileUrl, offset));
    }
    server206.sort((a, b) => a - b);
    nginx206.sort((a, b) => a - b);
    console.log(
      `episode seek: ${SEEKS} Range requests to random offsets of a ${(bytes.length / 1e6).toFixed(1)} MB episode, first byte, fresh connection each`,
    );
    console.log(`  nginx, the same bytes as a static file  ${spread(nginx206)}`);
    console.log(
      `  /api/episodes/:id/audio.mp3             ${spread(server206)}; ratio ${(quantile(server206, 0.5) / quantile(nginx206, 0.5)).toFixed(2)}× nginx (median), ${(quantile(server206, 0.95) / quantile(nginx206, 0.95)).toFixed(2)}× (p95)`,
    );
  } finally {
    await nginx?.stop();
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

/** Resolves once the archive reaches back `ms` (the Icecast station's server records from its start). */
async function archiveReachesBack(server: ServerFixture, ms: number): Promise<void> {
  await waitFor(
    `the archive to reach back ${ms / 1000} s`,
    async () => {
      const window = rewindWindowSchema.parse(await (await fetch(`${server.url}/api/rewind/window`)).json());
      return window.earliestAt !== null && window.earliestAt <= Date.now() - ms;
    },
    ms + 60_000,
  );
}

/** A fresh listener page taps `button` (a role name) and waits for sound; the button gets an id for the tap script. */
async function tapRun(browser: Browser, server: ServerFixture, button: string): Promise<TapTiming> {
  const page = await openListenerPage(browser);
  await page.goto(server.url);
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
  const target = page.getByRole('button', { name: button, exact: true });
  await target.waitFor({ timeout: 20_000 });
  await target.evaluate((element) => (element.id = 'bench-tap'));
  // As long as a listener takes to find the button once the app runs (tap-to-sound's LOOK_MS).
  await page.waitForTimeout(1_000);
  const timing = await page.evaluate<TapTiming>(
    tapToSound({ button: '#bench-tap', audio: 'audio[data-testid="player-audio"]' }),
  );
  await page.context().close();
  return timing;
}

async function restartToSound(server: ServerFixture): Promise<void> {
  await archiveReachesBack(server, 20_000);
  const browser = await launchBrowser();
  try {
    const live: TapTiming[] = [];
    const restart: TapTiming[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      live.push(await tapRun(browser, server, 'Play'));
      restart.push(await tapRun(browser, server, 'Restart this show'));
    }
    const sorted = (timings: TapTiming[], key: keyof TapTiming) =>
      timings.map((timing) => timing[key]).sort((a, b) => a - b);
    console.log(
      `time to sound in Chromium (currentTime advancing), ${RUNS} runs each, a fresh page each, interleaved`,
    );
    for (const key of ['fromDown', 'fromClick'] as const) {
      const liveMs = sorted(live, key);
      const restartMs = sorted(restart, key);
      console.log(`  from the ${key === 'fromDown' ? 'pointerdown' : 'click'}:`);
      console.log(`    Play, live Icecast mount   ${spread(liveMs)}`);
      console.log(
        `    Restart this show          ${spread(restartMs)}; ratio ${(quantile(restartMs, 0.5) / quantile(liveMs, 0.5)).toFixed(2)}× live (median; goal ≤ 1.2×)`,
      );
    }
  } finally {
    await browser.close();
  }
}

interface StreamListener {
  request: ClientRequest;
  bytes: number;
  /** Lateness samples: when a byte arrived less when its audio was due (a constant per listener aside). */
  lags: number[];
}

/** `count` listeners of `url(index)`, connected 50 at a time from 127.0.1.x, each counting its bytes. */
async function connectListeners(count: number, url: (index: number) => string): Promise<StreamListener[]> {
  const listeners: StreamListener[] = [];
  for (let first = 0; first < count; first += 50) {
    const batch = Array.from({ length: Math.min(50, count - first) }, (_, offset) => {
      const index = first + offset;
      return new Promise<StreamListener>((resolveListener, reject) => {
        const localAddress = `127.0.1.${1 + Math.floor(index / LISTENERS_PER_ADDRESS)}`;
        const request = get(url(index), { agent: false, localAddress }, (response) => {
          if (response.statusCode !== 200) {
            reject(new Error(`listener ${index}: HTTP ${response.statusCode}`));
            return;
          }
          const listener: StreamListener = { request, bytes: 0, lags: [] };
          response.on('data', (chunk: Buffer) => (listener.bytes += chunk.length));
          resolveListener(listener);
        });
        request.on('error', (error) => {
          if (!request.destroyed) reject(error);
        });
      });
    });
    listeners.push(...(await Promise.all(batch)));
  }
  return listeners;
}

/**
 * The CPU `pid` uses (% of one core) while `count` listeners stream from `url`, and each listener's
 * delay: at every sample, how far its audio lags behind the best it kept during the window (a
 * stream paced in real time keeps a constant lag; a late chunk shows as a rise).
 */
async function underListeners(
  pid: number,
  count: number,
  url: (index: number) => string,
): Promise<{ cpuPercent: number; delays: number[] }> {
  const listeners = await connectListeners(count, url);
  try {
    await sleep(3_000); // the bursts are in; what is measured is the steady stream
    const cpuBefore = processCpuMs(pid);
    const started = performance.now();
    const sampler = setInterval(() => {
      const now = performance.now();
      for (const listener of listeners) listener.lags.push(now - listener.bytes / STREAM_BYTES_PER_MS);
    }, SAMPLE_MS);
    await sleep(WINDOW_MS);
    clearInterval(sampler);
    const cpuPercent = ((processCpuMs(pid) - cpuBefore) / (performance.now() - started)) * 100;
    const delays = listeners.flatMap((listener) => {
      const best = Math.min(...listener.lags);
      return listener.lags.map((lag) => lag - best);
    });
    return { cpuPercent, delays: delays.sort((a, b) => a - b) };
  } finally {
    for (const listener of listeners) listener.request.destroy();
  }
}

async function idleCpuPercent(pid: number): Promise<number> {
  const before = processCpuMs(pid);
  const started = performance.now();
  await sleep(IDLE_MS);
  return ((processCpuMs(pid) - before) / (performance.now() - started)) * 100;
}

async function concurrentListeners(icecast: IcecastFixture, server: ServerFixture): Promise<void> {
  await archiveReachesBack(server, REWIND_BACK_MS + 10_000);
  const icecastIdle = await idleCpuPercent(icecast.pid);
  const serverIdle = await idleCpuPercent(server.pid);
  const live = await underListeners(icecast.pid, LISTENERS, () => icecast.mountUrl('/live'));
  await sleep(2_000); // the live listeners' connections are gone
  const rewind = await underListeners(
    server.pid,
    LISTENERS,
    (index) => `${server.url}/api/rewind?at=${Date.now() - REWIND_BACK_MS - (index % 100) * 100}`,
  );
  console.log(
    `${LISTENERS} concurrent listeners for ${WINDOW_MS / 1000} s, 192 kbps, CPU from /proc/<pid>/stat (% of one core)`,
  );
  console.log(
    `  Icecast /live        CPU ${live.cpuPercent.toFixed(1)} % (${icecastIdle.toFixed(1)} % with no listener); delay p50 ${quantile(live.delays, 0.5).toFixed(0)} ms, p99 ${quantile(live.delays, 0.99).toFixed(0)} ms`,
  );
  console.log(
    `  server /api/rewind   CPU ${rewind.cpuPercent.toFixed(1)} % (${serverIdle.toFixed(1)} % with no listener, recorder included); delay p50 ${quantile(rewind.delays, 0.5).toFixed(0)} ms, p99 ${quantile(rewind.delays, 0.99).toFixed(0)} ms`,
  );
  console.log(
    `  ratio: CPU ${(rewind.cpuPercent / live.cpuPercent).toFixed(2)}× Icecast's (goal ≤ 2×), above idle ${((rewind.cpuPercent - serverIdle) / (live.cpuPercent - icecastIdle)).toFixed(2)}×; p99 delay ${(quantile(rewind.delays, 0.99) / quantile(live.delays, 0.99)).toFixed(2)}× Icecast's`,
  );
}

/** A real Icecast fed by ffmpeg and the built server recording its /live mount. */
async function onIcecast(): Promise<void> {
  // Room for the listeners, the source, the server's recorder and its status polls.
  const icecast = await IcecastFixture.start({ clients: LISTENERS + 100 });
  let server: ServerFixture | undefined;
  try {
    await icecast.startSource('/live', 192);
    server = await ServerFixture.start({
      STREAM_STANDARD_URL: icecast.mountUrl('/live'),
      STATUS_URL: icecast.statusUrl,
      LOG_LEVEL: 'silent',
    });
    // The archive fills meanwhile.
    if (PARTS.has('seeks')) await episodeSeeks();
    if (PARTS.has('sound')) await restartToSound(server);
    if (PARTS.has('listeners')) await concurrentListeners(icecast, server);
  } finally {
    await server?.stop();
    await icecast.stop();
  }
}

console.log(`node ${process.version} on ${process.platform}/${process.arch}`);
console.log(
  `load average at start: ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} on ${cpus().length} cores`,
);
if (PARTS.has('recorder')) await recorderCpu();
if (PARTS.has('first-byte')) await timeToFirstByte();
if (PARTS.has('seeks') || PARTS.has('sound') || PARTS.has('listeners')) await onIcecast();
