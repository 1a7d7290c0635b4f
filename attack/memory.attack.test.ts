import { describe, expect, it } from 'vitest';
import { inParallel, signIn } from './support/http.ts';
import { useTarget, type Target } from './support/target.ts';

const ADDRESSES = 20_000;
/** The bound for 20,000 made-up addresses, on the server's resident memory. */
const MAX_GROWTH_BYTES = 30 * 1024 * 1024;
/**
 * The JS heap in use counts garbage not yet collected too (V8 collects the old generation only once
 * it has grown by a share of itself), so its bound is wider; a leak of 3.4 KB an address still
 * breaks it.
 */
const MAX_HEAP_GROWTH_BYTES = 64 * 1024 * 1024;
/** Requests in flight at once: enough to keep both cores busy, few enough to stay one client's worth. */
const IN_FLIGHT = 16;
/** The server's EVENTS_MAX_BATCHES_PER_WINDOW (a minute); the suite sees the server from outside only. */
const EVENTS_MAX_BATCHES_PER_WINDOW = 30;
/** Lines the server may log at warn for reasons of its own during the run, whatever the number of addresses. */
const MAX_UNRELATED_LOG_LINES = 5;

/** One analytics event, as the web app sends it; every batch is counted under one row. */
const BATCH = JSON.stringify({
  events: [{ name: 'chat_close', params: {}, at: 1 }],
  app_id: 'onair-web',
  platform_type: 'web_browser',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0',
});

/** The `index`th address of the /8 `prefix` (16 M to pick from). */
function addressIn(prefix: number, index: number): string {
  return `${prefix}.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

async function postEvents(target: Target, forwardedFor: string): Promise<number> {
  const response = await fetch(`${target.url}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: BATCH,
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * One analytics batch from each of `count` addresses of `prefix`. POST /api/events has a limit per
 * address and none shared by all, so every new address adds a key to that limit's in-memory store.
 */
function postFromEach(target: Target, prefix: number, count: number): Promise<number[]> {
  const indexes = Array.from({ length: count }, (_, index) => index);
  return inParallel(indexes, IN_FLIGHT, (index) => postEvents(target, addressIn(prefix, index)));
}

/** The server's JS heap in use, from its own Prometheus figures (/metrics answers loopback). */
async function heapUsedBytes(target: Target): Promise<number> {
  const text = await (await fetch(`${target.url}/metrics`)).text();
  const bytes = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(text)?.[1];
  if (bytes === undefined) throw new Error('no nodejs_heap_size_used_bytes in /metrics');
  return Number(bytes);
}

/** Batches the store has counted, all days and platforms together. */
function countedBatches(target: Target): number {
  const rows = (target.storeSnapshot().analytics_event_day ?? []) as Array<{ name: string; count: number }>;
  return rows.filter((row) => row.name === 'chat_close').reduce((sum, row) => sum + row.count, 0);
}

const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

describe('20,000 made-up addresses through a trusted proxy, each one new to a per-address limit', () => {
  // warn: nothing a well-formed batch does is worth a line there, so any line per address would show.
  const target = useTarget({ TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'warn' });

  it('are all answered correctly, add less than 30 MB to the server, and add no log line per address', async () => {
    // A warm-up first, so start-up costs (JIT, connection buffers, the heap's first growth) are not
    // counted as growth: what is left is what the addresses themselves cost.
    const warmUp = await postFromEach(target(), 11, 1_000);
    expect(warmUp.every((status) => status === 202)).toBe(true);
    const rssBefore = await target().residentBytes();
    const heapBefore = await heapUsedBytes(target());
    const logLinesBefore = target().log.lines.length;

    // The first half fills the limit's store to its cap (10,000 keys); the second half runs past it.
    const firstHalf = await postFromEach(target(), 12, ADDRESSES / 2);
    const rssHalf = await target().residentBytes();
    const secondHalf = await postFromEach(target(), 13, ADDRESSES / 2);
    const rssAfter = await target().residentBytes();
    const heapAfter = await heapUsedBytes(target());
    console.info(
      `after ${ADDRESSES} addresses: server RSS ${megabytes(rssBefore)} -> ${megabytes(rssHalf)} (half) -> ${megabytes(rssAfter)}` +
        ` (+${megabytes(rssAfter - rssBefore)}); heap used ${megabytes(heapBefore)} -> ${megabytes(heapAfter)}` +
        ` (+${megabytes(heapAfter - heapBefore)}); log lines ${logLinesBefore} -> ${target().log.lines.length}`,
    );

    // Every address was new to the limit, so every batch was accepted, and counted.
    expect([...firstHalf, ...secondHalf].every((status) => status === 202)).toBe(true);
    expect(countedBatches(target())).toBe(1_000 + ADDRESSES);

    expect(rssAfter - rssBefore).toBeLessThan(MAX_GROWTH_BYTES);
    expect(heapAfter - heapBefore).toBeLessThan(MAX_HEAP_GROWTH_BYTES);
    expect(target().log.lines.length - logLinesBefore).toBeLessThanOrEqual(MAX_UNRELATED_LOG_LINES);

    // The limit still counts per address after the flood: the last address has its own budget,
    // which ends with a 429 when spent, and the refused batch is not counted.
    const last = addressIn(13, ADDRESSES / 2 - 1);
    const more: number[] = [];
    for (let batch = 0; batch < EVENTS_MAX_BATCHES_PER_WINDOW; batch += 1)
      more.push(await postEvents(target(), last));
    expect(more).toEqual([...Array<number>(EVENTS_MAX_BATCHES_PER_WINDOW - 1).fill(202), 429]);
    expect(countedBatches(target())).toBe(1_000 + ADDRESSES + EVENTS_MAX_BATCHES_PER_WINDOW - 1);
    // 21,000 requests take 15-60 s on a busy two-core machine; the limit only stops a hang.
  }, 240_000);
});

describe('made-up X-Forwarded-For addresses from a client no proxy vouches for (finding 3)', () => {
  // info, the default: the level at which every request is logged with its client address.
  const target = useTarget({ LOG_LEVEL: 'info' });
  const GUESSES = 5_000;

  it('are never believed: no log line names one, and the server does not grow with them', async () => {
    const forged = (index: number) => addressIn(14, index);
    const guess = async (index: number) => {
      const response = await signIn(target(), { password: `wrong-${index}`, forwardedFor: forged(index) });
      await response.arrayBuffer();
      return response.status;
    };
    await inParallel([0, 1, 2, 3, 4], 1, guess); // the first failures, before measuring
    const rssBefore = await target().residentBytes();
    const statuses = await inParallel(
      Array.from({ length: GUESSES }, (_, index) => index + 5),
      IN_FLIGHT,
      guess,
    );
    const rssAfter = await target().residentBytes();
    console.info(
      `after ${GUESSES} forged sign-ins: server RSS ${megabytes(rssBefore)} -> ${megabytes(rssAfter)}`,
    );

    // One client, one budget: everything past its first five failures is refused.
    expect(statuses.every((status) => status === 429)).toBe(true);
    // The log names the real peer only; a forged address in it is what filled 174 MB of log before.
    const named = target().log.text.match(/\b14\.\d+\.\d+\.\d+\b/g) ?? [];
    expect(named).toEqual([]);
    expect(rssAfter - rssBefore).toBeLessThan(MAX_GROWTH_BYTES);
  }, 240_000);
});
