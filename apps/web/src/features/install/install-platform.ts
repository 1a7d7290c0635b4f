import { z } from 'zod';
import { defineStored } from '../../lib/storage.ts';

/** Chromium's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/** How the modal can help: the browser's own prompt, iOS Safari's Share sheet, or the browser menu. */
export type InstallRoute = 'prompt' | 'ios' | 'menu';

/** 'Later' keeps the modal away this long, so it never nags. */
export const INSTALL_LATER_MS = 7 * 24 * 60 * 60 * 1_000;

/** Until when (epoch ms) the listener asked not to be asked again. */
export const storedInstallLaterUntil = defineStored<number>({
  key: 'playfm_install_later_until',
  schema: z.number().nonnegative(),
  fallback: 0,
});

/** Already installed: launched from the home screen (standalone display, or iOS's own flag). */
export function isStandalone(): boolean {
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
