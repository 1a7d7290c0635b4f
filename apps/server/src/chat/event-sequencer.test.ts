import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventSequencer, SEQUENCER_GAP_MS } from './event-sequencer.ts';

describe('EventSequencer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const make = (head: number, store: { seq: number; data: unknown }[] = []) => {
    const emitted: [number, unknown][] = [];
    const sequencer = new EventSequencer(
      head,
      (seq, data) => emitted.push([seq, data]),
      async (after, limit) => store.filter((event) => event.seq > after).slice(0, limit),
      (error) => {
        throw error;
      },
    );
    return { sequencer, emitted };
  };

  it('emits in seq order whatever order the saves finish in, each once', () => {
    const { sequencer, emitted } = make(10);
    sequencer.done(13, 'c');
    sequencer.done(12, 'b');
    expect(emitted).toEqual([]);
    sequencer.done(11, 'a');
    sequencer.done(12, 'b again');
    expect(emitted).toEqual([
      [11, 'a'],
      [12, 'b'],
      [13, 'c'],
    ]);
    sequencer.stop();
  });

  it('reads a seq that never came back from the store, so later events are not held forever', async () => {
    vi.useFakeTimers();
    const { sequencer, emitted } = make(0, [{ seq: 1, data: 'from store' }]);
    sequencer.done(2, 'live');
    expect(emitted).toEqual([]);
    await vi.advanceTimersByTimeAsync(SEQUENCER_GAP_MS);
    expect(emitted).toEqual([
      [1, 'from store'],
      [2, 'live'],
    ]);
    sequencer.stop();
  });
});
