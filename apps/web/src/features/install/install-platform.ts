import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isNativeApp } from '../../lib/native/native-platform.ts';

/** Chromium's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/**
 * How the modal can help: the browser's own prompt, iOS Safari's Share sheet, a browser that can
 * install but fired no prompt (its own steps, see INSTALL_STEPS), or the browser menu in general.
 */
export type InstallRoute = 'prompt' | 'ios' | InstallBrowser | 'menu';
export type InstallBrowser = 'mac-safari' | 'samsung' | 'firefox-android' | 'chromium';

/** Where each browser that can install keeps it, when it fires no `beforeinstallprompt`. */
export const INSTALL_STEPS: Record<InstallBrowser, MessageDescriptor> = {
  'mac-safari': msg`In Safari’s menu bar choose File, then ‘Add to Dock…’.`,
  samsung: msg`Tap the menu (☰) at the bottom, then ‘Add page to’ and ‘Home screen’.`,
  'firefox-android': msg`Tap the menu (⋮), then ‘Add app to Home screen’ (or ‘Install’).`,
  chromium: msg`Use the install icon at the right of the address bar, or the browser menu (⋮): ‘Cast, save and share’, then ‘Install page as app…’ (on Android: ‘Add to Home screen’).`,
};

/**
 * Browsers that can install but may fire no `beforeinstallprompt` (Chromium after its own prompt was
 * dismissed, Safari on macOS, Samsung Internet, Firefox on Android). Null: this browser cannot
 * install (Firefox on desktop, most others), so the listener is not interrupted.
 */
export function installBrowser(userAgent: string, maxTouchPoints = 0): InstallBrowser | null {
  if (/SamsungBrowser/.test(userAgent)) return 'samsung';
  if (/Android/.test(userAgent) && /Firefox/.test(userAgent)) return 'firefox-android';
  if (/Chrome|Chromium|CriOS|Edg\//.test(userAgent))
    return /iPad|iPhone|iPod/.test(userAgent) ? null : 'chromium';
  if (/Macintosh/.test(userAgent) && maxTouchPoints <= 1 && /Version\/\d+.*Safari/.test(userAgent))
    return 'mac-safari';
  return null;
}

/** 'Later' keeps the modal away this long, so it never nags. */
export const INSTALL_LATER_MS = 7 * 24 * 60 * 60 * 1_000;

/** Already installed: the store app, or launched from the home screen (standalone display, or iOS's own flag). */
export function isStandalone(): boolean {
  if (isNativeApp()) return true;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/**
 * iOS Safari has no install prompt; its only way is Share → Add to Home Screen. Other iOS browsers
 * (CriOS, FxiOS, EdgiOS) cannot install at all before iOS 16.4, and use the same sheet after it.
 */
export function isIosSafari(userAgent: string, maxTouchPoints = 0): boolean {
  const ios = /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}
