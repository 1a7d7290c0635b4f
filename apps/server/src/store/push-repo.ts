import { createHash } from 'node:crypto';
import { repairNotificationSettings, type NotificationSettings, type WebPushSubscription } from '@onair/core';
import type { Db } from './db.ts';

export type PushKind = 'reminder' | 'new-show';

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

export function endpointHash(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('hex');
}

/** Subscriptions, the VAPID key pair and the push outbox, on SQLite and PostgreSQL alike. */
export class PushRepo {
  constructor(private readonly db: Db) {}

  /** Saves or replaces the subscription for its endpoint (the browser calls again on every settings change). */
  async saveSubscription(subscription: WebPushSubscription, preferences: NotificationSettings, now: Date): Promise<void> {
    const at = now.toISOString();
    const row = {
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      preferences: JSON.stringify(preferences),
      updated_at: at,
    };
    await this.db
      .insertInto('push_subscription')
      .values({ endpoint_hash: endpointHash(subscription.endpoint), created_at: at, ...row })
      .onConflict((oc) => oc.column('endpoint_hash').doUpdateSet(row))
      .execute();
  }

  /** Forgets a subscription and its queued pushes; true when there was one. */
  async deleteSubscription(endpoint: string): Promise<boolean> {
    return this.deleteByHash(endpointHash(endpoint));
  }

  async deleteByHash(hash: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('push_outbox').where('endpoint_hash', '=', hash).where('status', '=', 'pending').execute();
      const result = await trx.deleteFrom('push_subscription').where('endpoint_hash', '=', hash).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  async listSubscriptions(): Promise<StoredSubscription[]> {
    const rows = await this.db.selectFrom('push_subscription').selectAll().orderBy('endpoint_hash').execute();
    return rows.map(toSubscription);
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
      .values({ id: VAPID_ID, public_key: fresh.publicKey, private_key: fresh.privateKey, created_at: now.toISOString() })
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
    if (entries.length === 0) return;
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
  let preferences: unknown;
  try {
    preferences = JSON.parse(row.preferences);
  } catch {
    // A row edited by hand: its settings fall back to the defaults (notifications off), never a crash.
    preferences = {};
  }
  return {
    endpointHash: row.endpoint_hash,
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
    preferences: repairNotificationSettings(preferences),
  };
}
