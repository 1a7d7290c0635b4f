import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chatSessionSchema, CHAT_RATE_MAX_MESSAGES, CHAT_RATE_WINDOW_MS } from '@onair/core';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from '../e2e/fixtures/browser.ts';
import { ServerFixture } from '../e2e/fixtures/server.ts';

/**
 * The chat screen on a slow phone in a busy room: Chromium at 4× CPU slowdown (CDP
 * Emulation.setCPUThrottlingRate), 2,000 messages of history, then 20 messages a second from other
 * chatters for 30 s while the reader follows the latest. Prints the main thread's long-task time
 * (sum of PerformanceObserver 'longtask' durations), the worst frame (longest gap between two
 * requestAnimationFrame callbacks) and the main thread's busy time (CDP TaskDuration), for the app's
 * /chat and for the floor measured in the same run: a bare page on the same origin that reads the
 * same newest page and appends each arriving message's text to a plain list, from the same socket.
 * ROUNDS rounds of floor then app (the machine is shared, so single runs wander); the last two lines
 * are the medians.
 * Everything goes through the real server and its API: history and live messages are POSTed by
 * chatters whose sessions come from distinct forwarded addresses (TRUST_PROXY=127.0.0.1), so the
 * per-address and per-chatter limits are kept, not lifted.
 * `npm run bench:chat-ui [-- --dist path/to/other/dist]` measures another build of the web app
 * (an older one, for a before/after). Prints figures; never passes or fails on time.
 */
const HISTORY = Number(process.env['HISTORY'] ?? 2_000);
const RATE_PER_S = Number(process.env['RATE_PER_S'] ?? 20);
const ARRIVAL_S = Number(process.env['ARRIVAL_S'] ?? 30);
const ARRIVING = RATE_PER_S * ARRIVAL_S;
const CPU_SLOWDOWN = 4;
const ROUNDS = Number(process.env['ROUNDS'] ?? 3);
/** Chatters, spread over forwarded addresses within the server's 30 new names per address an hour. */
const CHATTERS = 200;
const NAMES_PER_ADDRESS = 25;
/** Time after the last message for the screen to draw it, still inside the measured window. */
const DRAIN_MS = 2_000;
/** Time for the page to settle (first renders, fonts, the shader's start) before the window opens. */
const SETTLE_MS = 3_000;

const distArgument = process.argv.indexOf('--dist');
const dist = distArgument === -1 ? undefined : resolve(process.argv[distArgument + 1] ?? '');

/** A chat line as people write them: mostly short, some long enough to wrap, a few mentions. */
const PHRASES = [
  'tune!',
  'this is class',
  'who is on the decks tonight?',
  'greetings from Galway 👋',
  'turn it up',
  'what was the track before this one? it had a great bassline and I need it in my life',
  '@Chatter 3 you were right about this set',
  'lovely vibes this evening, thanks for the music',
  '🔥🔥🔥',
  'anyone going to the gig on Saturday? tickets still on sale at the door I think',
];
const lineText = (n: number) => `${PHRASES[n % PHRASES.length] ?? ''} #${n}`;

interface Chatter {
  cookie: string;
}

/** Opens CHATTERS chat sessions through the API, NAMES_PER_ADDRESS per forwarded address. */
async function openChatters(baseUrl: string): Promise<Chatter[]> {
  const chatters: Chatter[] = [];
  for (let index = 0; index < CHATTERS; index += 1) {
    const address = `10.0.${Math.floor(index / NAMES_PER_ADDRESS)}.1`;
    const response = await fetch(`${baseUrl}/api/chat/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ name: `Chatter ${index}` }),
    });
    const cookie = /onair_chat=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
    if (response.status !== 200 || cookie === undefined) {
      throw new Error(`chat session refused: ${response.status} ${await response.text()}`);
    }
    chatSessionSchema.parse(await response.json());
    chatters.push({ cookie });
  }
  return chatters;
}

/** POSTs one message as `chatter`; waits out a 429 and sends it again (same id). */
async function post(baseUrl: string, chatter: Chatter, text: string): Promise<void> {
  const id = randomUUID();
  for (;;) {
    const response = await fetch(`${baseUrl}/api/chat/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: chatter.cookie },
      body: JSON.stringify({ id, text }),
    });
    if (response.status === 201 || response.status === 200) return;
    if (response.status !== 429)
      throw new Error(`message refused: ${response.status} ${await response.text()}`);
    await sleep(Number(response.headers.get('retry-after') ?? '1') * 1_000);
  }
}

/**
 * The history: each chatter sends its share, at most the per-chatter limit per window; the last
 * message goes alone, after all the others, so it is the newest.
 */
async function writeHistory(baseUrl: string, chatters: Chatter[]): Promise<void> {
  let next = 0;
  await Promise.all(
    chatters.map(async (chatter) => {
      while (next < HISTORY - 1) {
        const burst: Promise<void>[] = [];
        for (let sent = 0; sent < CHAT_RATE_MAX_MESSAGES && next < HISTORY - 1; sent += 1) {
          burst.push(post(baseUrl, chatter, lineText(next)));
          next += 1;
        }
        await Promise.all(burst);
        if (next < HISTORY - 1) await sleep(CHAT_RATE_WINDOW_MS);
      }
    }),
  );
  const last = chatters.at(-1);
  if (last) await post(baseUrl, last, lineText(HISTORY - 1));
}

/** RATE_PER_S messages a second for ARRIVAL_S, round robin over the chatters (one each per 10 s at 20/s). */
async function arrive(baseUrl: string, chatters: Chatter[], first: number): Promise<void> {
  const started = performance.now();
  const sends: Promise<void>[] = [];
  for (let n = 0; n < ARRIVING; n += 1) {
    const due = started + (n * 1_000) / RATE_PER_S;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const chatter = chatters[n % chatters.length];
    if (chatter) sends.push(post(baseUrl, chatter, lineText(first + n)));
  }
  await Promise.all(sends);
}

interface Figures {
  longTaskMs: number;
  longTasks: number;
  worstFrameMs: number;
  busyMs: number;
  /** From the first send until the page answered after the drain: longer than ARRIVAL_S + DRAIN when it fell behind. */
  windowMs: number;
}

/** In-page: starts recording long tasks and frame gaps; `window.__chatBench()` answers them. */
const START_RECORDING = `(() => {
  const started = performance.now();
  const record = { longTaskMs: 0, longTasks: 0, worstFrameMs: 0, windowMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      record.longTaskMs += entry.duration;
      record.longTasks += 1;
    }
  }).observe({ type: 'longtask' });
  let last = performance.now();
  const frame = (now) => {
    record.worstFrameMs = Math.max(record.worstFrameMs, now - last);
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  window.__chatBench = () => ({ ...record, windowMs: performance.now() - started });
})()`;

/**
 * Measures the page while the messages arrive: the window opens at the first send and closes DRAIN_MS
 * after the last, or later when the page has fallen behind.
 */
async function measureWhileArriving(
  page: Page,
  baseUrl: string,
  chatters: Chatter[],
  first: number,
): Promise<Figures> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const busy = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0) * 1_000;
  };
  await page.evaluate(START_RECORDING);
  const busyBefore = await busy();
  await arrive(baseUrl, chatters, first);
  await sleep(DRAIN_MS);
  // The page answers when its main thread gets to it: one that fell behind answers late, measured until then.
  const record = await page.evaluate<Omit<Figures, 'busyMs'>>('window.__chatBench()');
  const busyAfter = await busy();
  return { ...record, busyMs: busyAfter - busyBefore };
}

async function slowPage(browser: Browser): Promise<Page> {
  const page = await openPage(browser);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/** A phone has no pointer resting on the list (a mouse there would re-hover rows as they scroll). */
const pointerAway = (page: Page) => page.mouse.move(1, 1);

/**
 * The app's /chat, signed in as `reader` (a name is held for a day: each round takes its own),
 * following the latest; the messages it is sent are numbered from `first`.
 */
async function appRun(
  browser: Browser,
  baseUrl: string,
  chatters: Chatter[],
  first: number,
  reader: string,
): Promise<Figures> {
  const page = await slowPage(browser);
  page.setDefaultTimeout(60_000);
  await page.goto(`${baseUrl}/chat`);
  await page.getByRole('textbox', { name: 'Your name in the chat' }).fill(reader);
  await page.getByRole('button', { name: 'Join chat' }).click();
  await page.getByRole('combobox', { name: 'Message' }).waitFor();
  await page
    .getByRole('list', { name: 'Messages' })
    .getByText(lineText(first - 1))
    .waitFor();
  await pointerAway(page);
  await sleep(SETTLE_MS);
  const figures = await measureWhileArriving(page, baseUrl, chatters, first);
  await page
    .getByRole('list', { name: 'Messages' })
    .getByText(lineText(first + ARRIVING - 1))
    .waitFor();
  await page.context().close();
  return figures;
}

/** The floor: the same origin and socket, the newest page and every arriving text in a bare list. */
async function floorRun(
  browser: Browser,
  baseUrl: string,
  chatters: Chatter[],
  first: number,
): Promise<Figures> {
  const page = await slowPage(browser);
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(`(async () => {
    document.body.innerHTML = '<div id="scroller" style="height:600px;overflow-y:auto"><ol id="list"></ol></div>';
    const scroller = document.getElementById('scroller');
    const list = document.getElementById('list');
    const add = (message) => {
      const item = document.createElement('li');
      item.textContent = message.name + ': ' + message.text;
      list.append(item);
      scroller.scrollTop = scroller.scrollHeight;
    };
    const page = await (await fetch('/api/chat/messages?limit=50')).json();
    page.messages.forEach(add);
    const socket = new WebSocket(location.origin.replace('http', 'ws') + '/api/realtime');
    socket.onopen = () => socket.send(JSON.stringify({ type: 'subscribe', topics: ['chat'] }));
    socket.onmessage = (event) => {
      const frame = JSON.parse(event.data);
      if (frame.topic === 'chat' && frame.data.type === 'message') add(frame.data.message);
    };
    await new Promise((ready) => socket.addEventListener('message', ready, { once: true }));
  })()`);
  await page.getByText(lineText(first - 1)).waitFor();
  await pointerAway(page);
  await sleep(SETTLE_MS);
  const figures = await measureWhileArriving(page, baseUrl, chatters, first);
  await page.getByText(lineText(first + ARRIVING - 1)).waitFor();
  await page.context().close();
  return figures;
}

function medians(runs: Figures[]): Figures {
  const median = (key: keyof Figures) => {
    const sorted = runs.map((run) => run[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  };
  return {
    longTaskMs: median('longTaskMs'),
    longTasks: median('longTasks'),
    worstFrameMs: median('worstFrameMs'),
    busyMs: median('busyMs'),
    windowMs: median('windowMs'),
  };
}

function print(label: string, figures: Figures, floor?: Figures): void {
  // A floor with no long task at all has no ratio to give.
  const ratio = (key: keyof Figures) => {
    if (floor === undefined) return '';
    return floor[key] < 1 ? ' (floor: none)' : ` (${(figures[key] / floor[key]).toFixed(1)}× floor)`;
  };
  console.log(
    `${label.padEnd(22)} long tasks ${figures.longTaskMs.toFixed(0).padStart(6)} ms in ${String(figures.longTasks).padStart(3)}${ratio('longTaskMs')}` +
      `  worst frame ${figures.worstFrameMs.toFixed(0).padStart(5)} ms${ratio('worstFrameMs')}` +
      `  main thread busy ${figures.busyMs.toFixed(0).padStart(6)} ms${ratio('busyMs')}` +
      `  in a window of ${(figures.windowMs / 1_000).toFixed(1)} s`,
  );
}

const server = await ServerFixture.start({ TRUST_PROXY: '127.0.0.1', ...(dist ? { WEB_DIST: dist } : {}) });
const browser = await launchBrowser();
try {
  const chatters = await openChatters(server.url);
  const historyStarted = performance.now();
  await writeHistory(server.url, chatters);
  console.log(
    `${HISTORY} messages of history through POST /api/chat/messages in ${((performance.now() - historyStarted) / 1_000).toFixed(1)} s; ` +
      `then ${RATE_PER_S} messages/s for ${ARRIVAL_S} s at ${CPU_SLOWDOWN}× CPU slowdown${dist ? `; web app from ${dist}` : ''}`,
  );
  // The same phrases reach both, numbered on from the history, one run after the other.
  const floors: Figures[] = [];
  const apps: Figures[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const first = HISTORY + 2 * round * ARRIVING;
    const floor = await floorRun(browser, server.url, chatters, first);
    const app = await appRun(browser, server.url, chatters, first + ARRIVING, `Reader ${round + 1}`);
    print(`round ${round + 1}: floor`, floor);
    print(`round ${round + 1}: app`, app, floor);
    floors.push(floor);
    apps.push(app);
  }
  const floor = medians(floors);
  print('median: floor', floor);
  print('median: app /chat', medians(apps), floor);
} finally {
  await browser.close();
  await server.stop();
}
