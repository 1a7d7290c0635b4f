import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeRealtime } from '../test/fixtures.ts';

describe('RealtimeClient', () => {
  afterEach(() => vi.useRealTimers());

  it('subscribes with the version it holds and reconnects with growing delays, resyncing by version', () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, sockets } = fakeRealtime();
    let held: number | null = null;
    const received: number[] = [];
    const stop = client.subscribe('schedule', {
      currentVersion: () => held,
      onDocument: (version) => {
        held = version;
        received.push(version);
      },
    });
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([{ type: 'subscribe', topics: ['schedule'], versions: {} }]);
    sockets[0]?.receive({ topic: 'schedule', version: 3, data: [] });
    sockets[0]?.receive('{"topic":"weather"}');
    expect(received).toEqual([3]);
    expect(warn).toHaveBeenCalledOnce();

    sockets[0]?.drop();
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    sockets[2]?.open();
    expect(sockets[2]?.sent).toEqual([
      { type: 'subscribe', topics: ['schedule'], versions: { schedule: 3 } },
    ]);

    stop();
    sockets[2]?.drop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(3);
  });

  it('reconnects at once (within 250 ms, spread) when the server restarts with 1012, and resumes its version', () => {
    vi.useFakeTimers();
    const { client, sockets } = fakeRealtime(() => 0.5);
    let held: number | null = null;
    client.subscribe('schedule', { currentVersion: () => held, onDocument: (version) => (held = version) });
    sockets[0]?.open();
    sockets[0]?.receive({ topic: 'schedule', version: 7, data: [] });
    // After an error the first retry waits 250..500 ms; after a restart, random × 250 ms.
    sockets[0]?.drop(1012);
    vi.advanceTimersByTime(124);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([
      { type: 'subscribe', topics: ['schedule'], versions: { schedule: 7 } },
    ]);
    // A second restart in a row is still at once: restarts are no reason to back off.
    sockets[1]?.drop(1012);
    vi.advanceTimersByTime(125);
    expect(sockets).toHaveLength(3);
  });

  it('takes a socket silent for 25 s for dead: replaces it at once and resumes its version; heartbeats keep it', () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, sockets } = fakeRealtime();
    let held: number | null = null;
    client.subscribe('schedule', { currentVersion: () => held, onDocument: (version) => (held = version) });
    sockets[0]?.open();
    sockets[0]?.receive({ topic: 'schedule', version: 4, data: [] });
    // Heartbeats every 10 s: an idle but live socket is kept however long nothing changes.
    for (let beat = 0; beat < 6; beat += 1) {
      vi.advanceTimersByTime(10_000);
      sockets[0]?.receive({ type: 'heartbeat' });
    }
    expect(sockets).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
    // Then nothing at all (the connection died without closing): within 25 s and a check, a new socket.
    vi.advanceTimersByTime(24_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(2_501);
    expect(sockets).toHaveLength(2);
    // The dead one closing late changes nothing; the new one resumes from the held version.
    sockets[0]?.drop();
    sockets[1]?.open();
    expect(sockets[1]?.sent).toEqual([
      { type: 'subscribe', topics: ['schedule'], versions: { schedule: 4 } },
    ]);
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('gives up on a connection that never opens within 25 s', () => {
    vi.useFakeTimers();
    const { client, sockets } = fakeRealtime();
    client.subscribe('schedule', { currentVersion: () => null, onDocument: () => undefined });
    vi.advanceTimersByTime(27_500);
    expect(sockets).toHaveLength(2);
  });
});
