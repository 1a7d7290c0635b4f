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
