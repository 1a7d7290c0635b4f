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
