import { sql } from 'kysely';
import {
  ANALYTICS_MAX_VALUES_PER_PARAM_PER_DAY,
  ANALYTICS_OTHER_VALUE,
  ANALYTICS_RETENTION_DAYS,
  audienceFigures,
  LISTENING_SESSION_BUCKETS,
  listenersByHourOfWeek,
  summarizeListeningSessions,
  reduceUserAgent,
  roundTenth,
  type AnalyticsBatch,
  type AnalyticsEventName,
  type AudienceInsights,
  type Daypart,
  type Insights,
  type ListeningSessionBucket,
  type PlatformType,
  type Schedule,
} from '@onair/core';
import type { Db } from './db.ts';
import { utcDay } from './schedule-shows.ts';

const MS_PER_DAY = 86_400_000;
const TOP_SHOWS = 10;
/** The parameter whose values are checked against the store (schedule_show), not limited per day. */
const SHOW_PARAM = 'show_id';

/** The UTC day `days` days before `now`. */
function utcDayBefore(now: Date, days: number): string {
  return utcDay(new Date(now.getTime() - days * MS_PER_DAY));
}

/** What became of a batch: counted whole, or refused whole for naming a show the station does not have. */
export type RecordOutcome = 'recorded' | 'unknown-show';

/** One parameter of one event name, and how often each of its values came in a batch. */
interface ParamValues {
  name: string;
  param: string;
  values: Map<string, number>;
}

/**
 * Keeps the values of `entry` the day already has, and new ones while the day has fewer than
 * ANALYTICS_MAX_VALUES_PER_PARAM_PER_DAY; the rest are counted under ANALYTICS_OTHER_VALUE. A batch
 * bringing a new value first upserts the parameter's counter row, which holds that row's lock until
 * the commit, so concurrent batches take turns there on PostgreSQL and the limit is exact.
 */
async function limitValues(db: Db, day: string, { name, param, values }: ParamValues): Promise<ParamValues> {
  const present = async () => {
    const rows = await db
      .selectFrom('analytics_param_day')
      .select('value')
      .where('day', '=', day)
      .where('name', '=', name)
      .where('param', '=', param)
      .where('value', 'in', [...values.keys()])
      .execute();
    return new Set(rows.map((row) => row.value));
  };
  // Values the day already has add no row: most batches end here, without taking the lock.
  if ((await present()).size === values.size) return { name, param, values };
  const counter = await db
    .insertInto('analytics_param_values_day')
    .values({ day, name, param, value_count: 0 })
    .onConflict((conflict) =>
      conflict
        .columns(['day', 'name', 'param'])
        .doUpdateSet((eb) => ({ value_count: eb.ref('analytics_param_values_day.value_count') })),
    )
    .returning('value_count')
    .executeTakeFirstOrThrow();
  // Read again under the lock: a batch that held it before may have added some of these values.
  const known = await present();
  const room = ANALYTICS_MAX_VALUES_PER_PARAM_PER_DAY - Number(counter.value_count);
  const kept = new Map<string, number>();
  let added = 0;
  let other = 0;
  for (const [value, count] of values) {
    if (known.has(value)) {
      kept.set(value, count);
    } else if (added < room) {
      kept.set(value, count);
      added += 1;
    } else {
      other += count;
    }
  }
  if (other > 0) kept.set(ANALYTICS_OTHER_VALUE, other);
  if (added > 0)
    await db
      .updateTable('analytics_param_values_day')
      .set((eb) => ({ value_count: eb('value_count', '+', added) }))
      .where('day', '=', day)
      .where('name', '=', name)
      .where('param', '=', param)
      .execute();
  return { name, param, values: kept };
}

/**
 * The station's analytics, kept as counts. A batch adds one to a per-day counter per event (and per
 * parameter value); the user agent is reduced to browser family, OS and device class first and the
 * address never reaches this class. Everything older than ANALYTICS_RETENTION_DAYS is deleted.
 *
 * Concurrent batches on PostgreSQL lock rows in one order (per-day limits, then events, then values,
 * each sorted), so two of them never wait on each other in a cycle.
 */
export class AnalyticsRepo {
  #prunedOn = '';

  constructor(private readonly db: Db) {}

  /**
   * Counts a validated batch on the UTC day the server received it, in one transaction; or, when it
   * names a show that is neither on the stored week nor left it within ANALYTICS_RETENTION_DAYS,
   * counts none of it. A parameter value new to the day past ANALYTICS_MAX_VALUES_PER_PARAM_PER_DAY
   * is counted under ANALYTICS_OTHER_VALUE.
   */
  async recordBatch(batch: AnalyticsBatch, now: Date): Promise<RecordOutcome> {
    const day = utcDay(now);
    const agent = reduceUserAgent(batch.user_agent);
    const perName = new Map<string, number>();
    const perParam = new Map<string, ParamValues>();
    for (const event of batch.events) {
      perName.set(event.name, (perName.get(event.name) ?? 0) + 1);
      for (const [param, raw] of Object.entries(event.params)) {
        const key = JSON.stringify([event.name, param]);
        const entry = perParam.get(key) ?? { name: event.name, param, values: new Map<string, number>() };
        const value = String(raw);
        entry.values.set(value, (entry.values.get(value) ?? 0) + 1);
        perParam.set(key, entry);
      }
    }
    const params = [...perParam.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, entry]) => entry);
    const shows = new Set(
      params.filter((entry) => entry.param === SHOW_PARAM).flatMap((entry) => [...entry.values.keys()]),
    );

    const outcome = await this.db.transaction().execute(async (trx): Promise<RecordOutcome> => {
      if (shows.size > 0) {
        const known = await trx
          .selectFrom('schedule_show')
          .select('show_id')
          .where('show_id', 'in', [...shows])
          .where((eb) =>
            eb.or([
              eb('left_day', 'is', null),
              eb('left_day', '>=', utcDayBefore(now, ANALYTICS_RETENTION_DAYS)),
            ]),
          )
          .execute();
        if (known.length < shows.size) return 'unknown-show';
      }
      const counted: ParamValues[] = [];
      for (const entry of params)
        counted.push(entry.param === SHOW_PARAM ? entry : await limitValues(trx, day, entry));
      for (const [name, count] of [...perName].sort(([a], [b]) => (a < b ? -1 : 1))) {
        await trx
          .insertInto('analytics_event_day')
          .values({ day, name, platform: batch.platform_type, ...agent, count })
          .onConflict((conflict) =>
            conflict.columns(['day', 'name', 'platform', 'browser', 'os', 'device']).doUpdateSet((eb) => ({
              count: eb('analytics_event_day.count', '+', eb.ref('excluded.count')),
            })),
          )
          .execute();
      }
      for (const { name, param, values } of counted) {
        for (const [value, count] of [...values].sort(([a], [b]) => (a < b ? -1 : 1))) {
          await trx
            .insertInto('analytics_param_day')
            .values({ day, name, param, value, count })
            .onConflict((conflict) =>
              conflict.columns(['day', 'name', 'param', 'value']).doUpdateSet((eb) => ({
                count: eb('analytics_param_day.count', '+', eb.ref('excluded.count')),
              })),
            )
            .execute();
        }
      }
      return 'recorded';
    });
    if (outcome === 'recorded') await this.#pruneOncePerDay(now);
    return outcome;
  }

  /** Keeps the highest listener reading of each UTC minute. */
  async recordListeners(listeners: number, at: Date): Promise<void> {
    await this.db
      .insertInto('listener_minute')
      .values({ minute: at.toISOString().slice(0, 16), listeners })
      .onConflict((conflict) =>
        conflict.column('minute').doUpdateSet({
          listeners: sql<number>`case when excluded.listeners > listener_minute.listeners then excluded.listeners else listener_minute.listeners end`,
        }),
      )
      .execute();
    await this.#pruneOncePerDay(at);
  }

  /** Deletes counts and samples older than the retention window. */
  async prune(now: Date): Promise<void> {
    const cutoff = utcDayBefore(now, ANALYTICS_RETENTION_DAYS);
    await this.db.deleteFrom('analytics_event_day').where('day', '<', cutoff).execute();
    await this.db.deleteFrom('analytics_param_day').where('day', '<', cutoff).execute();
    await this.db.deleteFrom('analytics_param_values_day').where('day', '<', cutoff).execute();
    await this.db.deleteFrom('listener_minute').where('minute', '<', cutoff).execute();
    // A show no longer taken is kept while counts under its id remain: the insights still name it.
    await this.db
      .deleteFrom('schedule_show')
      .where('left_day', '<', cutoff)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('analytics_param_day')
              .select('analytics_param_day.value')
              .where('analytics_param_day.param', '=', SHOW_PARAM)
              .whereRef('analytics_param_day.value', '=', 'schedule_show.show_id'),
          ),
        ),
      )
      .execute();
  }

  async #pruneOncePerDay(now: Date): Promise<void> {
    const today = utcDay(now);
    if (this.#prunedOn === today) return;
    this.#prunedOn = today;
    await this.prune(now);
  }

  /**
   * The audience figures over the last `days` UTC days (today included): TLH and AQH per station day
   * and daypart, peak and average by show of `schedule`, and the app's listening sessions.
   */
  async audience(
    days: number,
    now: Date,
    {
      timeZone,
      dayparts,
      schedule,
    }: { timeZone: string; dayparts: readonly Daypart[]; schedule: Schedule | null },
  ): Promise<AudienceInsights> {
    const since = utcDayBefore(now, days - 1);
    const minutes = await this.db
      .selectFrom('listener_minute')
      .select(['minute', 'listeners'])
      .where('minute', '>=', since)
      .orderBy('minute')
      .execute();
    const buckets = await this.db
      .selectFrom('analytics_param_day')
      .select((eb) => ['value', eb.fn.sum<number | string>('count').as('count')])
      .where('day', '>=', since)
      .where('name', '=', 'listening_session')
      .where('param', '=', 'duration')
      .groupBy('value')
      .execute();
    const counts = new Map<ListeningSessionBucket, number>();
    for (const row of buckets)
      if ((LISTENING_SESSION_BUCKETS as readonly string[]).includes(row.value))
        counts.set(row.value as ListeningSessionBucket, Number(row.count));
    return {
      days,
      since,
      audience: audienceFigures({
        minutes: minutes.map((row) => ({ minute: row.minute, listeners: Number(row.listeners) })),
        timeZone,
        dayparts,
        schedule,
      }),
      sessions: summarizeListeningSessions(counts),
    };
  }

  /** The last `days` UTC days (today included), aggregated for the insights page. */
  async insights(days: number, now: Date, timeZone: string): Promise<Insights> {
    const since = utcDayBefore(now, days - 1);
    const hourly = await this.db
      .selectFrom('listener_minute')
      .select((eb) => [
        sql<string>`substr(minute, 1, 13)`.as('hour'),
        eb.fn.sum<number | string>('listeners').as('sum'),
        eb.fn.countAll<number | string>().as('samples'),
        eb.fn.max<number>('listeners').as('peak'),
      ])
      .where('minute', '>=', since)
      .groupBy(sql`substr(minute, 1, 13)`)
      .orderBy('hour')
      .execute();
    const hours = hourly.map((row) => ({
      hour: row.hour,
      sum: Number(row.sum),
      samples: Number(row.samples),
      peak: Number(row.peak),
    }));

    const byDay = new Map<string, { sum: number; samples: number; peak: number }>();
    for (const hour of hours) {
      const day = hour.hour.slice(0, 10);
      const cell = byDay.get(day) ?? { sum: 0, samples: 0, peak: 0 };
      cell.sum += hour.sum;
      cell.samples += hour.samples;
      cell.peak = Math.max(cell.peak, hour.peak);
      byDay.set(day, cell);
    }
    const totalSamples = hours.reduce((total, hour) => total + hour.samples, 0);
    const totalSum = hours.reduce((total, hour) => total + hour.sum, 0);

    const events = await this.db
      .selectFrom('analytics_event_day')
      .select((eb) => ['day', 'name', 'platform', eb.fn.sum<number | string>('count').as('count')])
      .where('day', '>=', since)
      .groupBy(['day', 'name', 'platform'])
      .orderBy('day')
      .orderBy('name')
      .orderBy('platform')
      .execute();
    const eventsByDay = events.map((row) => ({
      day: row.day,
      name: row.name as AnalyticsEventName,
      platform: row.platform as PlatformType,
      count: Number(row.count),
    }));
    const total = (name: AnalyticsEventName) =>
      eventsByDay.filter((row) => row.name === name).reduce((sum, row) => sum + row.count, 0);

    const timer = await this.db
      .selectFrom('analytics_param_day')
      .select((eb) => ['param', 'value', eb.fn.sum<number | string>('count').as('count')])
      .where('day', '>=', since)
      .where('name', '=', 'sleep_timer_start')
      .where('param', 'in', ['timer_minutes', 'is_custom_time'])
      .where('value', '<>', ANALYTICS_OTHER_VALUE)
      .groupBy(['param', 'value'])
      .execute();
    const byMinutes: { minutes: number; count: number }[] = [];
    let custom = 0;
    for (const row of timer) {
      const count = Number(row.count);
      if (row.param === 'timer_minutes') byMinutes.push({ minutes: Number(row.value), count });
      else if (row.value === 'true') custom += count;
    }

    // Named as the schedule names them (schedule_show), never as a client did.
    const favourites = await this.db
      .selectFrom('analytics_param_day as counted')
      .innerJoin('schedule_show as known', 'known.show_id', 'counted.value')
      .select((eb) => [
        'counted.name',
        'counted.value',
        'known.name as show',
        eb.fn.sum<number | string>('counted.count').as('count'),
      ])
      .where('counted.day', '>=', since)
      .where('counted.name', 'in', ['show_favorited', 'show_unfavorited'])
      .where('counted.param', '=', SHOW_PARAM)
      .groupBy(['counted.name', 'counted.value', 'known.name'])
      .execute();
    const shows = new Map<string, { show: string; favorited: number; unfavorited: number }>();
    for (const row of favourites) {
      const show = shows.get(row.value) ?? { show: row.show, favorited: 0, unfavorited: 0 };
      if (row.name === 'show_favorited') show.favorited += Number(row.count);
      else show.unfavorited += Number(row.count);
      shows.set(row.value, show);
    }

    return {
      days,
      since,
      listeners: {
        peak: hours.reduce((peak, hour) => Math.max(peak, hour.peak), 0),
        average: totalSamples === 0 ? 0 : roundTenth(totalSum / totalSamples),
        byDay: [...byDay.entries()].map(([day, cell]) => ({
          day,
          peak: cell.peak,
          average: roundTenth(cell.sum / cell.samples),
        })),
        byHourOfWeek: listenersByHourOfWeek(hours, timeZone),
      },
      eventsByDay,
      topShows: [...shows.values()]
        .filter((show) => show.favorited > 0)
        .sort((a, b) => b.favorited - a.favorited || a.show.localeCompare(b.show))
        .slice(0, TOP_SHOWS),
      sleepTimer: {
        started: total('sleep_timer_start'),
        completed: total('sleep_timer_complete'),
        cancelled: total('sleep_timer_cancel'),
        custom,
        byMinutes: byMinutes.sort((a, b) => a.minutes - b.minutes),
      },
      chat: {
        messages: total('message_sent'),
        reactions: total('reaction_given'),
        emojiPickerOpens: total('emoji_modal_open'),
        closes: total('chat_close'),
      },
    };
  }
}
