import { DEFAULT_STATION_TIME_ZONE, IN_PAGE_TOAST_MS } from '@onair/core';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useSchedule } from '../../lib/use-schedule.tsx';
import { useStation } from '../../lib/station-context.tsx';
import { useStored } from '../../lib/use-stored.ts';
import { stored } from '../../lib/stored.ts';
import { useToast } from '../../ui/toast.tsx';
import { inPagePushSchema } from './in-page-push.ts';
import { showLocalNotification } from './local-notification.ts';
import { useLocalReminders } from './use-local-reminders.ts';
import { useNativeReminders } from './use-native-reminders.ts';
import { isNativeApp } from '../../lib/native/native-platform.ts';

// The modal and the push code stay out of Home's first paint: fetched when the bell is tapped.
const NotificationsModal = lazy(() => import('./NotificationsModal.tsx').then(({ NotificationsModal }) => ({ default: NotificationsModal })));

interface NotificationsCompanionProps {
  open: boolean;
  onClose: () => void;
}

/**
 * What notifications need while the app runs: the modal when asked for, the settings sent to the
 * server after every change (favourites change from the schedule too), the 7-day renewal, the
 * in-page toast for a push that arrives while the app is visible, and local-only reminders.
 */
export function NotificationsCompanion({ open, onClose }: NotificationsCompanionProps) {
  const [settings] = useStored(stored.notificationSettings);
  const [record] = useStored(stored.pushRecord);
  const toast = useToast();
  const schedule = useSchedule();
  const { station } = useStation();

  const registered = settings.enabled && record !== null;
  useEffect(() => {
    if (!registered) return;
    // PushService.sync sends only what changed, and renews a registration older than 7 days.
    void import('./push-service.ts').then(({ pushService }) => pushService().sync(settings));
  }, [registered, settings]);

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

  const notify = useCallback((title: string, body: string) => void showLocalNotification(title, body, toast.show), [toast]);
  const readySchedule = schedule.status === 'ready' ? schedule.schedule : null;
  const timeZone = station?.timeZone ?? DEFAULT_STATION_TIME_ZONE;
  useLocalReminders({
    settings,
    // Inside the apps the device holds the reminders (useNativeReminders): no in-page twin.
    localOnly: record === null && !isNativeApp(),
    schedule: readySchedule,
    timeZone,
    notify,
  });
  useNativeReminders(settings, readySchedule, timeZone);

  return open ? (
    <Suspense fallback={null}>
      <NotificationsModal open onClose={onClose} />
    </Suspense>
  ) : null;
}

/** The header's bell: opens the Notifications modal. */
export function NotificationsButton({ onOpen }: { onOpen: () => void }) {
  return (
    <button type="button" className="app-header__bell" aria-label="Notifications" onClick={onOpen}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.5A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.2 15.5a2.3 2.3 0 0 0 4.4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
