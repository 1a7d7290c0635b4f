import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DESKTOP_NOTIFICATION_AUTO_CLOSE_MS,
  type NotificationSettings,
  type PushMessage,
} from '@onair/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubbedRequest } from '../../test/fixtures.ts';
import {
  FakeSubscription,
  installFakePushBrowser,
  removeFakePushBrowser,
  TEST_AUTH,
  TEST_ENDPOINT,
  TEST_P256DH,
  TEST_PUBLIC_KEY,
  type FakePushBrowser,
} from './fake-push-browser.ts';
import { IN_PAGE_PUSH_TYPE, type InPagePush } from './in-page-push.ts';
import { savePushPreferences } from './push-preferences-cache.ts';
import {
  onNotificationClick,
  onPush,
  onPushSubscriptionChange,
  type PushWorker,
  type ShowNotificationOptions,
} from './sw-push.ts';
import { base64UrlToBytes } from './vapid-key.ts';

// Only the worker's boundary is fake: registration.showNotification/getNotifications, the push
// manager (fake-push-browser), clients.matchAll/openWindow, fetch (stubApi) and Cache Storage.

const ORIGIN = 'https://radio.example';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const REMINDER: PushMessage = {
  notification: {
    title: 'Starting soon: Night Drive',
    body: 'Night Drive with Aoife starts at 18:00',
    icon: '/icons/icon-192.png',
  },
  data: { link: '/schedule?day=Monday', analyticsLabel: 'show_reminder' },
};

class FakeWindow {
  readonly posted: InPagePush[] = [];
  focused = 0;
  navigations: string[] = [];
  constructor(
    public url: string,
    readonly visibilityState: DocumentVisibilityState,
  ) {}
  postMessage(message: InPagePush) {
    this.posted.push(message);
  }
  async focus() {
    this.focused += 1;
    return this;
  }
  async navigate(url: string) {
    this.navigations.push(url);
    this.url = url;
    return this;
  }
}

interface ShownNotification {
  title: string;
  options: ShowNotificationOptions;
  closed: boolean;
}

async function fakeWorker(userAgent = DESKTOP_UA) {
  const shown: ShownNotification[] = [];
  const windows: FakeWindow[] = [];
  const matchAllCalls: unknown[] = [];
  const opened: string[] = [];
  const { pushManager } = await navigator.serviceWorker.ready;
  const worker: PushWorker = {
    registration: {
      showNotification: async (title, options) => void shown.push({ title, options, closed: false }),
      getNotifications: async ({ tag }) =>
        shown
          .filter((notification) => !notification.closed && notification.options.tag === tag)
          .map((notification) => ({ close: () => void (notification.closed = true) })),
      pushManager,
    },
    clients: {
      matchAll: async (options) => {
        matchAllCalls.push(options);
        return windows;
      },
      openWindow: async (url) => void opened.push(url),
    },
    fetch: (input, init) => fetch(input, init),
    userAgent,
    origin: ORIGIN,
  };
  return { worker, shown, windows, matchAllCalls, opened };
}

const pushData = (message: unknown) => ({ json: () => message });

/** Whether `promise` settled, without moving the fake clock. */
function track(promise: Promise<unknown>) {
  const state = { settled: false };
  void promise.then(() => (state.settled = true));
  return state;
}

let browser: FakePushBrowser;
beforeEach(() => {
  browser = installFakePushBrowser();
});
afterEach(() => {
  vi.useRealTimers();
  removeFakePushBrowser();
});

describe('push', () => {
  it('posts the message to the visible windows for an in-page toast and shows no notification', async () => {
    const { worker, shown, windows, matchAllCalls } = await fakeWorker(ANDROID_UA);
    const visible = new FakeWindow(`${ORIGIN}/`, 'visible');
    const hidden = new FakeWindow(`${ORIGIN}/chat`, 'hidden');
    windows.push(hidden, visible);

    await onPush(worker, pushData(REMINDER));

    expect(visible.posted).toEqual([{ type: IN_PAGE_PUSH_TYPE, message: REMINDER }]);
    expect(hidden.posted).toEqual([]);
    expect(shown).toEqual([]);
    // Windows the worker does not control yet (a first visit) count too.
    expect(matchAllCalls).toEqual([{ type: 'window', includeUncontrolled: true }]);
  });

  it('with only hidden windows shows a notification carrying the body, link, tag, icon and image', async () => {
    const { worker, shown, windows } = await fakeWorker(ANDROID_UA);
    const hidden = new FakeWindow(`${ORIGIN}/`, 'hidden');
    windows.push(hidden);
    const image = '/artwork/night-drive.jpg';

    await onPush(worker, pushData({ ...REMINDER, notification: { ...REMINDER.notification, image } }));

    expect(hidden.posted).toEqual([]);
    expect(shown).toEqual([
      {
        title: 'Starting soon: Night Drive',
        options: {
          body: 'Night Drive with Aoife starts at 18:00',
          data: REMINDER.data,
          tag: 'show_reminder:/schedule?day=Monday',
          icon: '/icons/icon-192.png',
          image,
        },
        closed: false,
      },
    ]);
  });

  it('leaves out image and icon when the message has none, and tags by link', async () => {
    const { worker, shown } = await fakeWorker(ANDROID_UA);
    await onPush(
      worker,
      pushData({ notification: { title: 'New show', body: 'Every Friday' }, data: { link: '/' } }),
    );
    expect(shown.map((notification) => notification.options)).toEqual([
      { body: 'Every Friday', data: { link: '/' }, tag: 'onair:/' },
    ]);
  });

  it('closes a desktop notification after 10 s, and keeps the push event open until then', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { worker, shown } = await fakeWorker(DESKTOP_UA);

    const pushEvent = track(onPush(worker, pushData(REMINDER)));
    await vi.advanceTimersByTimeAsync(DESKTOP_NOTIFICATION_AUTO_CLOSE_MS - 1);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.closed).toBe(false);
    expect(pushEvent.settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(shown[0]?.closed).toBe(true);
    expect(pushEvent.settled).toBe(true);
  });

  it.each([
    ['Android', ANDROID_UA],
    ['iPhone', IPHONE_UA],
  ])('leaves a notification on %s in the tray and finishes at once', async (_name, userAgent) => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { worker, shown } = await fakeWorker(userAgent);

    const pushEvent = track(onPush(worker, pushData(REMINDER)));
    await vi.advanceTimersByTimeAsync(0);
    expect(pushEvent.settled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(DESKTOP_NOTIFICATION_AUTO_CLOSE_MS * 6);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.closed).toBe(false);
  });

  it.each([
    ['a message of another shape', pushData({ title: 'hello' })],
    ['a link to another site', pushData({ ...REMINDER, data: { link: '//evil.example/' } })],
    ['a body that is not JSON', { json: () => JSON.parse('not json') as unknown }],
    ['no data', null],
  ])('ignores %s', async (_name, data) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { worker, shown, windows } = await fakeWorker(ANDROID_UA);
    const visible = new FakeWindow(`${ORIGIN}/`, 'visible');
    windows.push(visible);

    await onPush(worker, data);

    expect(shown).toEqual([]);
    expect(visible.posted).toEqual([]);
    expect(warn).toHaveBeenCalledWith('Ignored a push that is not an OnAir message', expect.any(Array));
  });
});

describe('notificationclick', () => {
  const clicked = (data: unknown) => {
    const notification = { data, closed: false, close: () => void (notification.closed = true) };
    return notification;
  };

  it('focuses the window already on the link, without moving another or opening one', async () => {
    const { worker, windows, opened } = await fakeWorker();
    const home = new FakeWindow(`${ORIGIN}/`, 'hidden');
    const schedule = new FakeWindow(`${ORIGIN}/schedule?day=Monday`, 'hidden');
    windows.push(home, schedule);
    const notification = clicked(REMINDER.data);

    await onNotificationClick(worker, notification);

    expect(notification.closed).toBe(true);
    expect(schedule.focused).toBe(1);
    expect(home.focused).toBe(0);
    expect(home.navigations).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('opens a new window on the link when no app window is open', async () => {
    const { worker, opened } = await fakeWorker();
    const notification = clicked(REMINDER.data);

    await onNotificationClick(worker, notification);

    expect(notification.closed).toBe(true);
    expect(opened).toEqual([`${ORIGIN}/schedule?day=Monday`]);
  });

  it('takes an open app window to the link and focuses it when none shows it', async () => {
    const { worker, windows, opened } = await fakeWorker();
    const chat = new FakeWindow(`${ORIGIN}/chat`, 'hidden');
    windows.push(chat);

    await onNotificationClick(worker, clicked(REMINDER.data));

    expect(chat.navigations).toEqual([`${ORIGIN}/schedule?day=Monday`]);
    expect(chat.focused).toBe(1);
    expect(opened).toEqual([]);
  });

  it('opens the app home when the notification carries no valid link', async () => {
    const { worker, opened } = await fakeWorker();
    await onNotificationClick(worker, clicked({ link: 'https://evil.example/' }));
    expect(opened).toEqual([`${ORIGIN}/`]);
  });
});

describe('pushsubscriptionchange', () => {
  const OLD_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/old-endpoint';
  const enabled = {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    enabled: true,
    reminderTime: 30,
  } satisfies NotificationSettings;
  const subscriptionJson = (endpoint: string) => ({
    endpoint,
    expirationTime: null,
    keys: { p256dh: TEST_P256DH, auth: TEST_AUTH },
  });

  function server({ putStatus = 200 } = {}) {
    const calls: { method: string; body: unknown }[] = [];
    const record = (request: StubbedRequest) =>
      void calls.push({ method: request.method, body: JSON.parse(String(request.init?.body)) as unknown });
    stubApi({
      'GET /api/push/public-key': { body: { publicKey: TEST_PUBLIC_KEY } },
      'PUT /api/push/subscription': (request) => {
        record(request);
        return putStatus === 200
          ? Response.json({ saved: true })
          : Response.json({ error: 'try later' }, { status: putStatus });
      },
      'DELETE /api/push/subscription': (request) => {
        record(request);
        return new Response(null, { status: 204 });
      },
    });
    return calls;
  }

  const old = () => new FakeSubscription(OLD_ENDPOINT, { applicationServerKey: null });

  it('subscribes again with the VAPID key, sends the new subscription and the kept settings, and drops the old one', async () => {
    await savePushPreferences(enabled);
    const calls = server();
    const { worker } = await fakeWorker();

    await onPushSubscriptionChange(worker, { oldSubscription: old(), newSubscription: null });

    expect(browser.subscribeCalls).toEqual([
      { userVisibleOnly: true, applicationServerKey: base64UrlToBytes(TEST_PUBLIC_KEY) },
    ]);
    expect(calls).toEqual([
      { method: 'PUT', body: { subscription: subscriptionJson(TEST_ENDPOINT), preferences: enabled } },
      { method: 'DELETE', body: { endpoint: OLD_ENDPOINT } },
    ]);
  });

  it('sends the subscription the browser already made, and deletes nothing when the endpoint is the same', async () => {
    await savePushPreferences(enabled);
    const calls = server();
    const { worker } = await fakeWorker();
    const renewed = new FakeSubscription(OLD_ENDPOINT, { applicationServerKey: null });

    await onPushSubscriptionChange(worker, { oldSubscription: old(), newSubscription: renewed });

    expect(browser.subscribeCalls).toEqual([]);
    expect(calls).toEqual([
      { method: 'PUT', body: { subscription: subscriptionJson(OLD_ENDPOINT), preferences: enabled } },
    ]);
  });

  it('does nothing when notifications are off or no settings were kept', async () => {
    server();
    const { worker } = await fakeWorker();
    await onPushSubscriptionChange(worker, { oldSubscription: old(), newSubscription: null });
    await savePushPreferences({ ...enabled, enabled: false });
    await onPushSubscriptionChange(worker, { oldSubscription: old(), newSubscription: null });
    // stubApi fails the test on any request; none was made, and nothing was subscribed.
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
    expect(browser.subscribeCalls).toEqual([]);
  });

  it('copes with a server that refuses the new subscription: logs it, keeps the old one, never rejects', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await savePushPreferences(enabled);
    const calls = server({ putStatus: 503 });
    const { worker } = await fakeWorker();

    await expect(
      onPushSubscriptionChange(worker, { oldSubscription: old(), newSubscription: null }),
    ).resolves.toBeUndefined();

    expect(calls.map((call) => call.method)).toEqual(['PUT']);
    expect(warn).toHaveBeenCalledWith(
      'Could not renew the push subscription',
      expect.objectContaining({ message: 'PUT /api/push/subscription: HTTP 503' }),
    );
  });

  it('copes with a subscribe the push service refuses: logs it and sends nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await savePushPreferences(enabled);
    const calls = server();
    browser.subscribeError = new DOMException('Registration failed - push service error', 'AbortError');
    const { worker } = await fakeWorker();

    await expect(
      onPushSubscriptionChange(worker, { oldSubscription: old(), newSubscription: null }),
    ).resolves.toBeUndefined();

    expect(calls).toEqual([]);
    expect(warn).toHaveBeenCalledWith('Could not renew the push subscription', browser.subscribeError);
  });
});
