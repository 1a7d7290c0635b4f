import { isNativeApp } from '../native/native-platform.ts';

/**
 * Which remote-playback paths this browser has. Cast needs Google's sender, which only Chromium
 * browsers run; every iOS browser is WebKit, where Cast is hidden in favour of AirPlay (spec §4).
 */
export function isIOS(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  // iPadOS reports a Mac user agent; a Mac has no touch screen.
  return (
    /iPad|iPhone|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1)
  );
}

/**
 * Cast from the web page: a Chromium browser, not iOS, and not inside the apps. Android's WebView
 * reports Chrome in its user agent, but Google's web sender only runs in Chrome itself (a WebView
 * never gets `chrome.cast`), so the app's button could only ever fail.
 */
export function castSupported(
  nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator,
  inApp: boolean = isNativeApp(),
): boolean {
  return !inApp && /Chrome|Chromium|Edg\//.test(nav.userAgent) && !isIOS(nav);
}

/**
 * AirPlay-capable WebKit (Safari on macOS, every browser on iOS). AirPlay hands the receiver a URL,
 * so such a browser must play the stream from a URL-based <audio>, never from a MediaSource.
 */
export function airPlayCapable(scope: object = globalThis): boolean {
  return 'WebKitPlaybackTargetAvailabilityEvent' in scope;
}
