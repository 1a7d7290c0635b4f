import type { NowPlaying } from '@onair/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TitleSync } from './title-sync.ts';

const T0 = Date.parse('2026-03-02T12:00:00Z');
const value = (title: string, changedAtMs: number): NowPlaying => ({
  title,
  artist: 'DJ',
  album: '',
  artwork: '',
  updatedAt: new Date(changedAtMs).toISOString(),
});

describe('TitleSync', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  function sync(lagMs: number) {
    const onChange = vi.fn();
    return { onChange, titles: new TitleSync({ lagMs: () => lagMs, onChange }) };
  }

  it('shows the first title at once, and a new one when its song reaches the ears', () => {
    const { titles, onChange } = sync(3_000);
    titles.receive(value('One', T0 - 60_000));
    expect(titles.heard?.title).toBe('One');
    titles.receive(value('Two', T0));
    vi.advanceTimersByTime(2_999);
    expect(titles.heard?.title).toBe('One');
    vi.advanceTimersByTime(1);
    expect(titles.heard?.title).toBe('Two');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('counts the time the change took to arrive, and switches at once when nothing plays', () => {
    const late = sync(3_000);
    late.titles.receive(value('One', T0 - 60_000));
    late.titles.receive(value('Two', T0 - 2_000));
    vi.advanceTimersByTime(1_000);
    expect(late.titles.heard?.title).toBe('Two');
    const idle = sync(0);
    idle.titles.receive(value('One', T0 - 60_000));
    idle.titles.receive(value('Two', T0));
    expect(idle.titles.heard?.title).toBe('Two');
  });

  it('keeps the moment when the same change comes twice, and a newer one replaces it', () => {
    const { titles } = sync(3_000);
    titles.receive(value('One', T0 - 60_000));
    titles.receive(value('Two', T0));
    vi.advanceTimersByTime(2_000);
    titles.receive(value('Two', T0));
    vi.advanceTimersByTime(1_000);
    expect(titles.heard?.title).toBe('Two');
    titles.receive(value('Three', T0 + 3_000));
    titles.receive(value('Four', T0 + 3_500));
    vi.advanceTimersByTime(3_000);
    expect(titles.heard?.title).toBe('Two');
    vi.advanceTimersByTime(500);
    expect(titles.heard?.title).toBe('Four');
  });

  it('stop() drops a pending switch', () => {
    const { titles } = sync(3_000);
    titles.receive(value('One', T0 - 60_000));
    titles.receive(value('Two', T0));
    titles.stop();
    vi.advanceTimersByTime(10_000);
    expect(titles.heard?.title).toBe('One');
  });
});
