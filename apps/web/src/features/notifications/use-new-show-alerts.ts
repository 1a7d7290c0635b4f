import { i18n } from '@lingui/core';
import { newShowMessage, newShowsSince, pushTexts, type ClockStyle } from '@onair/core';
import { useEffect, useRef } from 'react';
import type { ScheduleState } from '../../lib/schedule-store.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import * as stored from '../../lib/stored.ts';
import * as storedLater from '../../lib/stored-later.ts';

/**
 * New Show Alerts where no server push reaches: inside the apps, in iOS Safari's tab and in a browser
 * whose push subscription failed (local-only, no push record). Each week the server sends (at start,
 * by HTTP, or live over the socket) is compared with the last one this app saw (core's
 * newShowsSince), and each show it adds is told with the server push's own words. The week seen is
 * kept whatever the settings, so turning alerts on later does not announce old news; with a push
 * record the server sends these alerts itself, so the app stays quiet.
 */
export function useNewShowAlerts(
  schedule: ScheduleState,
  /** The station's clock: the show's times are written on it, as the server's push writes them. */
  clock: ClockStyle,
  notify: (title: string, body: string) => void,
): void {
  const notifyRef = useRef(notify);
  const clockRef = useRef(clock);
  useEffect(() => {
    notifyRef.current = notify;
    clockRef.current = clock;
  });
  // Only the server's week: the bundled one and the offline copy are not news.
  const week =
    schedule.status === 'ready' && schedule.source === 'server' && schedule.version !== null
      ? schedule
      : null;
  const version = week?.version ?? null;
  const days = week?.schedule ?? null;
  useEffect(() => {
    if (version === null || days === null) return;
    const { added, seen } = newShowsSince(readStored(storedLater.newShowsSeen), { version, schedule: days });
    writeStored(storedLater.newShowsSeen, seen);
    const settings = readStored(stored.notificationSettings);
    if (!settings.enabled || !settings.showNewShowAlerts || readStored(storedLater.pushRecord) !== null)
      return;
    for (const { slot, day } of added) {
      const { title, body } = newShowMessage(
        slot,
        day,
        pushTexts(i18n.locale),
        clockRef.current,
      ).notification;
      notifyRef.current(title, body ?? '');
    }
  }, [version, days]);
}
