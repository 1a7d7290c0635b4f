import type { BeforeInstallPromptEvent } from './install-platform.ts';

let kept: BeforeInstallPromptEvent | null = null;
let stopKeeping: (() => void) | null = null;

/**
 * Keeps the browser's install prompt from the page's first moment (main.tsx). A browser may fire
 * `beforeinstallprompt` once, early, and the app's code runs only after the first paint: without
 * this, the offer would be lost on exactly the fast loads. The install offer takes it when it starts.
 */
export function keepInstallPrompt(target: Window = window): void {
  const onPrompt = (event: Event) => {
    event.preventDefault(); // keep the browser's mini-infobar away; the app's modal offers it instead
    kept = event as BeforeInstallPromptEvent;
  };
  const onInstalled = () => {
    kept = null;
  };
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  stopKeeping = () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

/**
 * The prompt kept so far, if any, still kept: for a render, which React may run and throw away (a
 * state initializer that took it would lose it with a discarded render).
 */
export function peekInstallPrompt(): BeforeInstallPromptEvent | null {
  return kept;
}

/** The prompt kept so far, if any; from now on the caller listens for the browser's events itself. */
export function takeInstallPrompt(): BeforeInstallPromptEvent | null {
  stopKeeping?.();
  stopKeeping = null;
  const prompt = kept;
  kept = null;
  return prompt;
}
