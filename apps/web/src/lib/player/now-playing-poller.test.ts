import { METADATA_POLL_HIDDEN_MS, METADATA_POLL_VISIBLE_MS, type NowPlaying } from '@onair/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NowPlayingPoller } from './now-playing-poller.ts';

const answer = (title: string): NowPlaying => ({
  title,
  artist: 'DJ',
  album: '',
  artwork: '',
  updatedAt: null,
});

function setVisibility(state: 'visible' | 'hidden') {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('NowPlayingPoller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls at once, then every 30 s while visible and every 5 min while hidden', async () => {
    const fetchNowPlaying = vi.fn(async () => answer('A'));
    const poller = new NowPlayingPoller({ isPlaying: () => true, fetchNowPlaying });
    const stop = poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNowPlaying).toHaveBeenCalledTimes(1);
    expect(poller.snapshot.nowPlaying?.title).toBe('A');
    await vi.advanceTimersByTimeAsync(METADATA_POLL_VISIBLE_MS);
    expect(fetchNowPlaying).toHaveBeenCalledTimes(2);

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(METADATA_POLL_HIDDEN_MS - 1);
    expect(fetchNowPlaying).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchNowPlaying).toHaveBeenCalledTimes(3);

    setVisibility('visible'); // an immediate refresh on becoming visible
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNowPlaying).toHaveBeenCalledTimes(4);
    stop();
  });

  it('keeps the previous metadata when a poll fails', async () => {
    const fetchNowPlaying = vi
      .fn<(signal: AbortSignal) => Promise<NowPlaying>>()
      .mockResolvedValueOnce(answer('A'));
    fetchNowPlaying.mockRejectedValueOnce(new Error('HTTP 502'));
    const poller = new NowPlayingPoller({ isPlaying: () => true, fetchNowPlaying });
    const stop = poller.start();
    await vi.advanceTimersByTimeAsync(METADATA_POLL_VISIBLE_MS);
    expect(poller.snapshot).toEqual({ nowPlaying: answer('A'), failed: true });
    stop();
  });

  it('goes dormant when idle over 2 min and not playing, and wakes on interaction or play', async () => {
    let playing = false;
    const fetchNowPlaying = vi.fn(async () => answer('A'));
    const poller = new NowPlayingPoller({ isPlaying: () => playing, fetchNowPlaying });
    const stop = poller.start();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const dormantAt = fetchNowPlaying.mock.calls.length;
    // At 0, 30 … 150 s: the poll at 150 s finds the listener idle over 2 min and stops there.
    expect(dormantAt).toBe(6);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetchNowPlaying).toHaveBeenCalledTimes(dormantAt);

    window.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNowPlaying).toHaveBeenCalledTimes(dormantAt + 1);

    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const again = fetchNowPlaying.mock.calls.length;
    playing = true;
    poller.playingChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchNowPlaying).toHaveBeenCalledTimes(again + 1);
    stop();
  });
});
