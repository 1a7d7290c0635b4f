import { notificationSettingsSchema, type NotificationSettings } from '@onair/core';

// When the browser replaces a push subscription ('pushsubscriptionchange') no page may be open, and
// a service worker cannot read localStorage; so the preferences last sent to the server are also
// kept in Cache Storage, which both the page and the worker can read.
const CACHE_NAME = 'onair-push';
const PREFERENCES_URL = '/__onair/push-preferences';

export async function savePushPreferences(preferences: NotificationSettings): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(CACHE_NAME);
  await cache.put(
    PREFERENCES_URL,
    new Response(JSON.stringify(preferences), { headers: { 'Content-Type': 'application/json' } }),
  );
}

/** The kept preferences, or null when there are none or they no longer parse. */
export async function readPushPreferences(): Promise<NotificationSettings | null> {
  if (typeof caches === 'undefined') return null;
  const response = await (await caches.open(CACHE_NAME)).match(PREFERENCES_URL);
  if (!response) return null;
  const parsed = notificationSettingsSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}
