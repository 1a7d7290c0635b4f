import { afterEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient } from './realtime-client.ts';

/** A stand-in socket the test drives by hand (jsdom's WebSocket would dial a real server). */
class FakeSocket {
  static readonly OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

describe('RealtimeClient', () => {
  afterEach(() => vi.useRealTimers());

  it('subscribes with the version it holds and reconnects with growing delays, resyncing by version', () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sockets: FakeSocket[] = [];
    const client = new RealtimeClient('ws://x/api/realtime', () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    }, () => 1);
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
    sockets[0]?.onmessage?.({ data: JSON.stringify({ topic: 'schedule', version: 3, data: [] }) });
    sockets[0]?.onmessage?.({ data: '{"topic":"weather"}' });
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
    expect(sockets[2]?.sent).toEqual([{ type: 'subscribe', topics: ['schedule'], versions: { schedule: 3 } }]);

    stop();
    sockets[2]?.drop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(3);
  });
});
