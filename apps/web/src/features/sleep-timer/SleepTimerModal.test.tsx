import { STORAGE_KEYS } from '@onair/core';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAnalyticsSink, type AnalyticsEvent } from '../../lib/analytics.ts';
import { SleepTimerModal } from './SleepTimerModal.tsx';
import { useSleepTimer } from './use-sleep-timer.ts';

const NOW = Date.UTC(2026, 10, 22, 22, 0, 0);

function Harness({
  playing,
  onExpire,
  onFade,
}: {
  playing: boolean;
  onExpire: () => void;
  onFade: (level: number) => void;
}) {
  const [open, setOpen] = useState(true);
  const timer = useSleepTimer({
    onExpire: () => {
      onExpire();
      setOpen(false);
    },
    onFade,
  });
  return <SleepTimerModal open={open} onClose={() => setOpen(false)} playing={playing} timer={timer} />;
}

function setup(playing = true) {
  const onExpire = vi.fn();
  const onFade = vi.fn();
  const events: AnalyticsEvent[] = [];
  const unregister = registerAnalyticsSink((event) => events.push(event));
  const view = render(<Harness playing={playing} onExpire={onExpire} onFade={onFade} />);
  return { onExpire, onFade, events, unregister, view };
}

const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.sleepTimer) ?? 'null') as unknown;
const click = (name: string) => act(() => screen.getByRole('button', { name }).click());
// Async: the end of a timer is settled through a (Web Lock) promise.
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('SleepTimerModal', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({
      now: NOW,
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks to start playing and disables every preset and Start Timer while stopped', () => {
    setup(false);
    expect(screen.getByText('Start playing to use sleep timer')).toBeInTheDocument();
    for (const name of [
      '15 minutes',
      '30 minutes',
      '45 minutes',
      '1 hour',
      '1.5 hours',
      '2 hours',
      'Start Timer',
    ]) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('starts a preset at once, stores it and reports sleep_timer_start', () => {
    const { events, unregister } = setup();
    expect(screen.queryByText('Start playing to use sleep timer')).toBeNull();
    click('45 minutes');
    expect(stored()).toEqual({ endTime: NOW + 45 * 60_000, initialTime: 45 * 60, isActive: true });
    expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent('45:00');
    expect(screen.getByText('Music will stop when timer reaches zero')).toBeInTheDocument();
    expect(events.map((event) => [event.name, event.params])).toEqual([
      ['sleep_timer_start', { timer_minutes: 45, is_custom_time: false }],
    ]);
    unregister();
  });

  it('steps the custom time by 5 within 1..480 and starts it as custom', () => {
    const { events, unregister } = setup();
    expect(screen.getByText('30')).toBeInTheDocument();
    for (let index = 0; index < 3; index += 1) click('5 minutes less');
    expect(screen.getByText('15')).toBeInTheDocument();
    for (let index = 0; index < 5; index += 1) click('5 minutes less');
    expect(screen.getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '5 minutes less' })).toBeDisabled();
    click('5 minutes more');
    expect(screen.getByText('6')).toBeInTheDocument();
    click('Start Timer');
    expect(stored()).toMatchObject({ initialTime: 360, isActive: true });
    expect(events[0]?.params).toEqual({ timer_minutes: 6, is_custom_time: true });
    unregister();
  });

  it('counts down from endTime, so a late tick (throttled tab) never drifts', async () => {
    setup();
    click('15 minutes');
    await advance(60_000);
    expect(screen.getByRole('timer')).toHaveTextContent('14:00');
    // A throttled tab: the clock jumps 5 minutes without any tick in between.
    act(() => {
      vi.setSystemTime(NOW + 6 * 60_000 + 30_000);
    });
    await advance(1_000);
    expect(screen.getByRole('timer')).toHaveTextContent('8:29');
  });

  it('+5 min and +15 min extend endTime and initialTime', () => {
    setup();
    click('15 minutes');
    click('+5 min');
    expect(stored()).toEqual({ endTime: NOW + 20 * 60_000, initialTime: 20 * 60, isActive: true });
    click('+15 min');
    expect(stored()).toEqual({ endTime: NOW + 35 * 60_000, initialTime: 35 * 60, isActive: true });
    expect(screen.getByRole('timer')).toHaveTextContent('35:00');
  });

  it('Cancel Timer clears the stored state and reports sleep_timer_cancel', () => {
    const { events, unregister } = setup();
    click('30 minutes');
    click('Cancel Timer');
    expect(localStorage.getItem(STORAGE_KEYS.sleepTimer)).toBeNull();
    expect(screen.getByRole('button', { name: 'Start Timer' })).toBeEnabled();
    expect(events.map((event) => event.name)).toEqual(['sleep_timer_start', 'sleep_timer_cancel']);
    unregister();
  });

  it('fades over the last 10 s, then expires once: pause, close, volume back to 1', async () => {
    const { onExpire, onFade, events, unregister } = setup();
    click('15 minutes');
    await advance(15 * 60_000 - 10_000);
    expect(onFade).toHaveBeenLastCalledWith(1);
    await advance(5_000);
    const midFade = onFade.mock.lastCall?.[0] as number;
    expect(midFade).toBeGreaterThan(0.4);
    expect(midFade).toBeLessThan(0.6);
    expect(onExpire).not.toHaveBeenCalled();

    await advance(5_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(onFade).toHaveBeenLastCalledWith(1);
    // The pause came before the volume was restored.
    expect(onExpire.mock.invocationCallOrder[0]).toBeLessThan(onFade.mock.invocationCallOrder.at(-1) ?? 0);
    expect(localStorage.getItem(STORAGE_KEYS.sleepTimer)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(events.map((event) => event.name)).toEqual(['sleep_timer_start', 'sleep_timer_complete']);

    await advance(60_000);
    expect(onExpire).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('restores a stored timer that is still running on reload', () => {
    localStorage.setItem(
      STORAGE_KEYS.sleepTimer,
      JSON.stringify({ endTime: NOW + 10 * 60_000, initialTime: 1800, isActive: true }),
    );
    setup();
    expect(screen.getByRole('timer')).toHaveTextContent('10:00');
  });

  it('clears a stored timer whose end has passed, without firing it', () => {
    localStorage.setItem(
      STORAGE_KEYS.sleepTimer,
      JSON.stringify({ endTime: NOW - 1_000, initialTime: 1800, isActive: true }),
    );
    const { onExpire } = setup();
    expect(localStorage.getItem(STORAGE_KEYS.sleepTimer)).toBeNull();
    expect(screen.getByRole('button', { name: 'Start Timer' })).toBeInTheDocument();
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('drops corrupt stored state with a warning instead of crashing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.sleepTimer, '{"endTime":"soon"}');
    setup();
    expect(screen.getByRole('button', { name: 'Start Timer' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.sleepTimer)).toBeNull();
  });
});
