import { findOnAir, findUpNext, stationWallClock } from '@onair/core';
import { loadBundledSchedule } from '../apps/server/src/bundled-schedule.ts';
import { medianMs, printRow } from './measure.ts';

/**
 * What is on air is asked for every few seconds on every screen. Baseline: the common shortcut of
 * re-reading the zone through `toLocaleString` on each call, which builds a formatter every time.
 */
export function runOnAirBench(): void {
  const schedule = loadBundledSchedule();
  const zone = 'Europe/Dublin';
  const start = Date.UTC(2026, 0, 1);
  const instants = Array.from({ length: 1024 }, (_, index) => new Date(start + index * 7_919_000));
  let cursor = 0;
  const next = () => instants[(cursor = (cursor + 1) % instants.length)] ?? new Date(start);
  const iterations = 20_000;

  console.log('\n# on-air: station wall clock and slot lookup (Europe/Dublin, bundled week)');
  const baseline = medianMs(() => {
    const local = new Date(next().toLocaleString('en-US', { timeZone: zone }));
    void (local.getDay() * 1440 + local.getHours() * 60 + local.getMinutes());
  }, iterations);
  printRow('baseline: toLocaleString per call', baseline, iterations);
  printRow(
    'stationWallClock (cached formatter)',
    medianMs(() => void stationWallClock(next(), zone), iterations),
    iterations,
    baseline,
  );
  printRow(
    'findOnAir',
    medianMs(() => void findOnAir(schedule, next(), zone), iterations),
    iterations,
    baseline,
  );
  printRow(
    'findUpNext',
    medianMs(() => void findUpNext(schedule, next(), zone), iterations),
    iterations,
    baseline,
  );
}
