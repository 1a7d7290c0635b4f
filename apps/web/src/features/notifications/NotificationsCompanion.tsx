import { IN_PAGE_TOAST_MS } from '@onair/core';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useSchedule } from '../../lib/use-schedule.tsx';
import { useLocale } from '../../lib/i18n/LocaleProvider.tsx';
import { useStationClock } from '../../lib/station-clock.ts';
import { useStored } from '../../lib/use-stored.ts';
import * as stored from '../../lib/stored.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { useToast } from '../../ui/toast.tsx';
import { inPagePushSchema } from './in-page-push.ts';
import { showLocalNotification } from './local-notification.ts';
import { useLocalReminders } from './use-local-reminders.ts';
import { useNativeReminders } from './use-native-reminders.ts';
import { useNewEpisodeAlerts } from './use-new-episode-alerts.ts';
import { useNewShowAlerts } from './use-new-show-alerts.ts';
import { loadNativeNotifications, showNativeNotification } from './native-reminders.ts';
import { isNativeApp } from '../../lib/native/native-platform.ts';

// The modal and the push code stay out of Home's first paint: fetched when the bell is tapped.
const NotificationsModal = lazy(() =>
  import('./NotificationsModal.tsx').then(({ NotificationsModal }) => ({ default: NotificationsModal })),
);

interface NotificationsCompanionProps {
  open: boolean;
  onClose: () => void;
}

/**
 * What notifications need while the app runs: the modal when asked for, the settings sent to the
 * server after every change (favourites change from the schedule too), the 7-day renewal, the
 * in-page toast for a push that arrives while the app is visible, local-only reminders, and New
 * Show and New Episode Alerts wherever no server push brings them.
 */
export function NotificationsCompanion({ open, onClose }: NotificationsCompanionProps) {
  const [settings] = useStored(stored.notificationSettings);
  const [record] = useStored(storedLater.pushRecord);
  const toast = useToast();
  const schedule = useSchedule();
  const stationClock = useStationClock();
  const { locale } = useLocale();

  const registered = settings.enabled && record !== null;
  useEffect(() => {
    if (!registered) return;
    // PushService.sync sends only what changed (settings, or the language pushes are written in),
    // and renews a registration older than 7 days.
    void import('./push-service.ts').then(({ pushService }) => pushService().sync(settings));
  }, [registered, settings, locale]);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const push = inPagePushSchema.safeParse(event.data);
      if (!push.success) return;
      const { title, body } = push.data.message.notification;
      toast.show(body ? `${title}: ${body}` : title, IN_PAGE_TOAST_MS);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [toast]);

  const notify = useCallback(
    (title: string, body: string) => void showLocalNotification(title, body, toast.show),
    [toast],
  );
  const readySchedule = schedule.status === 'ready' ? schedule.schedule : null;
  useLocalReminders({
    settings,
    // Inside the apps the device holds the reminders (useNativeReminders): no in-page twin.
    localOnly: record === null && !isNativeApp(),
    schedule: readySchedule,
    stationClock,
    locale,
    notify,
  });
  useNativeReminders(settings, readySchedule, stationClock, locale);
  // Inside the apps the device shows them (with the app in the background too); else the open page.
  const notifyNow = useCallback(
    (title: string, body: string) =>
      isNativeApp()
        ? void loadNativeNotifications()
            .then((plugin) => plugin && showNativeNotification(plugin, title, body))
            .catch((error: unknown) => console.warn('an alert could not be shown', error))
        : notify(title, body),
    [notify],
  );
  useNewShowAlerts(schedule, stationClock.clock, notifyNow);
  useNewEpisodeAlerts({ settings, registered: record !== null, notify: notifyNow });

  return open ? (
    <Suspense fallback={null}>
      <NotificationsModal open onClose={onClose} />
    </Suspense>
  ) : null;
}
