import { i18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStored } from '../../lib/storage.ts';
import * as stored from '../../lib/stored.ts';
import * as storedLater from '../../lib/stored-later.ts';
import type { NativeNotifications } from './native-reminders.ts';
import { PUSH_MESSAGES, PushService } from './push-service.ts';

/** Inside the apps: the OS permission through the LocalNotifications plugin on the bridge, no Web Push. */
function inApp(display: 'granted' | 'denied') {
  const requestPermissions = vi.fn(async () => ({ display }));
  const plugin: Pick<NativeNotifications, 'requestPermissions'> = { requestPermissions };
  (globalThis as { Capacitor?: unknown }).Capacitor = {
    isNativePlatform: () => true,
    Plugins: { LocalNotifications: plugin },
  };
  return requestPermissions;
}

describe('PushService inside the apps', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => delete (globalThis as { Capacitor?: unknown }).Capacitor);

  it('enables reminders on the device once the OS grants permission, with no server registration', async () => {
    const request = inApp('granted');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const service = new PushService();
    expect(service.state.support).toBe('native');
    await service.enable();
    expect(request).toHaveBeenCalledOnce();
    expect(readStored(stored.notificationSettings).enabled).toBe(true);
    expect(readStored(storedLater.pushRecord)).toBeNull();
    expect(service.state).toMatchObject({
      permission: 'granted',
      notice: { text: i18n._(PUSH_MESSAGES.nativeEnabled) },
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('stays off and says so when the OS refuses', async () => {
    inApp('denied');
    const service = new PushService();
    await service.enable();
    expect(readStored(stored.notificationSettings).enabled).toBe(false);
    expect(service.state).toMatchObject({
      permission: 'denied',
      notice: { text: i18n._(PUSH_MESSAGES.denied) },
    });
  });
});
