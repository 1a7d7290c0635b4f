import { sql } from 'kysely';
import {
  ANALYTICS_RETENTION_DAYS,
  listenersByHourOfWeek,
  reduceUserAgent,
  roundTenth,
  type AnalyticsBatch,
  type AnalyticsEventName,
  type Insights,
  type PlatformType,
} from '@onair/core';
import type { Db } from './db.ts';

const MS_PER_DAY = 86_400_000;
const TOP_SHOWS = 10;

/** The UTC day (`YYYY-MM-DD`) `days` days before `now`. */
function utcDay(now: Date, daysBefore = 0): string {
  return new Date(now.getTime() - daysBefore * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * The station's analytics, kept as counts. A batch adds one to a per-day counter per event (and per
 * parameter value); the user agent is reduced to browser family, OS and device class first and the
 * address never reaches this class. Everything older than ANALYTICS_RETENTION_DAYS is deleted.
 */
export class AnalyticsRepo {
  #prunedOn = '';

  constructor(private readonly db: Db) {}

  /** Counts a validated batch on the UTC day the server received it, in one transaction. */
  async recordBatch(batch: AnalyticsBatch, now: Date): Promise<void> {
    const day = utcDay(now);
    const agent = reduceUserAgent(batch.user_agent);
    const perName = new Map<string, number>();
    const perParam = new Map<string, { name: string; param: string; value: string; count: number }>();
    for (const event of batch.events) {
      perName.set(event.name, (perName.get(event.name) ?? 0) + 1);
      for (const [param, raw] of Object.entries(event.params)) {
        const value = String(raw);
        const key = JSON.stringify([event.name, param, value]);
        const entry = perParam.get(key) ?? { name: event.name, param, value, count: 0 };
        entry.count += 1;
        perParam.set(key, entry);
      }
    }
    await this.db.transaction().execute(async (trx) => {
      for (const [name, count] of perName) {
        await trx
          .insertInto('analytics_event_day')
          .values({ day, name, platform: batch.platform_type, ...agent, count })
          .onConflict((conflict) =>
            conflict
              .columns(['day', 'name', 'platform', 'browser', 'os', 'device'])
              .doUpdateSet((eb) => ({
                count: eb('analytics_event_day.count', '+', eb.ref('excluded.count')),
              })),
          )
          .execute();
      }
      for (const entry of perParam.values()) {
        await trx
          .insertInto('analytics_param_day')
          .values({ day, ...entry })
          .onConflict((conflict) =>
            conflict
              .columns(['day', 'name', 'param', 'value'])
              .doUpdateSet((eb) => ({
                count: eb('analytics_param_day.count', '+', eb.ref('excluded.count')),
              })),
          )
          .execute();
      }
    });
    await this.#pruneOncePerDay(now);
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
    const cutoff = utcDay(now, ANALYTICS_RETENTION_DAYS);
    await this.db.deleteFrom('analytics_event_day').where('day', '<', cutoff).execute();
    await this.db.deleteFrom('analytics_param_day').where('day', '<', cutoff).execute();
    await this.db.deleteFrom('listener_minute').where('minute', '<', cutoff).execute();
  }

  async #pruneOncePerDay(now: Date): Promise<void> {
    const today = utcDay(now);
    if (this.#prunedOn === today) return;
    this.#prunedOn = today;
    await this.prune(now);
  }

  /** The last `days` UTC days (today included), aggregated for the insights page. */
  async insights(days: number, now: Date, timeZone: string): Promise<Insights> {
    const since = utcDay(now, days - 1);
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

    const params = await this.db
      .selectFrom('analytics_param_day')
      .select((eb) => ['name', 'param', 'value', eb.fn.sum<number | string>('count').as('count')])
      .where('day', '>=', since)
      .where((eb) =>
        eb.or([
          eb.and([eb('name', 'in', ['show_favorited', 'show_unfavorited']), eb('param', '=', 'show_name')]),
          eb.and([
            eb('name', '=', 'sleep_timer_start'),
            eb('param', 'in', ['timer_minutes', 'is_custom_time']),
          ]),
        ]),
      )
      .groupBy(['name', 'param', 'value'])
      .execute();
    const shows = new Map<string, { show: string; favorited: number; unfavorited: number }>();
    const byMinutes: { minutes: number; count: number }[] = [];
    let custom = 0;
    for (const row of params) {
      const count = Number(row.count);
      if (row.param === 'show_name') {
        const show = shows.get(row.value) ?? { show: row.value, favorited: 0, unfavorited: 0 };
        if (row.name === 'show_favorited') show.favorited += count;
        else show.unfavorited += count;
        shows.set(row.value, show);
      } else if (row.param === 'timer_minutes') {
        byMinutes.push({ minutes: Number(row.value), count });
      } else if (row.value === 'true') {
        custom += count;
      }
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
