import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mp3Frames } from './mp3-frames.ts';
import { PacedMount, type ListenerSink } from './paced-mount.ts';

/** 10 frames of 100 bytes at 38.28 frames/s (44.1 kHz, 1152 samples), each filled with its index. */
const mp3: Mp3Frames = {
  frames: Array.from({ length: 10 }, (_, index) => Buffer.alloc(100, index)),
  sampleRateHz: 44100,
  samplesPerFrame: 1152,
  bitrateKbps: 192,
};

/** A connection that takes every chunk at once, or (`flushes: false`) one whose first chunk never leaves. */
function sink({ flushes = true } = {}): ListenerSink & { received: Buffer[]; destroyed: boolean } {
  return {
    received: [],
    destroyed: false,
    writableLength: 0,
    write(chunk, flushed) {
      this.received.push(chunk);
      if (flushes) flushed?.();
      return true;
    },
    destroy() {
      this.destroyed = true;
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('PacedMount', () => {
  it('gives a new listener a burst, then real time from one shared clock', () => {
    vi.useFakeTimers();
    let now = 0;
    const mount = new PacedMount(mp3, { burstBytes: 300, tickMs: 100, now: () => now });
    now = 1000; // frame 38
    const early = sink();
    mount.attach(early);
    expect(Buffer.concat(early.received)).toHaveLength(300);
    now = 2000; // frame 76
    vi.advanceTimersByTime(100);
    const total = Buffer.concat(early.received).length;
    expect(total).toBe(300 + (76 - 38) * 100);

    const late = sink();
    mount.attach(late);
    // Both hear the same frame last: the one at the clock's position (index 75 % 10 = 5).
    expect(Buffer.concat(late.received).at(-1)).toBe(5);
    expect(Buffer.concat(early.received).at(-1)).toBe(5);
  });

  it('loops the frames without a gap', () => {
    vi.useFakeTimers();
    let now = 0;
    const mount = new PacedMount(mp3, { burstBytes: 100, now: () => now });
    now = 10_000;
    const listener = sink();
    mount.attach(listener);
    now = 11_000;
    vi.advanceTimersByTime(100);
    const bytes = Buffer.concat(listener.received);
    const order = Array.from({ length: bytes.length / 100 }, (_, index) => bytes[index * 100]);
    for (let index = 1; index < order.length; index += 1) {
      expect(order[index]).toBe(((order[index - 1] ?? 0) + 1) % 10);
    }
  });

  it('cuts off a listener that stops reading and stops ticking when nobody listens', () => {
    vi.useFakeTimers();
    let now = 0;
    const mount = new PacedMount(mp3, { burstBytes: 100, maxQueuedBytes: 1000, now: () => now });
    const slow = { ...sink(), writableLength: 5000 };
    mount.attach(slow);
    now = 1000;
    vi.advanceTimersByTime(100);
    expect(slow.destroyed).toBe(true);
    expect(mount.listenerCount).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts a connection as a listener only once audio has reached it', () => {
    const mount = new PacedMount(mp3);
    const waiting = mount.attach(sink({ flushes: false }));
    expect(mount.listenerCount).toBe(0);
    const hearing = mount.attach(sink());
    expect(mount.listenerCount).toBe(1);
    waiting();
    hearing();
    expect(mount.listenerCount).toBe(0);
    mount.close();
  });

  it('detaches on close', () => {
    const mount = new PacedMount(mp3);
    const listener = sink();
    const detach = mount.attach(listener);
    expect(mount.listenerCount).toBe(1);
    detach();
    expect(mount.listenerCount).toBe(0);
  });
});
