import { vi } from 'vitest';

/** A real-looking VAPID public key (65-byte uncompressed P-256 point, base64url). */
export const TEST_PUBLIC_KEY = `B${'A'.repeat(86)}`;
export const TEST_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/test-endpoint';
const P256DH = `B${'E'.repeat(86)}`;
const AUTH = 'A'.repeat(22);

export interface FakePushBrowser {
  permission: NotificationPermission;
  /** What the next requestPermission() resolves to. */
  answer: NotificationPermission;
  subscription: FakeSubscription | null;
  /** Set to make the next subscribe() reject, as a browser does when no push service answers. */
  subscribeError: Error | null;
  subscribeCalls: PushSubscriptionOptionsInit[];
  /**
   * The page's service worker: 'active' (ready resolves), 'none' (nothing registered: blocked, as
   * Playwright's serviceWorkers 'block' does; ready never settles) or 'installing' (a first visit).
   * Read when `ready` is first asked for.
   */
  worker: 'active' | 'none' | 'installing';
}

export class FakeSubscription {
  unsubscribed = false;
  constructor(
    readonly endpoint: string,
    readonly options: { applicationServerKey: ArrayBuffer | null },
  ) {}
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } };
  }
  async unsubscribe() {
    this.unsubscribed = true;
    return true;
  }
}

/**
 * The browser's side of Web Push, replaced at the window boundary (Notification, the service worker
 * registration's PushManager): jsdom has none, and no push service is reachable from tests.
 */
export function installFakePushBrowser(): FakePushBrowser {
  const fake: FakePushBrowser = {
    permission: 'default',
    answer: 'granted',
    subscription: null,
    subscribeError: null,
    subscribeCalls: [],
    worker: 'active',
  };
  class FakeNotification {
    static get permission() {
      return fake.permission;
    }
    static async requestPermission() {
      fake.permission = fake.answer;
      return fake.permission;
    }
  }
  const pushManager = {
    getSubscription: async () => (fake.subscription?.unsubscribed ? null : fake.subscription),
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      fake.subscribeCalls.push(options);
      if (fake.subscribeError) throw fake.subscribeError;
      const key = options.applicationServerKey as Uint8Array;
      fake.subscription = new FakeSubscription(TEST_ENDPOINT, { applicationServerKey: key.slice().buffer });
      return fake.subscription;
    },
  };
  // Cache Storage, where the page keeps the preferences for the worker (jsdom has none).
  const cached = new Map<string, string>();
  vi.stubGlobal('caches', {
    open: async () => ({
      put: async (url: string, response: Response) => void cached.set(url, await response.text()),
      match: async (url: string) => (cached.has(url) ? new Response(cached.get(url)) : undefined),
    }),
  });
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});
  const registration = { scope: `${location.origin}/`, pushManager };
  let ready: Promise<typeof registration> | null = null;
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      get ready() {
        ready ??= fake.worker === 'active' ? Promise.resolve(registration) : new Promise(() => undefined);
        return ready;
      },
      getRegistration: async () =>
        fake.worker === 'none'
          ? undefined
          : { ...registration, installing: fake.worker === 'installing' ? {} : null, waiting: null },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
  return fake;
}

/** Undoes installFakePushBrowser's navigator property (vi.unstubAllGlobals handles the rest). */
export function removeFakePushBrowser(): void {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}

export { P256DH as TEST_P256DH, AUTH as TEST_AUTH };
