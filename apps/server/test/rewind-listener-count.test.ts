import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RewindListenerCount, REWIND_COUNT_STALE_MS } from '../src/archive/rewind-listener-count.ts';
import { RewindListenerRepo } from '../src/store/rewind-listener-repo.ts';
import { STORE_KINDS, type TestStore } from './stores.ts';

const silent = { warn: () => undefined };

describe.each(STORE_KINDS)('rewind listeners counted across instances, on $kind', ({ open }) => {
  let store: TestStore;
  let clock: Date;
  beforeEach(async () => {
    store = await open();
    clock = new Date('2026-11-26T02:00:00Z');
  });
  afterEach(async () => {
    await store.dispose();
  });
  /** An instance over the shared store; refreshes are driven by the test, not a timer. */
  const instance = () => new RewindListenerCount(new RewindListenerRepo(store.db), () => clock, silent);

  it('adds every instance’s streams, and forgets one that stopped or went silent', async () => {
    const [first, second, third] = [instance(), instance(), instance()];
    first.set(2);
    second.set(1);
    // Each counts its own at once; the others' once it has refreshed after they wrote theirs.
    expect([first.total, second.total, third.total]).toEqual([2, 1, 0]);
    await first.refresh();
    await second.refresh();
    await third.refresh();
    await first.refresh();
    expect([first.total, second.total, third.total]).toEqual([3, 3, 3]);

    // One stops cleanly: its streams leave the count at the others' next refresh.
    await second.stop();
    await first.refresh();
    await third.refresh();
    expect([first.total, third.total]).toEqual([2, 2]);

    // One dies without a word: its last count is dropped once it is older than the staleness bound.
    clock = new Date(clock.getTime() + REWIND_COUNT_STALE_MS - 1_000);
    await third.refresh();
    expect(third.total).toBe(2);
    clock = new Date(clock.getTime() + 2_000);
    await third.refresh();
    expect(third.total).toBe(0);
    await first.stop();
    await third.stop();
  });

  it('leaves no row behind once every instance has stopped', async () => {
    const [first, second] = [instance(), instance()];
    second.set(4);
    await second.refresh();
    first.set(1);
    await first.refresh();
    expect(first.total).toBe(5);
    await first.stop();
    await second.stop();
    expect(await store.db.selectFrom('rewind_listener_count').selectAll().execute()).toEqual([]);
  });
});
