import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isNativeApp } from '../../lib/native/native-platform.ts';

/**
 * What this browser can do for notifications, read once from `window` — the one place the push code
 * touches browser globals, so tests replace them at this boundary.
 */
export type PushSupport =
  /** Notification, service worker and PushManager are all there: standard Web Push. */
  | 'push'
  /** iOS Safari in a tab: no Web Push (it needs the Home Screen app on iOS 16.4+), only while open. */
  | 'ios-local'
  /** One of the three is missing (spec §5). */
  | 'unsupported'
  /** Inside the iOS and Android apps: reminders are local notifications the device schedules. */
  | 'native';

export type BrowserFamily = 'chrome' | 'edge' | 'firefox' | 'safari' | 'other';

export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  // iPadOS reports itself as a Mac; a Mac with a touch screen is an iPad.
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function pushSupport(): PushSupport {
  if (isNativeApp()) return 'native';
  const complete = 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
  if (complete) return 'push';
  // On iOS outside the Home Screen app the three are missing by design; reminders can still show
  // while the app is open, so that is offered instead of a plain refusal.
  return isIos(navigator.userAgent, navigator.maxTouchPoints) ? 'ios-local' : 'unsupported';
}

export function browserFamily(userAgent: string): BrowserFamily {
  if (/Edg\//.test(userAgent)) return 'edge';
  if (/Firefox\//.test(userAgent)) return 'firefox';
  if (/Chrome\/|CriOS\//.test(userAgent)) return 'chrome';
  if (/Safari\//.test(userAgent)) return 'safari';
  return 'other';
}

/** How to lift a block inside the iOS and Android apps, where the OS, not a browser, holds it. */
export const NATIVE_UNBLOCK_INSTRUCTIONS = msg`Open your phone’s Settings, find this app, allow Notifications, then come back and tap Enable Notifications.`;

/** How to lift a block in the browser in use ('Notifications Blocked', spec §2). */
export const UNBLOCK_INSTRUCTIONS: Record<BrowserFamily, MessageDescriptor> = {
  chrome: msg`In Chrome, click the icon left of the address bar, open Site settings and set Notifications to Allow, then reload the page.`,
  edge: msg`In Edge, click the lock icon in the address bar, open Permissions for this site and set Notifications to Allow, then reload the page.`,
  firefox: msg`In Firefox, click the icon left of the address bar, remove the Blocked mark next to Send Notifications, then reload the page.`,
  safari: msg`In Safari, open Settings, then Websites, then Notifications, and set this site to Allow, then reload the page.`,
  other: msg`Open your browser’s site settings for this page, allow notifications, then reload the page.`,
};
