import {
  isLocale,
  pushPublicKeySchema,
  pushRecordNeedsRefresh,
  SW_ACTIVATION_TIMEOUT_MS,
  SW_INSTALL_MAX_MS,
  webPushSubscriptionSchema,
  type NotificationSettings,
  type PushRecord,
  type PushSubscriptionBody,
} from '@onair/core';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { ApiError, getJson, sendJson } from '../../lib/api-client.ts';
import { serverErrorText } from '../../lib/i18n/server-error.ts';
import { readStored, writeStored } from '../../lib/storage.ts';
import * as stored from '../../lib/stored.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { inEnglish } from '../../lib/zod-english.ts';
import { readPushPreferences, savePushPreferences } from './push-preferences-cache.ts';
import { loadNativeNotifications, requestNativeNotifications } from './native-reminders.ts';
import { pushSupport, type PushSupport } from './push-environment.ts';
import { base64UrlToBytes } from './vapid-key.ts';

export const PUSH_MESSAGES = {
  unsupported: msg`Push notifications are not supported on this device.`,
  notGranted: msg`Notifications permission not granted. Please try again.`,
  denied: msg`Notifications permission denied.`,
  saveFailed: msg`Push notifications enabled, but saving them on the station server failed. Remote notifications may not work.`,
  generic: msg`Failed to enable notifications. Please check your browser settings and try again.`,
  pushEnabled: msg`Push notifications enabled! You will now receive show alerts and reminders.`,
  // Spec §8's iOS sentence, with the one case it misses: Home Screen apps get Web Push on iOS 16.4+.
  localEnabled: msg`Local notifications enabled! On iOS, you will only receive notifications while the app is open. Push notifications are not supported on iOS unless the app is added to the Home Screen (iOS 16.4 or later).`,
  disabled: msg`Notifications turned off.`,
  // Spec §8 'service worker registration failed': no worker became active in time (blocked, or its script failed).
  serviceWorkerFailed: msg`Service worker registration failed`,
  // Spec §8's local-only fallback, verbatim: push could not be set up, the open app reminds instead.
  localFallback: msg`Notifications enabled! You will receive notifications while the app is open...`,
  nativeEnabled: msg`Reminders enabled! They arrive on this device even when the app is closed.`,
} satisfies Record<string, MessageDescriptor>;

export type PushTone = 'info' | 'success' | 'error';
export interface PushNotice {
  text: string;
  tone: PushTone;
}

export interface PushState {
  support: PushSupport;
  /** null where the Notification API is missing (iOS Safari in a tab). */
  permission: NotificationPermission | null;
  busy: boolean;
  notice: PushNotice | null;
}

interface KeyedSubscription {
  subscription: PushSubscription;
  /** The VAPID key it was made with (base64url). */
  publicKey: string;
}

const PUSH_PATH = '/api/push/subscription';
const savedSchema = z.object({ saved: z.literal(true) });
const deletedSchema = z.null();

/** The browser's own words for a failure (a DOMException is not always an Error instance). */
function reason(error: unknown): string {
  if (error instanceof ApiError) return serverErrorText(error);
  const message = typeof error === 'object' && error !== null && 'message' in error ? error.message : null;
  return typeof message === 'string' && message !== '' ? message : String(error);
}

/**
 * The one owner of this browser's Web Push registration (ARCHITECTURE habit 2): asks permission,
 * subscribes with the station's VAPID key, tells the server (PUT/DELETE /api/push/subscription,
 * which replace spec §7 calls 8 and 9), sends the settings again whenever they change, and renews a
 * registration older than 7 days. The settings themselves stay in `playfm_notification_settings`.
 */
export class PushService {
  #state: PushState;
  #listeners = new Set<() => void>();
  /** The preferences last sent, so an unrelated re-render never re-sends the same body. */
  #lastSent: string | null = null;
  #queue: Promise<void> = Promise.resolve();

  constructor(private readonly now: () => number = Date.now) {
    this.#state = { support: pushSupport(), permission: currentPermission(), busy: false, notice: null };
  }

  get state(): PushState {
    return this.#state;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Spec §4: default → granted (subscribe, then save) or denied (blocked panel). */
  enable(): Promise<void> {
    return this.#run(async () => {
      if (this.#state.support === 'native') return this.#enableOnDevice();
      if (this.#state.support !== 'push') return this.#say('unsupported', 'error');
      let permission: NotificationPermission;
      try {
        permission = await Notification.requestPermission();
      } catch (error) {
        return this.#say('generic', 'error', reason(error));
      }
      this.#set({ permission });
      if (permission === 'denied') return this.#say('denied', 'error');
      if (permission !== 'granted') return this.#say('notGranted', 'error');

      let subscription: KeyedSubscription;
      try {
        subscription = await this.#pushSubscription();
      } catch (error) {
        // Spec §4: no push service (headless Chromium), a token failure (Android), a base64 error
        // (a bad VAPID key) or no service worker is not a dead end: the open app reminds instead.
        return this.#fallBackToLocal(reason(error));
      }
      const settings = { ...readStored(stored.notificationSettings), enabled: true };
      writeStored(stored.notificationSettings, settings);
      try {
        await this.#save(subscription, settings);
        this.#say('pushEnabled', 'success');
      } catch (error) {
        this.#say('saveFailed', 'error', reason(error));
      }
    });
  }

  /** Inside the apps: the device schedules the reminders itself (native-reminders.ts), no server needed. */
  async #enableOnDevice(): Promise<void> {
    let granted: boolean;
    try {
      const plugin = await loadNativeNotifications();
      granted = plugin !== null && (await requestNativeNotifications(plugin));
    } catch (error) {
      return this.#say('generic', 'error', reason(error));
    }
    this.#set({ permission: granted ? 'granted' : 'denied' });
    if (!granted) return this.#say('denied', 'error');
    writeStored(stored.notificationSettings, { ...readStored(stored.notificationSettings), enabled: true });
    writeStored(storedLater.pushRecord, null);
    this.#say('nativeEnabled', 'success');
  }

  /** iOS Safari in a tab: reminders shown by the open app only (spec §4 local-only mode). */
  enableLocal(): Promise<void> {
    return this.#run(async () => {
      if ('Notification' in window && Notification.permission === 'default') {
        this.#set({ permission: await Notification.requestPermission() });
      }
      writeStored(stored.notificationSettings, { ...readStored(stored.notificationSettings), enabled: true });
      writeStored(storedLater.pushRecord, null);
      this.#say('localEnabled', 'success');
    });
  }

  /** Local-only mode after push failed: settings on, no record, the reason and the spec's fallback text. */
  #fallBackToLocal(why: string): void {
    writeStored(stored.notificationSettings, { ...readStored(stored.notificationSettings), enabled: true });
    writeStored(storedLater.pushRecord, null);
    const sentence = /[.!?]$/.test(why) ? why : `${why}.`;
    this.#notice(`${sentence} ${i18n._(PUSH_MESSAGES.localFallback)}`, 'info');
  }

  /** The master toggle off: the server forgets this browser, so nothing more is sent to it. */
  disable(): Promise<void> {
    return this.#run(async () => {
      writeStored(stored.notificationSettings, {
        ...readStored(stored.notificationSettings),
        enabled: false,
      });
      const record = readStored(storedLater.pushRecord);
      writeStored(storedLater.pushRecord, null);
      this.#lastSent = null;
      try {
        // Whatever worker is registered, active or not: turning off never waits for one (the
        // local-only fallback may have none at all).
        const registration =
          this.#state.support === 'push' ? await navigator.serviceWorker.getRegistration() : undefined;
        const subscription = (await registration?.pushManager.getSubscription()) ?? null;
        const endpoint = subscription?.endpoint ?? record?.endpoint;
        // The browser's subscription goes first: once it is gone nothing can arrive, told or not.
        await subscription?.unsubscribe();
        if (endpoint) await sendJson('DELETE', PUSH_PATH, { endpoint }, deletedSchema);
        this.#say('disabled', 'info');
      } catch (error) {
        const why = reason(error);
        this.#notice(
          t`Notifications turned off here, but the station server could not be told: ${why}`,
          'error',
        );
      }
    });
  }

  /**
   * Sends the settings again after a change (favourites, reminder time, toggles) or of the app's
   * language (the pushes' language, kept in the push record), and renews a
   * registration that is older than 7 days or whose subscription the browser replaced. Does nothing
   * in local-only mode or while notifications are off.
   */
  sync(settings: NotificationSettings): Promise<void> {
    return this.#run(async () => {
      const record = readStored(storedLater.pushRecord);
      if (!settings.enabled || !record || this.#state.support !== 'push') return;
      if (Notification.permission !== 'granted') return;
      try {
        const current = await this.#currentSubscription();
        const stale =
          !current || current.endpoint !== record.endpoint || pushRecordNeedsRefresh(record, this.now());
        // After a reload the last body sent is the one kept for the service worker.
        this.#lastSent ??= JSON.stringify(await readPushPreferences().catch(() => null));
        const sameLocale = record.locale === activeLocale();
        if (!stale && sameLocale && JSON.stringify(settings) === this.#lastSent) return;
        await this.#save(
          stale ? await this.#pushSubscription() : { subscription: current, publicKey: record.vapidKey },
          settings,
        );
      } catch (error) {
        this.#say('saveFailed', 'error', reason(error));
      }
    });
  }

  clearNotice(): void {
    this.#set({ notice: null });
  }

  async #currentSubscription(): Promise<PushSubscription | null> {
    const registration = await serviceWorkerReady();
    return registration.pushManager.getSubscription();
  }

  /** This browser's subscription for the station's current VAPID key, made if there is none. */
  async #pushSubscription(): Promise<KeyedSubscription> {
    const registration = await serviceWorkerReady();
    const existing = await registration.pushManager.getSubscription();
    const { publicKey } = await getJson('/api/push/public-key', pushPublicKeySchema);
    const key = base64UrlToBytes(publicKey);
    // A subscription made with another key (the station rotated VAPID keys) cannot be used.
    if (existing && sameKey(existing.options.applicationServerKey, key))
      return { subscription: existing, publicKey };
    await existing?.unsubscribe();
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    return { subscription, publicKey };
  }

  async #save({ subscription, publicKey }: KeyedSubscription, settings: NotificationSettings): Promise<void> {
    const json = subscription.toJSON();
    const parsed = webPushSubscriptionSchema.safeParse(json);
    // The error's message reaches the notice, so its issues are told in English.
    if (!parsed.success) throw await inEnglish(webPushSubscriptionSchema, json, parsed.error);
    const locale = activeLocale();
    const body: PushSubscriptionBody = {
      subscription: parsed.data,
      preferences: { ...settings, favoriteShows: [...settings.favoriteShows] },
      ...(locale ? { locale } : {}),
    };
    await sendJson('PUT', PUSH_PATH, body, savedSchema);
    this.#lastSent = JSON.stringify(settings);
    const record: PushRecord = {
      token: subscription.endpoint,
      creationTime: String(this.now()),
      auth: body.subscription.keys.auth,
      p256dh: body.subscription.keys.p256dh,
      endpoint: subscription.endpoint,
      scope: (await serviceWorkerReady()).scope,
      vapidKey: publicKey,
      ...(locale ? { locale } : {}),
    };
    writeStored(storedLater.pushRecord, record);
    // The service worker reads these when the browser replaces the subscription with no page open.
    await savePushPreferences(body.preferences).catch((error: unknown) =>
      console.warn('Could not keep the push preferences for the service worker', error),
    );
  }

  /** One flow at a time: a second tap while subscribing waits instead of subscribing twice. */
  #run(flow: () => Promise<void>): Promise<void> {
    const next = this.#queue.then(async () => {
      this.#set({ busy: true });
      try {
        await flow();
      } finally {
        this.#set({ busy: false });
      }
    });
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** One of PUSH_MESSAGES in the app's language, with the failure's own words after it. */
  #say(key: keyof typeof PUSH_MESSAGES, tone: PushTone, why?: string): void {
    const text = i18n._(PUSH_MESSAGES[key]);
    this.#notice(why === undefined ? text : `${text} (${why})`, tone);
  }

  #notice(text: string, tone: PushTone): void {
    this.#set({ notice: { text, tone } });
  }

  #set(patch: Partial<PushState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of this.#listeners) listener();
  }
}

/**
 * The active service worker's registration, or a 'Service worker registration failed' error instead
 * of waiting forever (`ready` never settles when no worker is registered).
 */
async function serviceWorkerReady(): Promise<ServiceWorkerRegistration> {
  const started = Date.now();
  const { ready } = navigator.serviceWorker;
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<null>(
      (resolve) => (timer = setTimeout(() => resolve(null), SW_ACTIVATION_TIMEOUT_MS)),
    );
    const registration = await Promise.race([ready, timedOut]).finally(() => clearTimeout(timer));
    if (registration) return registration;
    const pending = await navigator.serviceWorker.getRegistration();
    const installing = pending?.installing ?? pending?.waiting;
    if (!installing || Date.now() - started >= SW_INSTALL_MAX_MS)
      throw new Error(i18n._(PUSH_MESSAGES.serviceWorkerFailed));
  }
}

/** The language the app shows: its pushes are written in it (server-side, by the station). */
function activeLocale() {
  return isLocale(i18n.locale) ? i18n.locale : undefined;
}

function currentPermission(): NotificationPermission | null {
  return 'Notification' in window ? Notification.permission : null;
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

let shared: PushService | null = null;

/** The app's one PushService (the modal and the settings follower share it). */
export function pushService(): PushService {
  shared ??= new PushService();
  return shared;
}
