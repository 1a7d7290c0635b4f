import { afterEach, describe, expect, it, vi } from 'vitest';
import { platformType } from '../analytics.ts';
import { isNativeApp, nativePlatform, nativePlugin, nativePluginAvailable } from './native-platform.ts';

const setCapacitor = (value: unknown) => ((globalThis as { Capacitor?: unknown }).Capacitor = value);
const standalone = (matches: boolean) =>
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({ matches: matches && query === '(display-mode: standalone)', media: query }) as MediaQueryList,
  );

afterEach(() => {
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  vi.unstubAllGlobals();
});

describe('platformType (analytics platform_type)', () => {
  it('answers native_app inside the apps, even when the WebView reports standalone', () => {
    standalone(true);
    setCapacitor({ isNativePlatform: () => true, getPlatform: () => 'android' });
    expect(platformType()).toBe('native_app');
    expect(isNativeApp()).toBe(true);
    expect(nativePlatform()).toBe('android');
  });

  it('answers pwa when installed, web_browser otherwise', () => {
    standalone(true);
    expect(platformType()).toBe('pwa');
    standalone(false);
    expect(platformType()).toBe('web_browser');
  });

  it('is not fooled by @capacitor/core loaded in a browser (it defines Capacitor, not a native platform)', () => {
    standalone(false);
    setCapacitor({ isNativePlatform: () => false, getPlatform: () => 'web' });
    expect(platformType()).toBe('web_browser');
    expect(nativePlatform()).toBeNull();
  });
});

describe('nativePlugin', () => {
  it('is null in a browser, without loading the plugin package', async () => {
    const load = vi.fn(async () => ({}));
    expect(await nativePlugin('AudioPlayer', load)).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('takes the plugin the bridge holds, else loads its package', async () => {
    const held = { play: vi.fn() };
    setCapacitor({ isNativePlatform: () => true, Plugins: { AudioPlayer: held } });
    const load = vi.fn(async () => ({ loaded: true }));
    expect(await nativePlugin('AudioPlayer', load)).toBe(held);
    expect(await nativePlugin('LocalNotifications', load)).toEqual({ loaded: true });
  });
});

describe('nativePluginAvailable', () => {
  it('knows a plugin by the header the app binary announces, never in a browser', () => {
    expect(nativePluginAvailable('AirPlay')).toBe(false);
    setCapacitor({
      isNativePlatform: () => true,
      getPlatform: () => 'ios',
      PluginHeaders: [{ name: 'AirPlay' }],
    });
    expect(nativePluginAvailable('AirPlay')).toBe(true);
    expect(nativePluginAvailable('SomethingNewer')).toBe(false);
    setCapacitor({
      isNativePlatform: () => false,
      getPlatform: () => 'web',
      PluginHeaders: [{ name: 'AirPlay' }],
    });
    expect(nativePluginAvailable('AirPlay')).toBe(false);
  });
});
