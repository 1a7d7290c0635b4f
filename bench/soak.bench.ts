import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { chatCookies } from '../e2e/fixtures/chat-history.ts';
import { launchBrowser } from '../e2e/fixtures/browser.ts';
import { audioState, openListenerPage, playAndWaitForSound } from '../e2e/fixtures/listener.ts';
import { ServerFixture } from '../e2e/fixtures/server.ts';

/**
 * Soak: real Chromium plays the demo station with the chat open for N minutes while another chatter
 * posts every 10 s. Every minute it prints the page's JS heap (after a forced GC, through the
 * DevTools protocol), the server's RSS and how far the audio has played; at the end, the growth.
 * Target: heap growth < 5 MB over 30 minutes. Usage: `npm run bench:soak [-- --minutes 30]`.
 */
const DEFAULT_MINUTES = 30;
const CHAT_EVERY_MS = 10_000;
const MINUTE_MS = 60_000;

function rssMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? Number.NaN) / 1024;
}

export async function runSoakBench(minutes = DEFAULT_MINUTES): Promise<void> {
  const server = await ServerFixture.start();
  const browser = await launchBrowser();
  let chatter: ReturnType<typeof setInterval> | undefined;
  try {
    const page = await openListenerPage(browser);
    await page.goto(server.url);
    await playAndWaitForSound(page);
    // In-app navigation, so the player keeps playing while the chat is open.
    await page.getByRole('link', { name: /^Chat/ }).click();
    await page.getByRole('textbox', { name: 'Your name in the chat' }).fill('Soak Listener');
    await page.getByRole('button', { name: 'Join chat' }).click();
    await page.getByRole('combobox', { name: 'Message' }).waitFor();

    const [cookie = ''] = await chatCookies(server.url, ['Soak Chatter']);
    let posted = 0;
    chatter = setInterval(() => {
      posted += 1;
      void fetch(`${server.url}/api/chat/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ id: randomUUID(), text: `soak message ${posted}` }),
      });
    }, CHAT_EVERY_MS);

    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Performance.enable');
    const heapMb = async () => {
      await devtools.send('HeapProfiler.collectGarbage');
      const { metrics } = await devtools.send('Performance.getMetrics');
      return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN) / 1024 / 1024;
    };

    console.log(
      `soak: Chromium plays the demo station with the chat open for ${minutes} min, a message every ${CHAT_EVERY_MS / 1_000} s`,
    );
    console.log('  minute  JS heap (MB)  server RSS (MB)  audio played (s)  paused');
    const series: number[] = [];
    for (let minute = 0; minute <= minutes; minute += 1) {
      if (minute > 0) await sleep(MINUTE_MS);
      const heap = await heapMb();
      series.push(heap);
      const { currentTime, paused } = await audioState(page);
      console.log(
        `  ${String(minute).padStart(6)}  ${heap.toFixed(2).padStart(12)}  ${rssMb(server.pid).toFixed(1).padStart(15)}  ${currentTime.toFixed(0).padStart(16)}  ${paused}`,
      );
    }
    const first = series[0] ?? Number.NaN;
    const last = series.at(-1) ?? Number.NaN;
    console.log(
      `  JS heap growth over ${minutes} min: ${(last - first).toFixed(2)} MB (target < 5 MB over 30 min); ${posted} chat messages posted meanwhile`,
    );
  } finally {
    clearInterval(chatter);
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const minutesAt = args.indexOf('--minutes');
  const minutes = minutesAt === -1 ? DEFAULT_MINUTES : Number(args[minutesAt + 1]);
  if (!Number.isInteger(minutes) || minutes < 1) throw new Error('--minutes takes a whole number of minutes');
  await runSoakBench(minutes);
}
