import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INTEGRATION_KINDS, type IntegrationKind } from '@onair/core';
import { IntegrationDispatcher } from '../src/integrations/integration-dispatcher.ts';
import type { KindSender } from '../src/integrations/kind-sender.ts';
import { webhookSender } from '../src/integrations/kinds/webhook.ts';
import type { OutboundRequest } from '../src/outbound/guarded-request.ts';
import { IntegrationsRepo } from '../src/store/integrations-repo.ts';
import { logSink } from './log-sink.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const LEASE_MS = 60_000;

describe.each(STORE_KINDS)('the integrations outbox, on $kind', ({ open }) => {
  let store: TestStore;
  let repo: IntegrationsRepo;
  let integrationId: string;
  beforeEach(async () => {
    store = await open();
    repo = new IntegrationsRepo(store.db);
    ({ id: integrationId } = await repo.create(
      {
        name: 'w',
        kind: 'webhook',
        events: ['track.changed'],
        enabled: true,
        settings: { url: 'https://h.example' },
        secrets: { secret: 'whsec_x' },
      },
      NOW,
    ));
  });
  afterEach(async () => {
    await store.dispose();
  });

  const event = {
    type: 'station.online' as const,
    timestamp: NOW.toISOString(),
    data: { since: NOW.toISOString() },
  };

  it('hands each delivery to exactly one of several instances claiming at once', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => repo.enqueue(integrationId, event, NOW)));
    // Four instances, each its own repository on the same store.
    const claims = await Promise.all(
      Array.from({ length: 4 }, () => new IntegrationsRepo(store.db).claimDue(NOW, 50, LEASE_MS)),
    );
    const claimed = claims.flat().map((delivery) => delivery.id);
    expect(claimed.sort()).toEqual([...ids].sort());
  });

  it('gives a claim whose instance died back after the lease, with the same id (webhook-id)', async () => {
    const id = await repo.enqueue(integrationId, event, NOW);
    expect((await repo.claimDue(NOW, 10, LEASE_MS)).map((delivery) => delivery.id)).toEqual([id]);
    // The claiming instance dies mid-send: nothing more until the lease lapses.
    expect(await repo.claimDue(new Date(NOW.getTime() + LEASE_MS - 1), 10, LEASE_MS)).toEqual([]);
    const [again] = await repo.claimDue(new Date(NOW.getTime() + LEASE_MS), 10, LEASE_MS);
    expect(again).toMatchObject({ id, attempts: 2, payload: JSON.stringify(event) });
  });

  it('keeps the last 100 attempts of each integration, trimmed in one pass over every log', async () => {
    const { id: otherId } = await repo.create(
      {
        name: 'other',
        kind: 'webhook',
        events: ['track.changed'],
        enabled: true,
        settings: { url: 'https://other.example' },
        secrets: { secret: 'whsec_y' },
      },
      NOW,
    );
    const attempt = (integration: string, index: number) => ({
      integrationId: integration,
      deliveryId: `msg_${index}`,
      eventType: 'track.changed',
      at: new Date(NOW.getTime() + index * 1_000),
      status: 200,
      durationMs: 5,
      answer: 'x'.repeat(300),
    });
    // Logged in batches, as the dispatcher settles them; trimmed by the periodic prune.
    for (let from = 0; from < 105; from += 35) {
      await repo.recordAttempts(
        Array.from({ length: 35 }, (_, index) => attempt(integrationId, from + index)),
      );
    }
    await repo.recordAttempts(Array.from({ length: 3 }, (_, index) => attempt(otherId, index)));
    await repo.prune(NOW);
    const stored = async (integration: string) =>
      (
        await store.db
          .selectFrom('integration_attempt')
          .select('delivery_id')
          .where('integration_id', '=', integration)
          .execute()
      ).length;
    expect(await stored(integrationId)).toBe(100);
    expect(await stored(otherId)).toBe(3);
    const attempts = await repo.attempts(integrationId);
    expect(attempts).toHaveLength(100);
    expect(attempts[0]).toMatchObject({ delivery_id: 'msg_104', answer: 'x'.repeat(200) });
    expect(attempts.at(-1)?.delivery_id).toBe('msg_5');
  });

  /** An instance's dispatcher over `instanceRepo` at `clock`, whose receivers all answer 204. */
  function instance(instanceRepo: IntegrationsRepo, clock: Date, sent: OutboundRequest[]) {
    const sink = logSink();
    const senders = Object.fromEntries(INTEGRATION_KINDS.map((kind) => [kind, webhookSender])) as Record<
      IntegrationKind,
      KindSender
    >;
    const dispatcher = new IntegrationDispatcher({
      repo: instanceRepo,
      senders,
      send: async (request) => {
        sent.push(request);
        return { status: 204, headers: {}, body: Buffer.alloc(0) };
      },
      now: () => clock,
      logger: pino({ level: 'error' }, sink.stream),
      appLink: 'https://radio.example',
      stationName: 'Test FM',
      accentColor: '#ff0000',
    });
    return { dispatcher, log: sink.lines };
  }

  it('an instance dying between the sends and the commit of their log loses nothing and logs nothing twice', async () => {
    const ids = await Promise.all(Array.from({ length: 3 }, () => repo.enqueue(integrationId, event, NOW)));
    // The first instance sends all three, then dies before the transaction that logs and settles
    // them commits: its writes are rolled back together.
    class DyingBeforeCommit extends IntegrationsRepo {
      override inTransaction<T>(work: (repo: IntegrationsRepo) => Promise<T>): Promise<T> {
        return super.inTransaction(async (inside) => {
          await work(inside);
          throw new Error('the instance died');
        });
      }
    }
    const firstSent: OutboundRequest[] = [];
    const first = instance(new DyingBeforeCommit(store.db), NOW, firstSent);
    first.dispatcher.kick();
    await first.dispatcher.stop();
    expect(firstSent.map((request) => request.headers['webhook-id']).sort()).toEqual([...ids].sort());
    expect(first.log.map((line) => line.msg)).toEqual(
      ids.map(() => 'An integration delivery failed to finish.'),
    );
    expect(await repo.attempts(integrationId)).toEqual([]);
    // Nothing is sent again while the dead instance's lease runs…
    const earlySent: OutboundRequest[] = [];
    const early = instance(repo, new Date(NOW.getTime() + LEASE_MS - 1), earlySent);
    early.dispatcher.kick();
    await early.dispatcher.stop();
    expect(earlySent).toEqual([]);
    // …then another instance sends each once more, with the same webhook-id, and logs each once.
    const laterSent: OutboundRequest[] = [];
    const later = instance(repo, new Date(NOW.getTime() + LEASE_MS), laterSent);
    later.dispatcher.kick();
    await later.dispatcher.stop();
    expect(later.log).toEqual([]);
    expect(laterSent.map((request) => request.headers['webhook-id']).sort()).toEqual([...ids].sort());
    expect((await repo.attempts(integrationId)).map((attempt) => attempt.delivery_id).sort()).toEqual(
      [...ids].sort(),
    );
    const deliveries = await store.db
      .selectFrom('integration_delivery')
      .select(['status', 'attempts'])
      .execute();
    expect(deliveries).toEqual(ids.map(() => ({ status: 'sent', attempts: 2 })));
    // Settled: no instance sends them again.
    const afterSent: OutboundRequest[] = [];
    const after = instance(repo, new Date(NOW.getTime() + 3 * LEASE_MS), afterSent);
    after.dispatcher.kick();
    await after.dispatcher.stop();
    expect(afterSent).toEqual([]);
  });
});
