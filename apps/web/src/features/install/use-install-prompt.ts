import { INSTALL_MODAL_DELAY_MS } from '@onair/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { writeStored, readStored } from '../../lib/storage.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { peekInstallPrompt, takeInstallPrompt } from './early-install-prompt.ts';
import {
  INSTALL_LATER_MS,
  installBrowser,
  isIosSafari,
  isStandalone,
  type BeforeInstallPromptEvent,
  type InstallRoute,
} from './install-platform.ts';

export interface InstallPrompt {
  open: boolean;
  route: InstallRoute;
  /** The browser's prompt failed: the modal says so (spec §8) and names the menu. */
  failed: boolean;
  install: () => Promise<void>;
  later: () => void;
}

/**
 * Offers installation 3 s after load (spec §4) when the app is not installed and there is a way to
 * install it here: the browser's own prompt, iOS Safari's Share sheet, or the steps of a browser
 * that can install without a prompt. Browsers that cannot install are not interrupted; the modal
 * names the menu only if a prompt fails.
 */
export function useInstallPrompt(): InstallPrompt {
  // The prompt the browser may have fired before the app's code ran (main.tsx keeps it): read here,
  // taken once mounted (a render may be thrown away; taking it there lost it, and with it the
  // modal's Install button).
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(peekInstallPrompt);
  const [delayOver, setDelayOver] = useState(false);
  const [dismissed, setDismissed] = useState(
    () => isStandalone() || readStored(storedLater.installLaterUntil) > Date.now(),
  );
  const [failed, setFailed] = useState(false);
  const ios = useRef(isIosSafari(navigator.userAgent, navigator.maxTouchPoints));
  const browser = useRef(installBrowser(navigator.userAgent, navigator.maxTouchPoints));

  useEffect(() => {
    // Kept until now, one that came after the first render too; the listener below takes over.
    const kept = takeInstallPrompt();
    if (kept) setDeferred(kept);
    const timer = setTimeout(() => setDelayOver(true), INSTALL_MODAL_DELAY_MS);
    const onPrompt = (event: Event) => {
      event.preventDefault(); // keep the browser's mini-infobar away; the modal offers it instead
      setDeferred(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      setDeferred(null);
      setDismissed(true);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const later = useCallback(() => {
    writeStored(storedLater.installLaterUntil, Date.now() + INSTALL_LATER_MS);
    setDismissed(true);
  }, []);

  const install = useCallback(async () => {
    if (!deferred) return;
    // A prompt event can be used once; whatever happens next, the browser menu is the way back.
    setDeferred(null);
    try {
      await deferred.prompt();
      const choice = await deferred.userChoice;
      if (choice.outcome === 'accepted') setDismissed(true);
      else later();
    } catch (failure) {
      console.warn('Install prompt failed', failure);
      setFailed(true);
    }
  }, [deferred, later]);

  const route: InstallRoute = deferred ? 'prompt' : ios.current ? 'ios' : (browser.current ?? 'menu');
  const open = delayOver && !dismissed && (route !== 'menu' || failed);
  return { open, route, failed, install, later };
}
