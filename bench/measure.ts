import { readFileSync } from 'node:fs';

/** Runs `fn` `iterations` times after a warm-up and returns the median of `rounds` timings, in ms. */
export function medianMs(fn: () => void, iterations: number, rounds = 7): number {
  for (let index = 0; index < Math.min(iterations, 1000); index += 1) fn();
  const timings: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    for (let index = 0; index < iterations; index += 1) fn();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return timings[Math.floor(timings.length / 2)] ?? Number.NaN;
}

export function printRow(label: string, ms: number, iterations: number, baselineMs?: number): void {
  const perCallUs = ((ms / iterations) * 1000).toFixed(2);
  const ratio = baselineMs === undefined ? '' : `  ratio ${(ms / baselineMs).toFixed(3)} of baseline`;
  console.log(`${label.padEnd(52)} ${perCallUs.padStart(8)} µs/call${ratio}`);
}

export interface HealthTimings {
  /** Milliseconds, sorted. */
  timings: number[];
  /** Requests that got no answer (connection reset, HTTP error): a stalled server shows here. */
  failures: number;
}

/** Sequential `/api/health` requests: `maxRequests` of them, or fewer if `stopped()` first. */
export async function measureHealth(
  url: string,
  maxRequests: number,
  stopped = () => false,
): Promise<HealthTimings> {
  const timings: number[] = [];
  let failures = 0;
  for (let request = 0; request < maxRequests && !stopped(); request += 1) {
    const started = performance.now();
    try {
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      if (response.ok) timings.push(performance.now() - started);
      else failures += 1;
    } catch {
      failures += 1;
    }
  }
  return { timings: timings.sort((a, b) => a - b), failures };
}

export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux the benches run on). */
const PROC_TICKS_PER_SECOND = 100;

/** CPU time (user + system) process `pid` has used so far, in ms, from /proc/<pid>/stat. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // After "pid (comm) ", whose comm may hold spaces: state is field 3, utime 14 and stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  if (!Number.isFinite(ticks)) throw new Error(`no CPU times in /proc/${pid}/stat`);
  return (ticks * 1000) / PROC_TICKS_PER_SECOND;
}
