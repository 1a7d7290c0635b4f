import { cpus, loadavg } from 'node:os';
import type { AudioQuality } from '@onair/core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { launchBrowser } from '../e2e/fixtures/browser.ts';
import { IcecastFixture } from '../e2e/fixtures/icecast.ts';
import { requireCommand } from '../e2e/fixtures/processes.ts';
import { ServerFixture } from '../e2e/fixtures/server.ts';
import { openListenerPage } from '../e2e/fixtures/listener.ts';
import { NOW_PLAYING_UPSTREAM_POLL_MS } from '../apps/server/src/stations/icecast-poller.ts';

// Tap-to-sound against a local Icecast 2.4: the app's player next to a bare <audio preload="none">
// in the same browser and to the floor (Icecast's first audio byte to a plain HTTP client), then the
// upstream cost of now-playing under 200 polling listeners.
// Prints figures; never passes or fails on time.

const RUNS = Number(process.env['RUNS'] ?? 10);
const LISTENERS = 200;
const LISTEN_SECONDS = Number(process.env['LISTEN_SECONDS'] ?? 60);
/** How often each simulated listener polls: far more often than the app's 30 s, to stress the cache. */
const LISTENER_POLL_MS = 5_000;
const MOUNTS: Record<AudioQuality, string> = { standard: '/live', high: '/live-hq' };

/**
 * How long a finger rests on the screen in a tap, from pointerdown to the click. Touch taps last about
 * 50–150 ms; the app opens the stream on pointerdown, a bare <audio> only on the click.
 */
const TAP_MS = Number(process.env['TAP_MS'] ?? 80);

/**
 * How long after the app has started the listener taps: the time to find Play on the screen. The page
 * is at its busiest in the first moments (first renders, the shader's first frames, data arriving).
 */
const LOOK_MS = Number(process.env['LOOK_MS'] ?? 1000);

/** Milliseconds until sound, from the finger landing (pointerdown) and from the click. */
export interface TapTiming {
  fromDown: number;
  fromClick: number;
}

/**
 * In-page script: taps `button` (pointerdown, TAP_MS, click), then resolves with the ms until
 * `audio.currentTime` first advances. A string, because tsx's name-keeping helpers do not exist inside
 * the page.
 */
export function tapToSound(selectors: { button: string; audio: string }): string {
  return `new Promise((resolve, reject) => {
    const selectors = ${JSON.stringify(selectors)};
    const button = document.querySelector(selectors.button);
    if (!button) return reject(new Error('no ' + selectors.button));
    const audio = document.querySelector(selectors.audio);
    if (!audio) return reject(new Error('no ' + selectors.audio));
    const deadline = performance.now() + 20000;
    const down = performance.now();
    let click = null;
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch', isPrimary: true }));
    setTimeout(() => {
      click = performance.now();
      button.click();
    }, ${TAP_MS});
    const tick = () => {
      const now = performance.now();
      if (click !== null && audio.currentTime > 0 && !audio.paused) resolve({ fromDown: now - down, fromClick: now - click });
      else if (now > deadline) reject(new Error('no sound within 20 s'));
      else setTimeout(tick, 2);
    };
    tick();
  })`;
}

async function appRun(browser: Browser, server: ServerFixture, quality: AudioQuality): Promise<TapTiming> {
  const page = await openListenerPage(browser);
  await page.addInitScript((value) => localStorage.setItem('playfm_audio_quality', value), quality);
  await page.goto(server.url);
  // The app runs (the prerendered Play before it only keeps the tap for it), with the station's
  // stream URLs known, as for a listener who looks before tapping.
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
  await page.waitForTimeout(LOOK_MS);
  const timing = await page.evaluate<TapTiming>(
    tapToSound({ button: '.player-play', audio: 'audio[data-testid="player-audio"]' }),
  );
  await page.context().close();
  return timing;
}

async function bareRun(browser: Browser, server: ServerFixture, url: string): Promise<TapTiming> {
  const page: Page = await openListenerPage(browser);
  await page.goto(`${server.url}/api/health`); // same origin and CSP as the app, without the app
  await page.evaluate(`(() => {
    const audio = document.createElement('audio');
    audio.preload = 'none';
    audio.id = 'bare';
    const button = document.createElement('button');
    button.id = 'bare-play';
    button.addEventListener('click', () => {
      audio.src = ${JSON.stringify(url)} + '?t=' + Date.now();
      audio.play();
    });
    document.body.append(audio, button);
  })()`);
  const timing = await page.evaluate<TapTiming>(tapToSound({ button: '#bare-play', audio: '#bare' }));
  await page.context().close();
  return timing;
}

/**
 * The floor: a plain HTTP client (no browser, no decoder) asking the mount, from the request to the
 * first audio byte. Icecast answers a new listener from its source loop, which turns at the pace the
 * source client writes, so even this takes a couple of hundred milliseconds on loopback.
 */
async function firstAudioByte(url: string): Promise<number> {
  const started = performance.now();
  const controller = new AbortController();
  const response = await fetch(`${url}?t=${Date.now()}`, { signal: controller.signal });
  const reader = response.body?.getReader();
  if (!reader) throw new Error(`no body from ${url}`);
  try {
    const { done } = await reader.read();
    if (done) throw new Error(`${url} ended before its first byte`);
    return performance.now() - started;
  } finally {
    controller.abort();
  }
}

function noWebGlBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: requireCommand('chromium'),
    args: [
      '--no-sandbox',
      '--autoplay-policy=no-user-gesture-required',
      '--disable-webgl',
      '--disable-background-networking',
    ],
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

async function pollingListeners(
  server: ServerFixture,
  icecast: IcecastFixture,
): Promise<{ requests: number; upstream: number; seconds: number }> {
  const before = icecast.requestCount('/status-json.xsl');
  const started = Date.now();
  const until = Date.now() + LISTEN_SECONDS * 1000;
  let requests = 0;
  const listener = async () => {
    let etag: string | null = null;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * LISTENER_POLL_MS));
    while (Date.now() < until) {
      const response: Response = await fetch(`${server.url}/api/now-playing`, {
        headers: etag ? { 'if-none-match': etag } : {},
      });
      requests += 1;
      etag = response.headers.get('etag') ?? etag;
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, LISTENER_POLL_MS));
    }
  };
  await Promise.all(Array.from({ length: LISTENERS }, listener));
  // Icecast writes its access log when a connection closes; give the last one a moment.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    requests,
    upstream: icecast.requestCount('/status-json.xsl') - before,
    seconds: (Date.now() - started) / 1000,
  };
}

export async function runTapToSoundBench(): Promise<void> {
  const icecast = await IcecastFixture.start();
  let server: ServerFixture | undefined;
  let browser: Browser | undefined;
  try {
    await icecast.startSource(MOUNTS.standard, 192);
    await icecast.startSource(MOUNTS.high, 320);
    server = await ServerFixture.start({
      STREAM_STANDARD_URL: icecast.mountUrl(MOUNTS.standard),
      STREAM_HIGH_URL: icecast.mountUrl(MOUNTS.high),
      STATUS_URL: icecast.statusUrl,
    });
    console.log(
      `tap-to-sound, ${RUNS} runs each, Chromium (headless) against Icecast 2.4 on loopback; ` +
        `a tap is pointerdown, ${TAP_MS} ms, click, ${LOOK_MS} ms after the app started`,
    );
    // Timings here are CPU-bound; the load says how busy the machine was.
    console.log(
      `load average at start: ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
    );
    // Headless Chromium draws the app's WebGL background with SwiftShader, on the CPU, which a phone
    // does on its GPU: the app is measured both ways, the bare element alike in each browser.
    const browsers: Array<[string, () => Promise<Browser>]> = [
      ['software WebGL (e2e browser)', launchBrowser],
      ['WebGL off (background on its CSS fallback)', noWebGlBrowser],
    ];
    for (const [label, launch] of browsers) {
      browser = await launch();
      console.log(`-- ${label}`);
      for (const quality of ['standard', 'high'] as const) {
        const app: TapTiming[] = [];
        const bare: TapTiming[] = [];
        const floor: number[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          // Interleaved, so a busy moment of the machine hits all three alike.
          app.push(await appRun(browser, server, quality));
          bare.push(await bareRun(browser, server, icecast.mountUrl(MOUNTS[quality])));
          floor.push(await firstAudioByte(icecast.mountUrl(MOUNTS[quality])));
        }
        const appMedian = median(app.map((run) => run.fromDown));
        const bareMedian = median(bare.map((run) => run.fromDown));
        console.log(
          `${quality.padEnd(8)} from pointerdown: app median ${appMedian.toFixed(0).padStart(5)} ms  ` +
            `bare <audio> median ${bareMedian.toFixed(0).padStart(5)} ms  ratio ${(appMedian / bareMedian).toFixed(3)}`,
        );
        console.log(
          `         from the click: app median ${median(app.map((run) => run.fromClick))
            .toFixed(0)
            .padStart(5)} ms  ` +
            `bare <audio> median ${median(bare.map((run) => run.fromClick))
              .toFixed(0)
              .padStart(5)} ms`,
        );
        const floorMedian = median(floor);
        console.log(
          `         Icecast's first audio byte to a plain HTTP client (the floor): median ${floorMedian.toFixed(0).padStart(5)} ms  ` +
            `app from pointerdown / floor ${(appMedian / floorMedian).toFixed(2)}`,
        );
        console.log(`         app runs  ${app.map((run) => run.fromDown.toFixed(0)).join(' ')}`);
        console.log(`         bare runs ${bare.map((run) => run.fromDown.toFixed(0)).join(' ')}`);
      }
      await browser.close();
      browser = undefined;
    }
    const { requests, upstream, seconds } = await pollingListeners(server, icecast);
    console.log(
      `now-playing: ${LISTENERS} listeners made ${requests} requests in ${LISTEN_SECONDS} s; ` +
        `Icecast received ${upstream} status requests in ${seconds.toFixed(1)} s ` +
        `(the server polls every ${NOW_PLAYING_UPSTREAM_POLL_MS} ms whatever the number of listeners: ` +
        `~${Math.round((seconds * 1000) / NOW_PLAYING_UPSTREAM_POLL_MS)} expected)`,
    );
  } finally {
    await browser?.close();
    await server?.stop();
    await icecast.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runTapToSoundBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
