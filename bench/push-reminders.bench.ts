import { createECDH, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { KyselyPlugin } from 'kysely';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  favoriteId,
  nextReminderAt,
  repairNotificationSettings,
  WEEKDAYS,
} from '@onair/core';
import { loadBundledSchedule } from '../apps/server/src/bundled-schedule.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { setUpPush } from '../apps/server/src/push/push-setup.ts';
import { ScheduleRepo } from '../apps/server/src/store/schedule-repo.ts';
import { STORE_KINDS } from '../apps/server/test/stores.ts';

/**
 * The push scheduler's minute tick with many subscribers of whom few are due: rows the tick reads
 * from the store and its time, on SQLite and PostgreSQL. Baseline, in the same run and store:
 * reading every subscription and its settings, which each tick did before it asked the store for
 * the due ones only (and then looped over every subscriber and show).
 * The push service is an in-process stand-in answering 201. Usage: `npm run bench:push [-- 10000]`.
 * Prints figures; never fails on time.
 */
const SUBSCRIBERS = Number(process.argv[2] ?? 10_000);
const DUE_SUBSCRIBERS = 20;
const FAVOURITES_EACH = 3;
const TICKS = 15;
const SEED_CONCURRENCY = 10;
const MINUTE_MS = 60_000;

async function main(): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const timeZone = config.station.timeZone;
  const week = loadBundledSchedule();
  // The moment: 10 minutes before the week's first Monday show, one Monday in January.
  const monday = week.find((entry) => entry.day === 'Monday');
  const dueSlot = monday?.shows[0];
  if (!dueSlot) throw new Error('the bundled week has no Monday show');
  const startsAt = nextReminderAt(dueSlot, 'Monday', new Date('2026-01-04T00:00:00Z'), timeZone, 0);
  if (!startsAt) throw new Error('the first Monday show has no start time');
  const clock = new Date(startsAt.getTime() - 10 * MINUTE_MS);
  // Favourites of the others: shows none of which starts within the longest reminder time (60 minutes).
  const startsWithinHour = (id: string) =>
    WEEKDAYS.some((day) =>
      (week.find((entry) => entry.day === day)?.shows ?? []).some((slot) => {
        if (favoriteId(slot) !== id) return false;
        const next = nextReminderAt(slot, day, clock, timeZone, 0);
        return next !== null && next.getTime() - clock.getTime() <= 60 * MINUTE_MS;
      }),
    );
  const quiet = [...new Set(week.flatMap((entry) => entry.shows.map(favoriteId)))].filter(
    (id) => !startsWithinHour(id),
  );
  const keys = {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };

  console.log(
    `# push reminders: one tick, ${SUBSCRIBERS} subscribers of whom ${DUE_SUBSCRIBERS} are due (${timeZone}, bundled week)`,
  );
  for (const { kind, open } of STORE_KINDS) {
    const store = await open();
    let rowsRead = 0;
    const counter: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        rowsRead += result.rows.length;
        return result;
      },
    };
    const db = store.db.withPlugin(counter);
    try {
      await new ScheduleRepo(db).seedIfEmpty(week, clock);
      let sent = 0;
      const push = await setUpPush({
        config: config.push,
        db,
        schedules: new ScheduleRepo(db),
        timeZone,
        stationLocale: 'en',
        clock: '24-hour',
        now: () => clock,
        logger: Fastify({ logger: { level: 'silent' } }).log,
        transport: async () => {
          sent += 1;
          return { status: 201 };
        },
      });
      for (let first = 0; first < SUBSCRIBERS; first += SEED_CONCURRENCY) {
        await Promise.all(
          Array.from({ length: Math.min(SEED_CONCURRENCY, SUBSCRIBERS - first) }, (_, offset) => {
            const index = first + offset;
            const favourites = Array.from(
              { length: FAVOURITES_EACH },
              (_, nth) => quiet[(index + nth) % quiet.length] ?? '',
            );
            if (index < DUE_SUBSCRIBERS) favourites[0] = favoriteId(dueSlot);
            return push.pushes.saveSubscription(
              { endpoint: `https://fcm.googleapis.com/fcm/send/bench-${index}`, keys },
              {
                ...DEFAULT_NOTIFICATION_SETTINGS,
                enabled: true,
                favoriteShows: favourites,
                reminderTime: 15,
              },
              undefined,
              clock,
            );
          }),
        );
      }

      await push.scheduler.tick();
      const firstSent = sent;
      const timings: number[] = [];
      const rows: number[] = [];
      for (let tick = 0; tick < TICKS; tick += 1) {
        rowsRead = 0;
        const started = performance.now();
        await push.scheduler.tick();
        timings.push(performance.now() - started);
        rows.push(rowsRead);
      }
      const fullReads: number[] = [];
      let fullRows = 0;
      for (let read = 0; read < 5; read += 1) {
        rowsRead = 0;
        const started = performance.now();
        const all = await db.selectFrom('push_subscription').selectAll().execute();
        for (const row of all) repairNotificationSettings(JSON.parse(row.preferences));
        fullReads.push(performance.now() - started);
        fullRows = rowsRead;
      }
      const tickMs = median(timings);
      const fullMs = median(fullReads);
      console.log(`\n## ${kind}`);
      console.log(`pushes sent by the first tick: ${firstSent} (later ticks: ${sent - firstSent})`);
      console.log(
        `baseline: read every subscription     ${fullMs.toFixed(1).padStart(8)} ms   ${fullRows} rows`,
      );
      console.log(
        `a tick (reminders, outbox, prune)     ${tickMs.toFixed(1).padStart(8)} ms   ${median(rows)} rows   ratio ${(tickMs / fullMs).toFixed(3)} of baseline`,
      );
      await push.scheduler.stop();
    } finally {
      await store.dispose();
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

await main();
