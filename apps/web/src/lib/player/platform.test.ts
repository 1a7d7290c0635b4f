import { describe, expect, it } from 'vitest';
import { airPlayCapable, castSupported, isIOS } from './platform.ts';
import { chooseMediaSource } from './stream-source.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const CHROME_ON_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/122.0 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0 Mobile Safari/537.36';
const ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:124.0) Gecko/20100101 Firefox/124.0';

describe('platform', () => {
  it('knows iOS, iPadOS in desktop mode included, and hides Cast there (spec §4)', () => {
    expect(isIOS({ userAgent: IPHONE, maxTouchPoints: 5 })).toBe(true);
    expect(isIOS({ userAgent: IPAD_DESKTOP_MODE, maxTouchPoints: 5 })).toBe(true);
    expect(isIOS({ userAgent: IPAD_DESKTOP_MODE, maxTouchPoints: 0 })).toBe(false); // a Mac
    expect(castSupported({ userAgent: CHROME_ON_IOS, maxTouchPoints: 5 })).toBe(false);
    expect(castSupported({ userAgent: IPHONE, maxTouchPoints: 5 })).toBe(false);
    expect(castSupported({ userAgent: ANDROID_CHROME, maxTouchPoints: 5 })).toBe(true);
    expect(castSupported({ userAgent: FIREFOX, maxTouchPoints: 0 })).toBe(false);
  });

  it('offers no web Cast inside the Android app: its WebView has no Cast sender', () => {
    (globalThis as { Capacitor?: unknown }).Capacitor = {
      isNativePlatform: () => true,
      getPlatform: () => 'android',
    };
    try {
      expect(castSupported({ userAgent: ANDROID_WEBVIEW, maxTouchPoints: 5 })).toBe(false);
    } finally {
      delete (globalThis as { Capacitor?: unknown }).Capacitor;
    }
    // The same user agent in a browser tab (no Capacitor bridge) is judged by the agent alone.
    expect(castSupported({ userAgent: ANDROID_CHROME, maxTouchPoints: 5 })).toBe(true);
  });
});

describe('chooseMediaSource: the engine’s platform choice', () => {
  const takesMp3 = { isTypeSupported: () => true };
  const iosSafari = { ManagedMediaSource: takesMp3, WebKitPlaybackTargetAvailabilityEvent: class {} };
  const macSafari = {
    ManagedMediaSource: takesMp3,
    MediaSource: takesMp3,
    WebKitPlaybackTargetAvailabilityEvent: class {},
  };
  const chromium = { MediaSource: takesMp3 };

  it('plays from a URL on iOS, although ManagedMediaSource takes MP3: lock screen and AirPlay need it', () => {
    expect(airPlayCapable(iosSafari)).toBe(true);
    expect(chooseMediaSource(false, iosSafari)).toBeNull();
  });

  it('plays from a URL in Safari on macOS too, so AirPlay has a URL to hand over', () => {
    expect(chooseMediaSource(false, macSafari)).toBeNull();
  });

  it('keeps the MediaSource fast start where there is no AirPlay, and the URL when asked for', () => {
    expect(airPlayCapable(chromium)).toBe(false);
    expect(chooseMediaSource(false, chromium)).toBe(takesMp3);
    expect(chooseMediaSource(true, chromium)).toBeNull();
  });
});
