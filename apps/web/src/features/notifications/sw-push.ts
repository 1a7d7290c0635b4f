import {
  DESKTOP_NOTIFICATION_AUTO_CLOSE_MS,
  pushMessageSchema,
  pushPublicKeySchema,
  webPushSubscriptionSchema,
  type PushMessage,
} from '@onair/core';
import { IN_PAGE_PUSH_TYPE, type InPagePush } from './in-page-push.ts';
import { readPushPreferences } from './push-preferences-cache.ts';
import { base64UrlToBytes } from './vapid-key.ts';

// The service worker's Web Push handlers (spec §3 push message fields, §9 timings). sw.ts wires them
// to its events with the worker's own registration, clients and fetch; tests hand in fakes of those.
// Worker-safe (no DOM), and typed structurally so it compiles against both the WebWorker and DOM libs.

/** Chrome shows `image` as a large picture; the DOM typings do not list it yet. */
export interface ShowNotificationOptions extends NotificationOptions {
  image?: string;
}

/** The part of a WindowClient the handlers use. */
export interface PushWorkerWindow {
  readonly url: string;
  readonly visibilityState: DocumentVisibilityState;
  postMessage(message: InPagePush): void;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<PushWorkerWindow | null>;
}

/** The part of ServiceWorkerRegistration the handlers use. */
export interface PushWorkerRegistration {
  showNotification(title: string, options: ShowNotificationOptions): Promise<void>;
  getNotifications(filter: { tag: string }): Promise<readonly { close(): void }[]>;
  readonly pushManager: {
    subscribe(options: {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array<ArrayBuffer>;
    }): Promise<PushWorkerSubscription>;
  };
}

export interface PushWorkerSubscription {
  readonly endpoint: string;
  toJSON(): unknown;
}

/** What the handlers need from the worker's global scope. */
export interface PushWorker {
  registration: PushWorkerRegistration;
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled?: boolean;
    }): Promise<readonly PushWorkerWindow[]>;
    openWindow(url: string): Promise<unknown>;
  };
  fetch(input: string, init?: RequestInit): Promise<Response>;
  userAgent: string;
  /** The app's origin (self.location.origin): links are resolved against it. */
  origin: string;
}

/** 'push': an in-page toast when a window is visible, else a system notification. */
export async function onPush(worker: PushWorker, data: { json(): unknown } | null): Promise<void> {
  const parsed = pushMessageSchema.safeParse(readJson(data));
  if (!parsed.success) {
    console.warn('Ignored a push that is not an OnAir message', parsed.error.issues);
    return;
  }
  const message = parsed.data;
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const visible = windows.filter((client) => client.visibilityState === 'visible');
  if (visible.length > 0) {
    // The listener is looking at the app: an in-page toast instead of a system notification.
    const post: InPagePush = { type: IN_PAGE_PUSH_TYPE, message };
    for (const client of visible) client.postMessage(post);
    return;
  }
  await show(worker, message);
}

function readJson(data: { json(): unknown } | null): unknown {
  try {
    return data?.json() ?? null;
  } catch {
    return null;
  }
}

async function show(worker: PushWorker, { notification, data }: PushMessage): Promise<void> {
  const tag = `${data.analyticsLabel ?? 'onair'}:${data.link}`;
  const options: ShowNotificationOptions = {
    body: notification.body,
    data,
    tag,
    ...(notification.icon ? { icon: notification.icon } : {}),
    ...(notification.image ? { image: notification.image } : {}),
  };
  await worker.registration.showNotification(notification.title, options);
  if (isMobile(worker.userAgent)) return;
  // Desktop notifications close themselves after 10 s (spec §9); mobile ones stay in the tray.
  // The push event is kept open until then, so the worker is not stopped before it closes them.
  await new Promise((resolve) => setTimeout(resolve, DESKTOP_NOTIFICATION_AUTO_CLOSE_MS));
  for (const shown of await worker.registration.getNotifications({ tag })) shown.close();
}

function isMobile(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/.test(userAgent);
}

/** 'notificationclick': closes the notification and opens its link (the app's home when it has none). */
export function onNotificationClick(
  worker: PushWorker,
  notification: { data: unknown; close(): void },
): Promise<void> {
  notification.close();
  const link = pushMessageSchema.shape.data.safeParse(notification.data);
  return openLink(worker, new URL(link.success ? link.data.link : '/', worker.origin).href);
}

/** Focuses a window already showing `url`, else takes an open app window there, else opens one. */
async function openLink(worker: PushWorker, url: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window' });
  const showing = windows.find((client) => client.url === url);
  if (showing) {
    await showing.focus();
    return;
  }
  const open = windows[0];
  if (!open) {
    await worker.clients.openWindow(url);
    return;
  }
  const moved = (await open.navigate(url)) ?? open;
  // Focus needs the click's user activation; without it (a scripted event) the move still happened.
  await moved.focus().catch(() => undefined);
}

/** 'pushsubscriptionchange': renews the subscription on the server; a failure is logged, never thrown. */
export function onPushSubscriptionChange(
  worker: PushWorker,
  change: { oldSubscription: PushWorkerSubscription | null; newSubscription: PushWorkerSubscription | null },
): Promise<void> {
  return renewSubscription(worker, change).catch((error: unknown) =>
    // The page renews it on its next start too (PushService.sync): nothing is lost for good.
    console.warn('Could not renew the push subscription', error),
  );
}

/** The browser replaced the subscription: register the new one with the last settings sent. */
async function renewSubscription(
  worker: PushWorker,
  {
    oldSubscription,
    newSubscription,
  }: { oldSubscription: PushWorkerSubscription | null; newSubscription: PushWorkerSubscription | null },
): Promise<void> {
  const preferences = await readPushPreferences();
  if (!preferences?.enabled) return;
  const key = pushPublicKeySchema.parse(await (await worker.fetch('/api/push/public-key')).json());
  const subscription =
    newSubscription ??
    (await worker.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(key.publicKey),
    }));
  await sendToServer(worker, 'PUT', {
    subscription: webPushSubscriptionSchema.parse(subscription.toJSON()),
    preferences,
  });
  if (oldSubscription && oldSubscription.endpoint !== subscription.endpoint) {
    await sendToServer(worker, 'DELETE', { endpoint: oldSubscription.endpoint });
  }
}

async function sendToServer(worker: PushWorker, method: 'PUT' | 'DELETE', body: unknown): Promise<void> {
  const response = await worker.fetch('/api/push/subscription', {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /api/push/subscription: HTTP ${response.status}`);
}
