import { randomUUID } from 'node:crypto';
import type { IntegrationEvent, IntegrationKind } from '@onair/core';
import type { Db } from './db.ts';

export interface StoredIntegration {
  id: string;
  name: string;
  kind: IntegrationKind;
  events: string[];
  enabled: boolean;
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
  pausedReason: string | null;
  consecutiveFailures: number;
  createdAt: string;
}

export type NewIntegration = Pick<
  StoredIntegration,
  'name' | 'kind' | 'events' | 'enabled' | 'settings' | 'secrets'
>;
export type IntegrationChange = Partial<
  Pick<StoredIntegration, 'name' | 'events' | 'enabled' | 'settings' | 'secrets'>
>;

/** An event to raise, and when its deliveries are due. */
export interface RaisedEvent {
  event: IntegrationEvent;
  dueAt: Date;
}

/**
 * How events are claimed: `decide` reads the station's state stored under `key` (null: nothing yet)
 * and answers the state to move to with the events that move raises, or null for no change. Of
 * several instances seeing the same change, exactly one moves it (a conditional write) and raises.
 */
export interface StationClaim {
  key: string;
  decide: (stored: string | null) => { value: string; events: RaisedEvent[] } | null;
}

/** A delivery one instance has claimed, with the integration it goes to. */
export interface ClaimedDelivery {
  id: string;
  eventType: string;
  payload: string;
  attempts: number;
  integration: StoredIntegration;
}

export interface AttemptRecord {
  integrationId: string;
  deliveryId: string;
  eventType: string;
  at: Date;
  status: number | null;
  durationMs: number;
  answer: string;
}

/** The delivery log keeps this many attempts per integration. */
export const ATTEMPTS_KEPT = 100;
export const ANSWER_KEPT_CHARS = 200;
/** Finished deliveries are kept this long, then forgotten. */
const DELIVERIES_KEPT_MS = 8 * 24 * 60 * 60 * 1_000;

type IntegrationRow = {
  id: string;
  name: string;
  kind: string;
  events: string;
  enabled: number;
  settings: string;
  secrets: string;
  paused_reason: string | null;
  consecutive_failures: number;
  created_at: string;
};

/** Integrations, their outbox and delivery log, and the station's event claims, on SQLite and PostgreSQL alike. */
export class IntegrationsRepo {
  constructor(private readonly db: Db) {}

  async list(): Promise<StoredIntegration[]> {
    const rows = await this.db
      .selectFrom('integration')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toIntegration);
  }

  async get(id: string): Promise<StoredIntegration | null> {
    const row = await this.db.selectFrom('integration').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toIntegration(row) : null;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('integration')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async create(integration: NewIntegration, now: Date): Promise<StoredIntegration> {
    const at = now.toISOString();
    const id = `int_${randomUUID().replaceAll('-', '')}`;
    await this.db
      .insertInto('integration')
      .values({
        id,
        name: integration.name,
        kind: integration.kind,
        events: JSON.stringify(integration.events),
        enabled: integration.enabled ? 1 : 0,
        settings: JSON.stringify(integration.settings),
        secrets: JSON.stringify(integration.secrets),
        paused_reason: null,
        consecutive_failures: 0,
        last_post_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const created = await this.get(id);
    if (!created) throw new Error('The integration was not stored.');
    return created;
  }

  /** Applies `change`; enabling an integration clears why it was paused and its failure count. */
  async update(id: string, change: IntegrationChange, now: Date): Promise<StoredIntegration | null> {
    await this.db
      .updateTable('integration')
      .set({
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.events !== undefined ? { events: JSON.stringify(change.events) } : {}),
        ...(change.settings !== undefined ? { settings: JSON.stringify(change.settings) } : {}),
        ...(change.secrets !== undefined ? { secrets: JSON.stringify(change.secrets) } : {}),
        ...(change.enabled !== undefined ? { enabled: change.enabled ? 1 : 0 } : {}),
        ...(change.enabled === true ? { paused_reason: null, consecutive_failures: 0 } : {}),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .execute();
    return this.get(id);
  }

  /** Deletes the integration, its queued deliveries and its log; true when there was one. */
  async delete(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('integration_delivery').where('integration_id', '=', id).execute();
      await trx.deleteFrom('integration_attempt').where('integration_id', '=', id).execute();
      const result = await trx.deleteFrom('integration').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  /**
   * Raises the events of `claim` if this instance wins it: in one transaction the claim is taken and
   * a delivery queued for every running integration that wants each event. A track change skips an
   * integration whose last track post is younger than its post-rate setting. Answers the events raised.
   */
  async raise(claim: StationClaim, now: Date): Promise<IntegrationEvent[]> {
    return this.db.transaction().execute(async (trx) => {
      const at = now.toISOString();
      const stored = await trx
        .selectFrom('station_claim')
        .select('value')
        .where('key', '=', claim.key)
        .executeTakeFirst();
      const decision = claim.decide(stored?.value ?? null);
      if (!decision) return [];
      const won = stored
        ? await trx
            .updateTable('station_claim')
            .set({ value: decision.value, updated_at: at })
            .where('key', '=', claim.key)
            .where('value', '=', stored.value)
            .executeTakeFirst()
            .then((result) => Number(result.numUpdatedRows) === 1)
        : await trx
            .insertInto('station_claim')
            .values({ key: claim.key, value: decision.value, updated_at: at })
            .onConflict((oc) => oc.column('key').doNothing())
            .executeTakeFirst()
            .then((result) => Number(result.numInsertedOrUpdatedRows ?? 0) === 1);
      if (!won || decision.events.length === 0) return [];
      const rows = await trx
        .selectFrom('integration')
        .select(['id', 'events', 'settings', 'last_post_at'])
        .where('enabled', '=', 1)
        .where('paused_reason', 'is', null)
        .execute();
      const deliveries: ReturnType<typeof newDelivery>[] = [];
      const posted = new Set<string>();
      for (const { event, dueAt } of decision.events) {
        const payload = JSON.stringify(event);
        for (const row of rows) {
          if (!parseJson<string[]>(row.events, []).includes(event.type)) continue;
          if (event.type === 'track.changed') {
            const minutes = Number(
              parseJson<Record<string, unknown>>(row.settings, {}).minPostIntervalMinutes ?? 0,
            );
            const last = row.last_post_at === null ? Number.NEGATIVE_INFINITY : Date.parse(row.last_post_at);
            if (now.getTime() - last < minutes * 60_000) continue;
            posted.add(row.id);
          }
          deliveries.push(newDelivery(row.id, event.type, payload, dueAt, at));
        }
      }
      // One statement each, however many integrations: the claim's transaction stays short.
      if (posted.size > 0) {
        await trx
          .updateTable('integration')
          .set({ last_post_at: at })
          .where('id', 'in', [...posted])
          .execute();
      }
      if (deliveries.length > 0) await trx.insertInto('integration_delivery').values(deliveries).execute();
      return decision.events.map(({ event }) => event);
    });
  }

  /** Queues one delivery of `event` to one integration (the admin's test), whatever it subscribes to. */
  async enqueue(integrationId: string, event: IntegrationEvent, now: Date): Promise<string> {
    const row = newDelivery(integrationId, event.type, JSON.stringify(event), now, now.toISOString());
    await this.db.insertInto('integration_delivery').values(row).execute();
    return row.id;
  }

  /**
   * Claims up to `limit` due deliveries for this instance. A claim moves the delivery to 'sending'
   * until `now + leaseMs` with a conditional update, so of several instances exactly one wins it;
   * a claim whose instance died before finishing lapses then, and another instance sends it again
   * with the same id (receivers de-duplicate on webhook-id).
   */
  async claimDue(now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const at = now.toISOString();
    const due = await this.db
      .selectFrom('integration_delivery')
      .innerJoin('integration', 'integration.id', 'integration_delivery.integration_id')
      .select([
        'integration_delivery.id as delivery_id',
        'integration_delivery.event_type',
        'integration_delivery.payload',
        'integration_delivery.status',
        'integration_delivery.attempts',
        'integration.id',
        'integration.name',
        'integration.kind',
        'integration.events',
        'integration.enabled',
        'integration.settings',
        'integration.secrets',
        'integration.paused_reason',
        'integration.consecutive_failures',
        'integration.created_at',
      ])
      .where('integration_delivery.status', 'in', ['pending', 'sending'])
      .where('integration_delivery.next_attempt_at', '<=', at)
      .orderBy('integration_delivery.next_attempt_at')
      .limit(limit)
      .execute();
    if (due.length === 0) return [];
    // One conditional update claims the lot: a row another instance claimed meanwhile has its
    // next_attempt_at moved past `now`, so it no longer matches (PostgreSQL re-checks the condition
    // on the row it waited for), and only the rows this instance won come back.
    const won = await this.db
      .updateTable('integration_delivery')
      .set((eb) => ({
        status: 'sending',
        attempts: eb('attempts', '+', 1),
        next_attempt_at: new Date(now.getTime() + leaseMs).toISOString(),
        updated_at: at,
      }))
      .where(
        'id',
        'in',
        due.map((row) => row.delivery_id),
      )
      .where('status', 'in', ['pending', 'sending'])
      .where('next_attempt_at', '<=', at)
      .returning(['id', 'attempts'])
      .execute();
    const attemptsOf = new Map(won.map((row) => [row.id, row.attempts]));
    return due.flatMap((row) => {
      const attempts = attemptsOf.get(row.delivery_id);
      if (attempts === undefined) return [];
      return [
        {
          id: row.delivery_id,
          eventType: row.event_type,
          payload: row.payload,
          attempts,
          integration: toIntegration(row),
        },
      ];
    });
  }

  async finish(deliveryIds: readonly string[], status: 'sent' | 'failed', now: Date): Promise<void> {
    if (deliveryIds.length === 0) return;
    await this.db
      .updateTable('integration_delivery')
      .set({ status, updated_at: now.toISOString() })
      .where('id', 'in', deliveryIds)
      .execute();
  }

  async retryLater(deliveryId: string, nextAttemptAt: Date, now: Date): Promise<void> {
    await this.db
      .updateTable('integration_delivery')
      .set({ status: 'pending', next_attempt_at: nextAttemptAt.toISOString(), updated_at: now.toISOString() })
      .where('id', '=', deliveryId)
      .where('status', '=', 'sending')
      .execute();
  }

  /**
   * Logs attempts, in one statement however many. The log is trimmed to the last ATTEMPTS_KEPT of
   * each integration by `prune`, not here: a trim per attempt cost as much as the attempt's insert.
   */
  async recordAttempts(attempts: readonly AttemptRecord[]): Promise<void> {
    if (attempts.length === 0) return;
    await this.db
      .insertInto('integration_attempt')
      .values(
        attempts.map((attempt) => ({
          id: randomUUID(),
          integration_id: attempt.integrationId,
          delivery_id: attempt.deliveryId,
          event_type: attempt.eventType,
          at: attempt.at.toISOString(),
          status: attempt.status,
          duration_ms: Math.round(attempt.durationMs),
          answer: attempt.answer.slice(0, ANSWER_KEPT_CHARS),
        })),
      )
      .execute();
  }

  /** The last ATTEMPTS_KEPT attempts, newest first. */
  async attempts(integrationId: string) {
    return this.db
      .selectFrom('integration_attempt')
      .select(['delivery_id', 'event_type', 'at', 'status', 'duration_ms', 'answer'])
      .where('integration_id', '=', integrationId)
      .orderBy('at', 'desc')
      .limit(ATTEMPTS_KEPT)
      .execute();
  }

  /** Clears the failures in a row of each integration. */
  async succeeded(integrationIds: readonly string[]): Promise<void> {
    if (integrationIds.length === 0) return;
    await this.db
      .updateTable('integration')
      .set({ consecutive_failures: 0 })
      .where('id', 'in', integrationIds)
      // Nothing written while it is 0 already, the usual case.
      .where('consecutive_failures', '<>', 0)
      .execute();
  }

  /** Counts a failed attempt; answers the failures in a row now. */
  async failed(integrationId: string): Promise<number> {
    await this.db
      .updateTable('integration')
      .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1) }))
      .where('id', '=', integrationId)
      .execute();
    const row = await this.db
      .selectFrom('integration')
      .select('consecutive_failures')
      .where('id', '=', integrationId)
      .executeTakeFirst();
    return row?.consecutive_failures ?? 0;
  }

  /** Pauses the integration, saying why, and drops what it still had queued. True if it was running. */
  async pause(integrationId: string, reason: string, now: Date): Promise<boolean> {
    return this.inTransaction(async ({ db: trx }) => {
      const at = now.toISOString();
      const result = await trx
        .updateTable('integration')
        .set({ paused_reason: reason, enabled: 0, updated_at: at })
        .where('id', '=', integrationId)
        .where('paused_reason', 'is', null)
        .executeTakeFirst();
      await trx
        .updateTable('integration_delivery')
        .set({ status: 'failed', updated_at: at })
        .where('integration_id', '=', integrationId)
        .where('status', '=', 'pending')
        .execute();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  /**
   * Runs `work` with a repo whose writes are one transaction: one commit (one sync to disk on
   * SQLite) for all of them. Inside one already, it simply runs.
   */
  async inTransaction<T>(work: (repo: IntegrationsRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new IntegrationsRepo(trx)));
  }

  /**
   * Forgets finished deliveries older than a week, and trims each integration's log to its last
   * ATTEMPTS_KEPT attempts (`attempts` never shows more, so a log briefly longer is never seen).
   */
  async prune(now: Date): Promise<void> {
    await this.db
      .deleteFrom('integration_delivery')
      .where('status', 'in', ['sent', 'failed'])
      .where('updated_at', '<', new Date(now.getTime() - DELIVERIES_KEPT_MS).toISOString())
      .execute();
    // Every integration's log in one statement: each attempt ranked newest first within its own.
    await this.db
      .deleteFrom('integration_attempt')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom((inner) =>
            inner
              .selectFrom('integration_attempt')
              .select((ranked) => [
                'id',
                ranked.fn
                  .agg<number>('row_number')
                  .over((over) =>
                    over.partitionBy('integration_id').orderBy('at', 'desc').orderBy('id', 'desc'),
                  )
                  .as('place'),
              ])
              .as('ranked'),
          )
          .select('ranked.id')
          .where('ranked.place', '>', ATTEMPTS_KEPT),
      )
      .execute();
  }
}

function newDelivery(integrationId: string, eventType: string, payload: string, dueAt: Date, at: string) {
  return {
    id: `msg_${randomUUID().replaceAll('-', '')}`,
    integration_id: integrationId,
    event_type: eventType,
    payload,
    status: 'pending',
    attempts: 0,
    next_attempt_at: dueAt.toISOString(),
    created_at: at,
    updated_at: at,
  };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function toIntegration(row: IntegrationRow): StoredIntegration {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as IntegrationKind,
    events: parseJson<string[]>(row.events, []),
    enabled: row.enabled === 1,
    settings: parseJson<Record<string, unknown>>(row.settings, {}),
    secrets: parseJson<Record<string, string>>(row.secrets, {}),
    pausedReason: row.paused_reason,
    consecutiveFailures: row.consecutive_failures,
    createdAt: row.created_at,
  };
}
