import type { CapacitorConfig } from '@capacitor/cli';
import type { StationFile } from '@onair/core';

/** Where the apps' bundled shell (the offline page) is written and read from by `cap sync`. */
export const NATIVE_WEB_DIR = 'www';
/** The page the apps show when the station cannot be reached (no network at launch). */
export const NATIVE_OFFLINE_PAGE = 'offline.html';

/**
 * The Capacitor config of a station's apps, from its station file. The apps load the station's
 * hosted web app (`nativeApp.url`) rather than a bundled copy: the page then has the server's own
 * origin, so its SameSite=Strict cookies, its Origin checks and its CSP apply unchanged, and a
 * station's update reaches the apps without a store release. `ONAIR_APP_URL` points a development
 * build at another server (an `http://` one, e.g. the Android emulator's `http://10.0.2.2:8080`,
 * turns cleartext on for that build only).
 */
export function nativeAppConfig(
  station: StationFile,
  env: { ONAIR_APP_URL?: string | undefined },
): CapacitorConfig {
  const app = station.nativeApp;
  if (!app)
    throw new Error('station config: nativeApp ({ "id", "url" }) is required to build the mobile apps');
  const url = new URL(env.ONAIR_APP_URL ?? app.url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`ONAIR_APP_URL must be an http(s) URL, not ${url.protocol}`);
  return {
    appId: app.id,
    appName: station.shortName ?? station.name,
    webDir: NATIVE_WEB_DIR,
    backgroundColor: station.theme.background,
    server: {
      url: url.origin,
      errorPath: NATIVE_OFFLINE_PAGE,
      ...(url.protocol === 'http:' ? { cleartext: true } : {}),
    },
    android: { backgroundColor: station.theme.background },
    ios: { backgroundColor: station.theme.background, contentInset: 'never' },
    plugins: {
      SplashScreen: {
        launchShowDuration: 1500,
        backgroundColor: station.theme.background,
        showSpinner: false,
        androidScaleType: 'CENTER_INSIDE',
      },
      StatusBar: { backgroundColor: station.theme.background, style: 'DARK', overlaysWebView: false },
      LocalNotifications: { iconColor: station.theme.accent },
    },
  };
}
