import { useMemo, useSyncExternalStore } from 'react';
import { initialData } from './initial-data.ts';

const MINUTE_MS = 60_000;

const currentMinute = (): number => Math.floor(Date.now() / MINUTE_MS);

/**
 * The minute the server's prerender was drawn in: what the browser's first render (the one that
 * hydrates that markup) must draw too, or a device clock a minute or a slot away from the server's
 * would draw other markup. The device's own minute follows in the next render.
 */
function renderedMinute(): number {
  const renderedAtMs = initialData()?.renderedAtMs;
  return renderedAtMs === undefined ? currentMinute() : Math.floor(renderedAtMs / MINUTE_MS);
}

/** Calls `changed` at each whole minute, and at once when a tab comes back from the background. */
function subscribe(changed: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const schedule = () => {
    timer = setTimeout(
      () => {
        changed();
        schedule();
      },
      MINUTE_MS - (Date.now() % MINUTE_MS) + 5,
    );
  };
  schedule();
  const onVisible = () => {
    if (!document.hidden) changed();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * The current time to the minute, re-rendered on every whole minute. Slot times are minute-grained,
 * so on-air and up-next flip exactly at a slot boundary without a reload, and nothing renders in
 * between (the snapshot is the minute's number: the same minute is no change).
 */
export function useMinuteClock(): Date {
  const minute = useSyncExternalStore(subscribe, currentMinute, renderedMinute);
  return useMemo(() => new Date(minute * MINUTE_MS), [minute]);
}
