import { STORAGE_KEYS } from '@onair/core';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAnalyticsSink, type AnalyticsEvent } from '../../lib/analytics.ts';
import { removeStored, writeStored } from '../../lib/storage.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { claimSleepTimerEnd, type SleepTimerLocks } from './claim-sleep-timer-end.ts';
import { useSleepTimer } from './use-sleep-timer.ts';

const NOW = Date.UTC(2026, 10, 22, 22, 0, 0);
const END = NOW + 15 * 60_000;

/**
 * The browser's lock manager, which every tab of an origin shares (jsdom has none): one holder per
 * name; `ifAvailable` is answered at request time, the callback runs later, as in the browser.
 */
class OriginLocks implements SleepTimerLocks {
  readonly held = new Set<string>();

  request(
    name: string,
    _options: { ifAvailable: true },
    callback: (lock: Lock | null) => Promise<never> | undefined,
  ) {
    const free = !this.held.has(name);
    if (free) this.held.add(name);
    return Promise.resolve().then(async () => {
      const hold = callback(free ? { name, mode: 'exclusive' } : null);
      await hold;
      if (free) this.held.delete(name);
    });
  }
}

/** One open tab: its sleep timer, its player's pause and volume. */
function openTab() {
  const onExpire = vi.fn();
  const onFade = vi.fn();
  const { result } = renderHook(() => useSleepTimer({ onExpire, onFade }));
  return { timer: () => result.current, onExpire, onFade };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the sleep timer across tabs', () => {
  let locks: OriginLocks;
  let events: AnalyticsEvent[];
  let unregister: () => void;
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    locks = new OriginLocks();
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    events = [];
    unregister = registerAnalyticsSink((event) => events.push(event));
  });
  afterEach(() => {
    unregister();
    Reflect.deleteProperty(navigator, 'locks');
    vi.useRealTimers();
  });

  const completions = () => events.filter((event) => event.name === 'sleep_timer_complete');

  it('stops the audio in every tab, and only one tab reports sleep_timer_complete', async () => {
    const tabs = [openTab(), openTab()];
    act(() => tabs[0]?.timer().start(15, false));
    expect(tabs[1]?.timer().state).toEqual({ endTime: END, initialTime: 900, isActive: true });

    // Both tabs fade together, from the one shared end time.
    await advance(15 * 60_000 - 5_000);
    for (const tab of tabs) expect(tab.onFade).toHaveBeenLastCalledWith(0.5);
    await advance(5_000);
    expect(tabs.map((tab) => tab.onExpire.mock.calls.length)).toEqual([1, 1]);
    expect(completions()).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.sleepTimer)).toBeNull();
    // The winner keeps the claim, so a tab that gets there late cannot take it again.
    expect([...locks.held]).toEqual([`playfm_sleep_timer_end_${END}`]);
    for (const tab of tabs) {
      expect(tab.timer().state).toBeNull();
      expect(tab.onFade).toHaveBeenLastCalledWith(1);
      // Each tab paused before its volume came back.
      expect(tab.onExpire.mock.invocationCallOrder[0]).toBeLessThan(
        tab.onFade.mock.invocationCallOrder.at(-1) ?? 0,
      );
    }

    await advance(60_000);
    expect(tabs.map((tab) => tab.onExpire.mock.calls.length)).toEqual([1, 1]);
    expect(completions()).toHaveLength(1);
  });

  it('follows without reporting when another tab already holds the claim for this end', async () => {
    const tab = openTab();
    act(() => tab.timer().start(15, false));
    locks.held.add(`playfm_sleep_timer_end_${END}`); // another tab won (its write has not reached us yet)
    await advance(15 * 60_000);
    expect(tab.onExpire).toHaveBeenCalledTimes(1);
    expect(completions()).toEqual([]);
  });

  it('follows at once when another tab clears the timer after its end, before this tab ticks', async () => {
    const tab = openTab();
    act(() => tab.timer().start(15, false));
    await advance(15 * 60_000 - 5_000);
    expect(tab.onFade).toHaveBeenLastCalledWith(0.5);
    // A throttled tab: the clock passes the end without a tick here; the other tab acts meanwhile.
    act(() => {
      vi.setSystemTime(END + 400);
    });
    act(() => removeStored(storedLater.sleepTimer));
    expect(tab.onExpire).toHaveBeenCalledTimes(1);
    expect(tab.onFade).toHaveBeenLastCalledWith(1);
    expect(tab.onExpire.mock.invocationCallOrder[0]).toBeLessThan(
      tab.onFade.mock.invocationCallOrder.at(-1) ?? 0,
    );
    await advance(60_000);
    expect(tab.onExpire).toHaveBeenCalledTimes(1);
    expect(completions()).toEqual([]);
  });

  it('keeps playing in every tab when one cancels before the end', async () => {
    const tabs = [openTab(), openTab()];
    act(() => tabs[0]?.timer().start(15, false));
    await advance(10 * 60_000);
    act(() => tabs[1]?.timer().cancel());
    await advance(10 * 60_000);
    expect(tabs.map((tab) => tab.onExpire.mock.calls.length)).toEqual([0, 0]);
    expect(completions()).toEqual([]);
  });
});

describe('claimSleepTimerEnd', () => {
  beforeEach(() => localStorage.clear());
  const locks = () => new OriginLocks();

  it('acts for the first tab to claim an end, follows for every later one', async () => {
    writeStored(storedLater.sleepTimer, { endTime: END, initialTime: 900, isActive: true });
    const shared = locks();
    const roles = await Promise.all([
      claimSleepTimerEnd(END, END, shared),
      claimSleepTimerEnd(END, END, shared),
    ]);
    expect(roles).toEqual(['act', 'follow']);
    expect(await claimSleepTimerEnd(END, END + 60_000, shared)).toBe('follow');
  });

  it('follows once the timer is cleared or replaced by an ended one', async () => {
    expect(await claimSleepTimerEnd(END, END, locks())).toBe('follow');
    writeStored(storedLater.sleepTimer, { endTime: END - 1, initialTime: 900, isActive: true });
    expect(await claimSleepTimerEnd(END, END, locks())).toBe('follow');
  });

  it('says running when another tab extended the timer before this one reached the old end', async () => {
    writeStored(storedLater.sleepTimer, { endTime: END + 5 * 60_000, initialTime: 1200, isActive: true });
    expect(await claimSleepTimerEnd(END, END, locks())).toBe('running');
  });

  it('acts on the stored value alone in a browser without Web Locks', async () => {
    writeStored(storedLater.sleepTimer, { endTime: END, initialTime: 900, isActive: true });
    expect(await claimSleepTimerEnd(END, END, undefined)).toBe('act');
  });
});
