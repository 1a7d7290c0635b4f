import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IntegrationsRepo } from '../src/store/integrations-repo.ts';
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

  it('keeps the last 100 attempts of each integration', async () => {
    for (let index = 0; index < 105; index += 1) {
      await repo.recordAttempt({
        integrationId,
        deliveryId: `msg_${index}`,
        eventType: 'track.changed',
        at: new Date(NOW.getTime() + index * 1_000),
        status: 200,
        durationMs: 5,
        answer: 'x'.repeat(300),
      });
    }
    const attempts = await repo.attempts(integrationId);
    expect(attempts).toHaveLength(100);
    expect(attempts[0]).toMatchObject({ delivery_id: 'msg_104', answer: 'x'.repeat(200) });
    expect(attempts.at(-1)?.delivery_id).toBe('msg_5');
  });
});
