import { describe, expect, it, vi } from 'vitest';
import { IcecastPoller, type FetchStatus } from './icecast-poller.ts';

const feed = (title: string) => ({ icestats: { admin: 'x', source: { title, listenurl: 'http://x/live' } } });
const json = (body: unknown) => Response.json(body);

/** A poller over a scripted upstream, one answer per poll. */
function pollerWith(...answers: Array<() => Promise<Response>>) {
  const queue = [...answers];
  const fetchStatus = vi.fn<FetchStatus>(() => {
    const next = queue.shift();
    if (!next) throw new Error('no more scripted answers');
    return next();
  });
  let clock = Date.parse('2026-03-02T12:00:00Z');
  const poller = new IcecastPoller({ fetchStatus, now: () => new Date((clock += 1000)) });
  return { poller, fetchStatus };
}

describe('IcecastPoller', () => {
  it('reads the feed, repairing a double-encoded title', async () => {
    const mojibake = Buffer.from('Aoife Ní Mhurchú - Sráid', 'utf8').toString('latin1');
    const { poller } = pollerWith(async () => json(feed(mojibake)));
    await poller.poll();
    expect(poller.current).toEqual({
      title: 'Sráid',
      artist: 'Aoife Ní Mhurchú',
      album: '',
      artwork: '',
      updatedAt: '2026-03-02T12:00:01.000Z',
    });
  });

  it.each([
    ['http-status', async () => new Response('nope', { status: 503 })],
    [
      'content-type',
      async () => new Response('<html>maintenance</html>', { headers: { 'content-type': 'text/html' } }),
    ],
    [
      'structure',
      async () => new Response('{"icestats": {', { headers: { 'content-type': 'application/json' } }),
    ],
    ['structure', async () => json({ hello: 'world' })],
    ['no-source', async () => json({ icestats: { admin: 'x' } })],
    ['network', async () => Promise.reject(new TypeError('fetch failed'))],
  ] as const)('records %s and keeps the previous metadata', async (kind, failure) => {
    const { poller } = pollerWith(async () => json(feed('DJ - Track One')), failure);
    await poller.poll();
    const before = poller.current;
    await poller.poll();
    expect(poller.current).toMatchObject({ title: 'Track One', artist: 'DJ', updatedAt: before.updatedAt });
    expect(poller.current.error).toEqual({ kind, at: '2026-03-02T12:00:02.000Z' });
  });

  it('clears the error once the feed recovers; a lasting error keeps its start time and ETag', async () => {
    const down = async () => new Response('x', { status: 500 });
    const { poller } = pollerWith(down, down, async () => json(feed('DJ - Back')));
    await poller.poll();
    const etag = poller.etag;
    await poller.poll();
    expect(poller.etag).toBe(etag);
    await poller.poll();
    expect(poller.current.error).toBeUndefined();
    expect(poller.current.title).toBe('Back');
    expect(poller.etag).not.toBe(etag);
  });

  it('changes the ETag only when the served value changes', async () => {
    const { poller } = pollerWith(
      async () => json(feed('A - 1')),
      async () => json(feed('A - 1')),
      async () => json(feed('A - 2')),
    );
    await poller.poll();
    const first = poller.etag;
    await poller.poll();
    expect(poller.etag).toBe(first);
    await poller.poll();
    expect(poller.etag).not.toBe(first);
  });

  it('keeps the distinct tracks, newest first', async () => {
    const { poller } = pollerWith(
      async () => json(feed('A - 1')),
      async () => json(feed('A - 1')),
      async () => json(feed('B - 2')),
      async () => new Response('x', { status: 500 }),
      async () => json(feed('C - 3')),
    );
    for (let i = 0; i < 5; i += 1) await poller.poll();
    expect(poller.history.map((entry) => entry.title)).toEqual(['3', '2', '1']);
  });

  it('shares one upstream read between concurrent callers', async () => {
    let release: (response: Response) => void = () => undefined;
    const { poller, fetchStatus } = pollerWith(() => new Promise<Response>((resolve) => (release = resolve)));
    const reads = Array.from({ length: 200 }, () => poller.poll());
    release(json(feed('A - 1')));
    await Promise.all(reads);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(poller.upstreamRequests).toBe(1);
  });

  it('polls on its interval once started, and not after stop()', async () => {
    vi.useFakeTimers();
    try {
      const fetchStatus = vi.fn<FetchStatus>(async () => json(feed('A - 1')));
      const poller = new IcecastPoller({ fetchStatus, intervalMs: 5_000 });
      poller.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchStatus).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(15_000);
      expect(fetchStatus).toHaveBeenCalledTimes(4);
      poller.stop();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetchStatus).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('dates a change halfway between the read that saw the old track and the one that saw the new', async () => {
    const onTrackChange = vi.fn();
    const answers = [feed('DJ - One'), feed('DJ - One'), feed('DJ - Two')];
    let clock = Date.parse('2026-03-02T12:00:00Z');
    const poller = new IcecastPoller({
      fetchStatus: async () => json(answers.shift()),
      now: () => new Date((clock += 1000)),
      onTrackChange,
    });
    await poller.poll();
    expect(poller.current.updatedAt).toBe('2026-03-02T12:00:01.000Z');
    await poller.poll();
    expect(onTrackChange).toHaveBeenCalledTimes(1);
    await poller.poll();
    expect(poller.current.updatedAt).toBe('2026-03-02T12:00:02.500Z');
    expect(poller.history.map((entry) => [entry.title, entry.startedAt])).toEqual([
      ['Two', '2026-03-02T12:00:02.500Z'],
      ['One', '2026-03-02T12:00:01.000Z'],
    ]);
    expect(onTrackChange).toHaveBeenCalledTimes(2);
  });
});
