import { renderHook } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStored } from '../../lib/storage.ts';
import * as storedLater from '../../lib/stored-later.ts';
import {
  SESSION_CHECKPOINT_MS,
  useListeningSessions,
  type ListeningFacts,
} from './use-listening-sessions.ts';

const T0 = new Date(2026, 10, 22, 9, 0, 0).getTime();
const durations = () => readStored(storedLater.statsSessions).map((session) => session.duration);

function setup(initial: ListeningFacts) {
  return renderHook((facts: ListeningFacts) => useListeningSessions(facts), { initialProps: initial });
}

describe('useListeningSessions', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: T0 });
  });
  afterEach(() => vi.useRealTimers());

  it('starts when audio first plays, survives buffering and ends on pause', () => {
    const view = setup({ listening: true, playing: false, online: true });
    act(() => {
      vi.advanceTimersByTime(20_000);
    }); // loading: not listened yet
    view.rerender({ listening: true, playing: true, online: true });
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    view.rerender({ listening: true, playing: false, online: true }); // buffering
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    view.rerender({ listening: false, playing: false, online: true });
    expect(durations()).toEqual([20]);
  });

  it('ends the session when the browser goes offline', () => {
    const view = setup({ listening: true, playing: true, online: true });
    act(() => {
      vi.advanceTimersByTime(12_000);
    });
    view.rerender({ listening: true, playing: true, online: false });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(durations()).toEqual([12]);
  });

  it('checkpoints every 30 s and on pagehide', () => {
    setup({ listening: true, playing: true, online: true });
    act(() => {
      vi.advanceTimersByTime(SESSION_CHECKPOINT_MS);
    });
    expect(durations()).toEqual([30]);
    act(() => {
      vi.advanceTimersByTime(SESSION_CHECKPOINT_MS);
    });
    expect(durations()).toEqual([60]);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(durations()).toEqual([65]);
  });
});
