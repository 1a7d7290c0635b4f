import { DESKTOP_NOTIFICATION_AUTO_CLOSE_MS, IN_PAGE_TOAST_MS } from '@onair/core';

/**
 * A notification from the open app itself (local-only mode, spec §4): a system notification where
 * the browser allows one, else the in-page toast (iOS Safari in a tab has no Notification API).
 */
export async function showLocalNotification(
  title: string,
  body: string,
  toast: (text: string, durationMs: number) => void,
): Promise<void> {
  if ('Notification' in window && Notification.permission === 'granted') {
    try {
      const registration =
        'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
      if (registration) {
        await registration.showNotification(title, {
          body,
          icon: '/images/icon-192.png',
          tag: `local:${title}`,
        });
      } else {
        const shown = new Notification(title, { body });
        setTimeout(() => shown.close(), DESKTOP_NOTIFICATION_AUTO_CLOSE_MS);
      }
      return;
    } catch (error) {
      console.warn('The system notification failed; showing it in the page instead', error);
    }
  }
  toast(`${title}: ${body}`, IN_PAGE_TOAST_MS);
}
