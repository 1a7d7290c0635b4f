import { describe, expect, it } from 'vitest';
import { installBrowser } from './install-platform.ts';

const UA = {
  chromeDesktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  firefoxDesktop: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
};

describe('installBrowser', () => {
  it('knows the browsers that can install without a prompt', () => {
    expect(installBrowser(UA.chromeDesktop)).toBe('chromium');
    expect(installBrowser(UA.edge)).toBe('chromium');
    expect(installBrowser(UA.chromeAndroid)).toBe('chromium');
    expect(installBrowser(UA.samsung)).toBe('samsung');
    expect(installBrowser(UA.firefoxAndroid)).toBe('firefox-android');
    expect(installBrowser(UA.macSafari, 0)).toBe('mac-safari');
  });

  it('leaves alone the browsers that cannot install (and an iPad posing as a Mac)', () => {
    expect(installBrowser(UA.firefoxDesktop)).toBeNull();
    expect(installBrowser(UA.chromeIos)).toBeNull();
    expect(installBrowser(UA.macSafari, 5)).toBeNull();
    expect(
      installBrowser('Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/26.0.0'),
    ).toBeNull();
  });
});
