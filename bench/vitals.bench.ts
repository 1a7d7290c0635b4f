import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { z } from 'zod';
import { freePort } from '../e2e/fixtures/ports.ts';
import { requireCommand } from '../e2e/fixtures/processes.ts';
import { REPO_ROOT, ServerFixture } from '../e2e/fixtures/server.ts';

// Web Vitals of the built app as Lighthouse's default mobile preset measures them (simulated slow
// 4G, 4× CPU slowdown) on / and /schedule, with the shader on (software WebGL here) and under
// reduced motion, next to a bare static HTML page from the same server: the floor this machine
// allows. Each path is measured on a first visit and on a warm one: a second visit with the
// service worker in control, as every launch of the installed app is. Medians of RUNS runs.
// Prints figures; never passes or fails.

const RUNS = Number(process.env['RUNS'] ?? 3);
const PATHS = ['/', '/schedule'];
const BARE_PAGE = '/bare.html';
const TARGETS =
  'targets: score ≥ 0.95 reduced motion, ≥ 0.90 shader on; LCP ≤ 1500 ms; CLS ≤ 0.02; TBT ≤ 150 ms';

const auditSchema = z.object({ numericValue: z.number().optional() });
const reportSchema = z.object({
  categories: z.object({ performance: z.object({ score: z.number().nullable() }) }),
  audits: z.object({
    'first-contentful-paint': auditSchema,
    'largest-contentful-paint': auditSchema,
    'total-blocking-time': auditSchema,
    'cumulative-layout-shift': auditSchema,
  }),
});

interface Vitals {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

const run = promisify(execFile);
const lighthouseBin = resolve(REPO_ROOT, 'node_modules/.bin/lighthouse');

const chromeFlags = (reducedMotion: boolean) => [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  ...(reducedMotion ? ['--force-prefers-reduced-motion'] : []),
];

/** `browser`: Lighthouse's own flags for the browser it runs in (a fresh one by default). */
async function lighthouse(url: string, browser: string[]): Promise<Vitals> {
  const { stdout } = await run(
    lighthouseBin,
    [url, '--only-categories=performance', '--output=json', '--output-path=stdout', '--quiet', ...browser],
    { env: { ...process.env, CHROME_PATH: requireCommand('chromium') }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = reportSchema.parse(JSON.parse(stdout));
  const value = (audit: z.infer<typeof auditSchema>) => audit.numericValue ?? Number.NaN;
  return {
    score: report.categories.performance.score ?? Number.NaN,
    fcp: value(report.audits['first-contentful-paint']),
    lcp: value(report.audits['largest-contentful-paint']),
    tbt: value(report.audits['total-blocking-time']),
    cls: value(report.audits['cumulative-layout-shift']),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** A first visit: a fresh browser profile, nothing stored. */
function firstVisit(url: string, reducedMotion: boolean): Promise<Vitals> {
  return lighthouse(url, [`--chrome-flags=${chromeFlags(reducedMotion).join(' ')}`]);
}

/**
 * A second visit: the page was opened once in this profile and its service worker controls it;
 * Lighthouse then loads it again in the same browser, keeping what the first visit stored.
 */
async function warmVisit(url: string, reducedMotion: boolean): Promise<Vitals> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'onair-vitals-profile-'));
  // A persistent context is the browser's default one, where Lighthouse opens its tab.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: requireCommand('chromium'),
    args: [...chromeFlags(reducedMotion).slice(1), `--remote-debugging-port=${port}`],
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    // A tab stays open, so the browser outlives this first visit.
    await page.goto('about:blank');
    return await lighthouse(url, [`--port=${port}`, '--disable-storage-reset']);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function measure(
  label: string,
  visit: (url: string, reducedMotion: boolean) => Promise<Vitals>,
  url: string,
  reducedMotion: boolean,
): Promise<void> {
  const runs: Vitals[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await visit(url, reducedMotion));
  const m = (key: keyof Vitals) => median(runs.map((vitals) => vitals[key]));
  console.log(
    `${label.padEnd(34)} score ${m('score').toFixed(2)}  FCP ${m('fcp').toFixed(0).padStart(5)} ms  LCP ${m('lcp').toFixed(0).padStart(5)} ms  ` +
      `TBT ${m('tbt').toFixed(0).padStart(5)} ms  CLS ${m('cls').toFixed(3)}`,
  );
}

// The built app plus one bare page, served by the same server from a copy of the build.
const dist = mkdtempSync(join(tmpdir(), 'onair-vitals-'));
cpSync(resolve(REPO_ROOT, 'apps/web/dist'), dist, { recursive: true });
writeFileSync(
  join(dist, BARE_PAGE.slice(1)),
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Bare page</title></head><body><h1>Bare page</h1><p>The same server, no script, no style.</p></body></html>',
);
const server = await ServerFixture.start({ WEB_DIST: dist });
try {
  console.log(`Lighthouse mobile preset, median of ${RUNS} runs; ${TARGETS}`);
  for (const reducedMotion of [false, true]) {
    const mode = reducedMotion ? 'reduced motion' : 'shader on';
    for (const path of PATHS) {
      await measure(`${path} (${mode})`, firstVisit, server.url + path, reducedMotion);
      await measure(`${path} warm (${mode})`, warmVisit, server.url + path, reducedMotion);
    }
    await measure(`bare static page (${mode})`, firstVisit, server.url + BARE_PAGE, reducedMotion);
  }
} finally {
  await server.stop();
  rmSync(dist, { recursive: true, force: true });
}
