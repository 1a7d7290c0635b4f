import { DEFAULT_CLOCK_STYLE, DEFAULT_STATION_TIME_ZONE, type ClockSetting } from '@onair/core';
import { useMemo } from 'react';
import { useStation } from './station-context.tsx';

/**
 * The clock every time in the app is written on (README "One clock"): the station's zone and the
 * station file's `clock` (24- or 12-hour), the defaults until the station is known.
 */
export function useStationClock(): ClockSetting {
  const { station } = useStation();
  const timeZone = station?.timeZone ?? DEFAULT_STATION_TIME_ZONE;
  const clock = station?.clock ?? DEFAULT_CLOCK_STYLE;
  return useMemo(() => ({ timeZone, clock }), [timeZone, clock]);
}

/**
 * The listener's own zone, for the few texts that say "Your time". Temporal's answer where the
 * engine has it: Intl's would load ICU's locale data, a long task on a slow phone (see core
 * station-time.ts), so it is asked only where Temporal is missing, and only when a text needs it.
 */
export function listenerTimeZone(): string {
  const now = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal?.Now;
  return typeof now?.timeZoneId === 'function'
    ? now.timeZoneId()
    : Intl.DateTimeFormat().resolvedOptions().timeZone;
}
