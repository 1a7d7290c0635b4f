import { createHash } from 'node:crypto';
import {
  repairNotificationSettings,
  type Locale,
  type NotificationSettings,
  type WebPushSubscription,
} from '@onair/core';
import type { Db } from './db.ts';

/** What a push is about; stored in a varchar(16). `integration`: one paused itself (to the admin). */
export type PushKind = 'reminder' | 'new-show' | 'new-episode' | 'integration';

export interface StoredSubscription {
  endpointHash: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  preferences: NotificationSettings;
}

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

/** One push to queue: `key` names the subscription and the show occurrence it is about. */
export interface OutboxEntry {
  key: string;
  endpointHash: string;
  kind: PushKind;
  payload: string;
  /** When to send it. */
  dueAt: Date;
  /** A push still unsent by then is dropped (a reminder for a show that has started). */
  expiresAt: Date;
}

/** A subscriber with reminders on and a favourite among the shows due for its reminder time. */
export interface DueFavorite {
  endpointHash: string;
  favoriteId: string;
  reminderMinutes: number;
  /** The subscriber's language; null: the station's. */
  locale: string | null;
}

/** A subscriber to tell of something new, and the language to tell it in (null: the station's). */
export interface Subscriber {
  endpointHash: string;
  locale: string | null;
}

/** A queued push one instance has claimed, with the subscription it goes to. */
export interface ClaimedPush {
  key: string;
  kind: PushKind;
  payload: string;
  attempts: number;
  expiresAt: Date;
  subscription: StoredSubscription;
}

/** Finished pushes are kept this long (a week of occurrences) so their keys still refuse a repeat. */
const OUTBOX_KEEP_MS = 8 * 24 * 60 * 60 * 1_000;
const VAPID_ID = 'main';
/**
 * Outbox rows per INSERT: 9 values each, well under SQLite's 32,766 bound parameters (PostgreSQL
 * allows 65,535); a show with thousands of subscribers due at once takes several statements.
 */
const ENQUEUE_BATCH = 500;

export function endpointHash(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('hex');
}

/** Subscriptions, the VAPID key pair and the push outbox, on SQLite and PostgreSQL alike. */
export class PushRepo {
  constructor(private readonly db: Db) {}

  /**
   * Saves or replaces the subscription for its endpoint (the browser calls again on every settings
   * change), with its favourites as rows of their own, in one transaction. `locale` is the language
   * its pushes are written in; when not given, the one stored before is kept. `admin`: saved by a
   * browser signed in as the admin (a later save signed out makes it a listener's again).
   */
  async saveSubscription(
    subscription: WebPushSubscription,
    preferences: NotificationSettings,
    locale: Locale | undefined,
    now: Date,
    admin = false,
  ): Promise<void> {
    const at = now.toISOString();
    const hash = endpointHash(subscription.endpoint);
    const row = {
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      preferences: JSON.stringify(preferences),
      reminders_on: preferences.enabled && preferences.showScheduleReminders ? 1 : 0,
      reminder_minutes: preferences.reminderTime,
      new_show_alerts: preferences.enabled && preferences.showNewShowAlerts ? 1 : 0,
      admin: admin ? 1 : 0,
      ...(locale === undefined ? {} : { locale }),
      updated_at: at,
    };
    await this.db.transaction().execute(async (trx) => {
      // The upsert first: its row lock makes a second save of the same endpoint wait for this one.
      await trx
        .insertInto('push_subscription')
        .values({ endpoint_hash: hash, created_at: at, ...row })
        .onConflict((oc) => oc.column('endpoint_hash').doUpdateSet(row))
        .execute();
      await trx.deleteFrom('push_favorite').where('endpoint_hash', '=', hash).execute();
      if (preferences.favoriteShows.length === 0) return;
      await trx
        .insertInto('push_favorite')
        .values(
          [...new Set(preferences.favoriteShows)].map((id) => ({ endpoint_hash: hash, favorite_id: id })),
        )
        .execute();
    });
  }

  /** Forgets a subscription and its queued pushes; true when there was one. */
  async deleteSubscription(endpoint: string): Promise<boolean> {
    return this.deleteByHash(endpointHash(endpoint));
  }

  async deleteByHash(hash: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('push_outbox')
        .where('endpoint_hash', '=', hash)
        .where('status', '=', 'pending')
        .execute();
      await trx.deleteFrom('push_favorite').where('endpoint_hash', '=', hash).execute();
      const result = await trx
        .deleteFrom('push_subscription')
        .where('endpoint_hash', '=', hash)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  /**
   * The subscribers with reminders on who have a due show among their favourites: `dueByMinutes`
   * maps each reminder time to the favourite ids due for it. One row per subscriber and favourite,
   * found through the favourite index, so a tick reads the few that are due, not every subscription.
   */
  async dueFavorites(dueByMinutes: ReadonlyMap<number, readonly string[]>): Promise<DueFavorite[]> {
    const groups = [...dueByMinutes].filter(([, ids]) => ids.length > 0);
    if (groups.length === 0) return [];
    const rows = await this.db
      .selectFrom('push_favorite')
      .innerJoin('push_subscription', 'push_subscription.endpoint_hash', 'push_favorite.endpoint_hash')
      .select([
        'push_favorite.endpoint_hash',
        'push_favorite.favorite_id',
        'push_subscription.reminder_minutes',
        'push_subscription.locale',
      ])
      .where('push_subscription.reminders_on', '=', 1)
      .where((eb) =>
        eb.or(
          groups.map(([minutes, ids]) =>
            eb.and([
              eb('push_subscription.reminder_minutes', '=', minutes),
              eb('push_favorite.favorite_id', 'in', ids),
            ]),
          ),
        ),
      )
      .orderBy('push_favorite.endpoint_hash')
      .orderBy('push_favorite.favorite_id')
      .execute();
    return rows.map((row) => ({
      endpointHash: row.endpoint_hash,
      favoriteId: row.favorite_id,
      reminderMinutes: row.reminder_minutes,
      locale: row.locale,
    }));
  }

  /** The subscribers who want new-show alerts. */
  newShowSubscribers(): Promise<Subscriber[]> {
    return this.#subscribersWith('new_show_alerts');
  }

  /** The admin's subscriptions (browsers signed in as the admin when saved), each with its language. */
  adminSubscribers(): Promise<Subscriber[]> {
    return this.#subscribersWith('admin');
  }

  /** The subscriptions whose `flag` is set, each with its language, in a stable order. */
  async #subscribersWith(flag: 'new_show_alerts' | 'admin'): Promise<Subscriber[]> {
    const rows = await this.db
      .selectFrom('push_subscription')
      .select(['endpoint_hash', 'locale'])
      .where(flag, '=', 1)
      .orderBy('endpoint_hash')
      .execute();
    return rows.map((row) => ({ endpointHash: row.endpoint_hash, locale: row.locale }));
  }

  /**
   * The subscribers with notifications and new-episode alerts on who have one of `favoriteIds` as a
   * favourite: one row per subscriber and favourite, found through the favourite index.
   */
  async newEpisodeSubscribers(
    favoriteIds: readonly string[],
  ): Promise<(Subscriber & { favoriteId: string })[]> {
    if (favoriteIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('push_favorite')
      .innerJoin('push_subscription', 'push_subscription.endpoint_hash', 'push_favorite.endpoint_hash')
      .select([
        'push_favorite.endpoint_hash',
        'push_favorite.favorite_id',
        'push_subscription.preferences',
        'push_subscription.locale',
      ])
      .where('push_favorite.favorite_id', 'in', [...new Set(favoriteIds)])
      .orderBy('push_favorite.endpoint_hash')
      .orderBy('push_favorite.favorite_id')
      .execute();
    // The opt-in lives in the stored preferences (no column of its own): the favourite index has
    // already narrowed the rows to this show's fans.
    return rows
      .filter((row) => {
        const preferences = storedPreferences(row.preferences);
        return preferences.enabled && preferences.showNewEpisodeAlerts;
      })
      .map((row) => ({ endpointHash: row.endpoint_hash, favoriteId: row.favorite_id, locale: row.locale }));
  }

  /**
   * The station's VAPID key pair: the stored one, or `generate()`'s stored first. Two instances
   * starting together both try to insert; the loser's pair is discarded and both read the winner's.
   */
  async vapidKeys(generate: () => VapidKeyPair, now: Date): Promise<VapidKeyPair> {
    const stored = await this.#readVapid();
    if (stored) return stored;
    const fresh = generate();
    await this.db
      .insertInto('push_vapid')
      .values({
        id: VAPID_ID,
        public_key: fresh.publicKey,
        private_key: fresh.privateKey,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const winner = await this.#readVapid();
    if (!winner) throw new Error('The VAPID key pair could not be stored.');
    return winner;
  }

  async #readVapid(): Promise<VapidKeyPair | null> {
    const row = await this.db
      .selectFrom('push_vapid')
      .select(['public_key', 'private_key'])
      .where('id', '=', VAPID_ID)
      .executeTakeFirst();
    return row ? { publicKey: row.public_key, privateKey: row.private_key } : null;
  }

  /** Queues pushes; an entry whose key is already queued (or was sent) is left alone. */
  async enqueue(entries: readonly OutboxEntry[], now: Date): Promise<void> {
    for (let first = 0; first < entries.length; first += ENQUEUE_BATCH) {
      await this.#enqueueBatch(entries.slice(first, first + ENQUEUE_BATCH), now);
    }
  }

  async #enqueueBatch(entries: readonly OutboxEntry[], now: Date): Promise<void> {
    await this.db
      .insertInto('push_outbox')
      .values(
        entries.map((entry) => ({
          key: entry.key,
          endpoint_hash: entry.endpointHash,
          kind: entry.kind,
          payload: entry.payload,
          status: 'pending',
          attempts: 0,
          next_attempt_at: entry.dueAt.toISOString(),
          expires_at: entry.expiresAt.toISOString(),
          updated_at: now.toISOString(),
        })),
      )
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }

  /**
   * Claims up to `limit` due pushes for this instance: each moves from 'pending' to 'sending' in a
   * conditional update, so of several instances exactly one wins each push, and a push whose sender
   * died mid-send stays 'sending' — never sent a second time.
   */
  async claimDue(now: Date, limit: number): Promise<ClaimedPush[]> {
    const at = now.toISOString();
    await this.db
      .updateTable('push_outbox')
      .set({ status: 'failed', updated_at: at })
      .where('status', '=', 'pending')
      .where('expires_at', '<=', at)
      .execute();
    const due = await this.db
      .selectFrom('push_outbox')
      .innerJoin('push_subscription', 'push_subscription.endpoint_hash', 'push_outbox.endpoint_hash')
      .select([
        'push_outbox.key',
        'push_outbox.kind',
        'push_outbox.payload',
        'push_outbox.attempts',
        'push_outbox.expires_at',
        'push_subscription.endpoint_hash',
        'push_subscription.endpoint',
        'push_subscription.p256dh',
        'push_subscription.auth',
        'push_subscription.preferences',
      ])
      .where('push_outbox.status', '=', 'pending')
      .where('push_outbox.next_attempt_at', '<=', at)
      .orderBy('push_outbox.next_attempt_at')
      .limit(limit)
      .execute();
    const claimed: ClaimedPush[] = [];
    for (const row of due) {
      const won = await this.db
        .updateTable('push_outbox')
        .set({ status: 'sending', attempts: row.attempts + 1, updated_at: at })
        .where('key', '=', row.key)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(won.numUpdatedRows) !== 1) continue;
      claimed.push({
        key: row.key,
        kind: row.kind as PushKind,
        payload: row.payload,
        attempts: row.attempts + 1,
        expiresAt: new Date(row.expires_at),
        subscription: toSubscription(row),
      });
    }
    return claimed;
  }

  async markSent(key: string, now: Date): Promise<void> {
    await this.#finish(key, 'sent', now);
  }

  async markFailed(key: string, now: Date): Promise<void> {
    await this.#finish(key, 'failed', now);
  }

  /** Puts a claimed push back in the queue for another attempt at `nextAttemptAt`. */
  async retryLater(key: string, nextAttemptAt: Date, now: Date): Promise<void> {
    await this.db
      .updateTable('push_outbox')
      .set({ status: 'pending', next_attempt_at: nextAttemptAt.toISOString(), updated_at: now.toISOString() })
      .where('key', '=', key)
      .where('status', '=', 'sending')
      .execute();
  }

  async #finish(key: string, status: 'sent' | 'failed', now: Date): Promise<void> {
    await this.db
      .updateTable('push_outbox')
      .set({ status, updated_at: now.toISOString() })
      .where('key', '=', key)
      .execute();
  }

  /** Forgets finished pushes older than a week; their occurrences are past and cannot be queued again. */
  async pruneOutbox(now: Date): Promise<void> {
    await this.db
      .deleteFrom('push_outbox')
      .where('status', 'in', ['sent', 'failed', 'sending'])
      .where('updated_at', '<', new Date(now.getTime() - OUTBOX_KEEP_MS).toISOString())
      .execute();
  }
}

function toSubscription(row: {
  endpoint_hash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  preferences: string;
}): StoredSubscription {
  return {
    endpointHash: row.endpoint_hash,
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
    preferences: storedPreferences(row.preferences),
  };
}

function storedPreferences(json: string): NotificationSettings {
  let preferences: unknown;
  try {
    preferences = JSON.parse(json);
  } catch {
    // A row edited by hand: its settings fall back to the defaults (notifications off), never a crash.
    preferences = {};
  }
  return repairNotificationSettings(preferences);
}
