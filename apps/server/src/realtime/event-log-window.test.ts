import { describe, expect, it } from 'vitest';
import { EventLogWindow, type LoggedFrame, type Supersession } from './event-log-window.ts';

/** Events as `kind:id` strings: `r` (a reactions list) replaces the id's earlier `r`; `d` (a removal) replaces its `m` and `r`. */
function supersession(data: unknown): Supersession | null {
  const [kind, id] = String(data).split(':');
  if (kind === 'r') return { key: `r:${id}`, replaces: [`r:${id}`] };
  if (kind === 'd') return { key: `d:${id}`, replaces: [`m:${id}`, `r:${id}`] };
  return kind === 'm' ? { key: `m:${id}`, replaces: [] } : null;
}

const event = (seq: number, data: string): LoggedFrame => ({
  seq,
  data,
  frame: Buffer.from(`${seq}=${data}`),
});
/** What a replay sends, readable: `seq=data` for kept events, `…seq` for a skip marker. */
const replayed = (window: EventLogWindow, since: number) =>
  window.replay(since, (seq) => Buffer.from(`…${seq}`)).map(String);

function windowOf(events: string[], { last = 0, capacity = 100 } = {}): EventLogWindow {
  const window = new EventLogWindow(last, capacity, supersession);
  events.forEach((data, index) => window.append(event(last + index + 1, data)));
  return window;
}

describe('EventLogWindow', () => {
  it("keeps a message's newest reactions list only, and marks the seqs it skips", () => {
    const window = windowOf(['m:a', 'r:a', 'r:a', 'm:b', 'r:a', 'r:b']);
    expect(replayed(window, 0)).toEqual(['1=m:a', '…3', '4=m:b', '5=r:a', '6=r:b']);
    expect(replayed(window, 4)).toEqual(['5=r:a', '6=r:b']);
    expect(replayed(window, 6)).toEqual([]);
  });

  it("sends a removed message's tombstone in place of the message and its reactions", () => {
    const window = windowOf(['m:a', 'r:a', 'm:b', 'd:a']);
    expect(replayed(window, 0)).toEqual(['…2', '3=m:b', '4=d:a']);
    expect(replayed(window, 3)).toEqual(['4=d:a']);
  });

  it('ends on a marker when the last seqs never came (a hole the sequencer skipped)', () => {
    const window = windowOf(['m:a']);
    window.append(event(3, 'm:c'));
    window.append(event(3, 'm:again'));
    expect(replayed(window, 0)).toEqual(['1=m:a', '…2', '3=m:c']);
    expect(window.last).toBe(3);
  });

  it('holds at most `capacity` kept events: the oldest go and the base moves up; replaced ones cost nothing', () => {
    const window = windowOf(['m:a', 'm:b', 'r:b', 'r:b', 'r:b', 'm:c'], { capacity: 2 });
    expect(window.base).toBe(2);
    expect(replayed(window, 2)).toEqual(['…4', '5=r:b', '6=m:c']);
    window.append(event(7, 'm:d'));
    expect(window.base).toBe(5);
    expect(replayed(window, 5)).toEqual(['6=m:c', '7=m:d']);
  });

  it('puts older events read from the store before the ones it has, applying the newer replacements to them', () => {
    const window = windowOf(['r:a', 'm:c'], { last: 3 });
    expect(window.base).toBe(3);
    window.prepend(0, 3, [event(1, 'm:a'), event(2, 'r:a'), event(3, 'm:b')]);
    expect(window.base).toBe(0);
    expect(replayed(window, 0)).toEqual(['1=m:a', '…2', '3=m:b', '4=r:a', '5=m:c']);
  });

  it('reaches back only as far as the store does, and ignores a read the window has moved past', () => {
    const pruned = windowOf(['m:e'], { last: 4 });
    pruned.prepend(0, 4, [event(3, 'm:c'), event(4, 'm:d')]);
    expect(pruned.base).toBe(2);
    const empty = windowOf([], { last: 4 });
    empty.prepend(0, 4, []);
    expect(empty.base).toBe(4);
    const moved = windowOf(['m:a', 'm:b', 'm:c'], { last: 4, capacity: 2 });
    expect(moved.base).toBe(5);
    moved.prepend(0, 4, [event(4, 'm:old')]);
    expect(replayed(moved, 5)).toEqual(['6=m:b', '7=m:c']);
  });

  it('forgets what the store pruned: older events go, and a client holding less can no longer resume', () => {
    const window = windowOf(['m:a', 'm:b', 'r:a', 'm:c']);
    window.forgetBefore(3);
    expect(window.base).toBe(2);
    expect(replayed(window, 2)).toEqual(['3=r:a', '4=m:c']);
    window.forgetBefore(Number.POSITIVE_INFINITY);
    expect(window.base).toBe(4);
    expect(replayed(window, 4)).toEqual([]);
  });
});
