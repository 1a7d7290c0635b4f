import { i18n } from '@lingui/core';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  PUSH_REFRESH_MS,
  SW_INSTALL_MAX_MS,
  SW_ACTIVATION_TIMEOUT_MS,
  STORAGE_KEYS,
  type NotificationSettings,
} from '@onair/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStored, writeStored } from '../../lib/storage.ts';
import * as stored from '../../lib/stored.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { stubApi, type StubbedRequest } from '../../test/fixtures.ts';
import {
  installFakePushBrowser,
  removeFakePushBrowser,
  TEST_ENDPOINT,
  TEST_PUBLIC_KEY,
  type FakePushBrowser,
} from './fake-push-browser.ts';
import { PUSH_MESSAGES, PushService } from './push-service.ts';
import { base64UrlToBytes } from './vapid-key.ts';

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);

function serverStub(putStatus = 200) {
  const puts: unknown[] = [];
  const deletes: unknown[] = [];
  const body = (request: StubbedRequest) => JSON.parse(String(request.init?.body)) as unknown;
  stubApi({
    'GET /api/push/public-key': { body: { publicKey: TEST_PUBLIC_KEY } },
    'PUT /api/push/subscription': (request) => {
      puts.push(body(request));
      return putStatus === 200
        ? Response.json({ saved: true })
        : Response.json({ error: 'The push service host is not allowed' }, { status: putStatus });
    },
    'DELETE /api/push/subscription': (request) => {
      deletes.push(body(request));
      return new Response(null, { status: 204 });
    },
  });
  return { puts, deletes };
}

describe('PushService', () => {
  let browser: FakePushBrowser;
  let now = NOW;
  beforeEach(() => {
    localStorage.clear();
    now = NOW;
    browser = installFakePushBrowser();
  });
  afterEach(removeFakePushBrowser);

  const service = () => new PushService(() => now);

  it('refuses with the spec alert when PushManager is missing', async () => {
    Reflect.deleteProperty(window, 'PushManager');
    const push = service();
    expect(push.state.support).toBe('unsupported');
    await push.enable();
    expect(push.state.notice).toEqual({
      text: 'Push notifications are not supported on this device.',
      tone: 'error',
    });
    expect(readStored(stored.notificationSettings).enabled).toBe(false);
  });

  it('a denied permission says so and changes nothing', async () => {
    browser.answer = 'denied';
    const push = service();
    await push.enable();
    expect(push.state.permission).toBe('denied');
    expect(push.state.notice?.text).toBe('Notifications permission denied.');
    expect(browser.subscribeCalls).toHaveLength(0);
    expect(readStored(stored.notificationSettings).enabled).toBe(false);
  });

  it('a dismissed prompt asks to try again', async () => {
    browser.answer = 'default';
    const push = service();
    await push.enable();
    expect(push.state.notice?.text).toBe('Notifications permission not granted. Please try again.');
  });

  it('granted: subscribes with the station key, saves subscription and settings, keeps the record', async () => {
    const server = serverStub();
    writeStored(stored.notificationSettings, {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      favoriteShows: ['DJ One-Morning'],
    });
    const push = service();
    await push.enable();

    expect(push.state.notice).toEqual({ text: i18n._(PUSH_MESSAGES.pushEnabled), tone: 'success' });
    expect(browser.subscribeCalls).toEqual([
      { userVisibleOnly: true, applicationServerKey: base64UrlToBytes(TEST_PUBLIC_KEY) },
    ]);
    expect(server.puts).toEqual([
      {
        subscription: browser.subscription?.toJSON(),
        preferences: { ...DEFAULT_NOTIFICATION_SETTINGS, enabled: true, favoriteShows: ['DJ One-Morning'] },
        // The app's language: the station writes this browser's pushes in it.
        locale: 'en',
      },
    ]);
    expect(readStored(stored.notificationSettings).enabled).toBe(true);
    expect(readStored(storedLater.pushRecord)).toMatchObject({
      endpoint: TEST_ENDPOINT,
      token: TEST_ENDPOINT,
      vapidKey: TEST_PUBLIC_KEY,
      creationTime: String(NOW),
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.notificationSettings) ?? '{}')).toMatchObject({
      enabled: true,
    });
  });

  it('a subscribe that fails (no push service) falls back to local reminders and says why (spec §4)', async () => {
    const server = serverStub();
    browser.subscribeError = new DOMException('Registration failed - permission denied', 'AbortError');
    const push = service();
    await push.enable();
    expect(push.state.notice).toEqual({
      text: 'Registration failed - permission denied. Notifications enabled! You will receive notifications while the app is open...',
      tone: 'info',
    });
    expect(server.puts).toHaveLength(0);
    expect(readStored(stored.notificationSettings).enabled).toBe(true);
    expect(readStored(storedLater.pushRecord)).toBeNull();
    expect(push.state.busy).toBe(false);
  });

  it('a VAPID key that is not base64 (the base64 error) falls back to local reminders too', async () => {
    stubApi({ 'GET /api/push/public-key': { body: { publicKey: 'not*base64*at*all' } } });
    const push = service();
    await push.enable();
    expect(push.state.notice?.text).toMatch(
      /\. Notifications enabled! You will receive notifications while the app is open\.\.\.$/,
    );
    expect(browser.subscribeCalls).toHaveLength(0);
    expect(readStored(stored.notificationSettings).enabled).toBe(true);
  });

  describe('with no service worker', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
    afterEach(() => vi.useRealTimers());

    it('"Enabling…" ends after the time-out with Service worker registration failed, and the local fallback', async () => {
      serverStub();
      browser.worker = 'none';
      const push = service();
      const enabling = push.enable();
      await vi.advanceTimersByTimeAsync(SW_ACTIVATION_TIMEOUT_MS - 1);
      expect(push.state.busy).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      await enabling;
      expect(push.state).toMatchObject({
        busy: false,
        notice: {
          text: 'Service worker registration failed. Notifications enabled! You will receive notifications while the app is open...',
        },
      });
      expect(readStored(stored.notificationSettings).enabled).toBe(true);
      expect(browser.subscribeCalls).toHaveLength(0);
    });

    it('turning the fallback off again is immediate: no worker is waited for', async () => {
      serverStub();
      browser.worker = 'none';
      const push = service();
      const enabling = push.enable();
      await vi.advanceTimersByTimeAsync(SW_ACTIVATION_TIMEOUT_MS);
      await enabling;
      await push.disable();
      expect(push.state.notice).toEqual({ text: i18n._(PUSH_MESSAGES.disabled), tone: 'info' });
      expect(readStored(stored.notificationSettings).enabled).toBe(false);
    });

    it('waits longer for a worker still installing, but not forever', async () => {
      serverStub();
      browser.worker = 'installing';
      const push = service();
      const enabling = push.enable();
      await vi.advanceTimersByTimeAsync(SW_ACTIVATION_TIMEOUT_MS * 2);
      expect(push.state.busy).toBe(true);
      await vi.advanceTimersByTimeAsync(SW_INSTALL_MAX_MS);
      await enabling;
      expect(push.state.busy).toBe(false);
      expect(push.state.notice?.text).toMatch(/^Service worker registration failed\. /);
    });
  });

  it('a refused save keeps notifications on here and warns that remote ones may not work', async () => {
    serverStub(400);
    const push = service();
    await push.enable();
    expect(push.state.notice?.tone).toBe('error');
    expect(push.state.notice?.text).toContain('Remote notifications may not work.');
    expect(push.state.notice?.text).toContain('The push service host is not allowed');
    expect(readStored(stored.notificationSettings).enabled).toBe(true);
  });

  it('sends changed settings again, skips unchanged ones, and renews after 7 days', async () => {
    const server = serverStub();
    const push = service();
    await push.enable();
    const enabled: NotificationSettings = readStored(stored.notificationSettings);

    await push.sync(enabled);
    expect(server.puts).toHaveLength(1);

    const changed = { ...enabled, reminderTime: 30 };
    await push.sync(changed);
    expect(server.puts).toHaveLength(2);
    expect(server.puts[1]).toMatchObject({ preferences: { reminderTime: 30 } });

    now = NOW + PUSH_REFRESH_MS + 1;
    await push.sync(changed);
    expect(server.puts).toHaveLength(3);
    expect(readStored(storedLater.pushRecord)?.creationTime).toBe(String(now));
    // The same subscription was kept: renewing is telling the server, not subscribing anew.
    expect(browser.subscribeCalls).toHaveLength(1);
  });

  it('after a reload, unchanged settings are not sent again; changed ones are', async () => {
    const server = serverStub();
    await service().enable();
    const settings = readStored(stored.notificationSettings);

    const reloaded = service();
    await reloaded.sync(settings);
    expect(server.puts).toHaveLength(1);
    await reloaded.sync({ ...settings, showNewShowAlerts: false });
    expect(server.puts).toHaveLength(2);
  });

  it('sends the new language when the listener changes it, once, and keeps it with the record', async () => {
    const server = serverStub();
    await service().enable();
    const settings = readStored(stored.notificationSettings);
    expect(readStored(storedLater.pushRecord)?.locale).toBe('en');
    i18n.loadAndActivate({ locale: 'ga', messages: {} });
    try {
      // A reload in between: the record, not the page's memory, says which language the server has.
      const reloaded = service();
      await reloaded.sync(settings);
      expect(server.puts).toHaveLength(2);
      expect(server.puts[1]).toMatchObject({ locale: 'ga' });
      expect(readStored(storedLater.pushRecord)?.locale).toBe('ga');
      await reloaded.sync(settings);
      await service().sync(settings);
      expect(server.puts).toHaveLength(2);
    } finally {
      i18n.activate('en');
    }
  });

  it('a subscription the browser dropped is made again on the next sync', async () => {
    const server = serverStub();
    const push = service();
    await push.enable();
    await browser.subscription?.unsubscribe();
    await push.sync(readStored(stored.notificationSettings));
    expect(browser.subscribeCalls).toHaveLength(2);
    expect(server.puts).toHaveLength(2);
  });

  it('turning off deletes the subscription on the server and in the browser', async () => {
    const server = serverStub();
    const push = service();
    await push.enable();
    const subscription = browser.subscription;
    await push.disable();
    expect(server.deletes).toEqual([{ endpoint: TEST_ENDPOINT }]);
    expect(subscription?.unsubscribed).toBe(true);
    expect(readStored(stored.notificationSettings).enabled).toBe(false);
    expect(readStored(storedLater.pushRecord)).toBeNull();
    expect(push.state.notice?.text).toBe(i18n._(PUSH_MESSAGES.disabled));
  });

  it('does nothing on sync in local-only mode', async () => {
    serverStub();
    const push = service();
    await push.enableLocal();
    expect(push.state.notice?.text).toBe(i18n._(PUSH_MESSAGES.localEnabled));
    await push.sync(readStored(stored.notificationSettings));
    expect(browser.subscribeCalls).toHaveLength(0);
  });
});
