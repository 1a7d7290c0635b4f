import { useSyncExternalStore } from 'react';

/** The part of the Document Picture-in-Picture API (Chromium 116+ on computers) the app uses. */
interface DocumentPictureInPicture {
  requestWindow(options?: { width?: number; height?: number }): Promise<Window>;
}

/** The pop-out window's first size, in CSS pixels: artwork, title, two buttons and a few chat lines. */
const POP_OUT_SIZE = { width: 360, height: 400 } as const;

function documentPictureInPicture(): DocumentPictureInPicture | null {
  return (window as { documentPictureInPicture?: DocumentPictureInPicture }).documentPictureInPicture ?? null;
}

/*
 * The pop-out player's window (issue 34): one for the page, like the page's one player, so it stays
 * open from screen to screen while the app's layout draws the mini player into it. It only shows
 * controls: the sound stays in the page's PlayerService. The browser closes it with the page.
 */
let popOutWindow: Window | null = null;
const listeners = new Set<() => void>();

function setPopOutWindow(next: Window | null): void {
  popOutWindow = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const noSubscription = () => () => {};

/** The browser can open a Document PiP window (false in the prerender and where the API is missing). */
export function usePopOutSupported(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => documentPictureInPicture() !== null,
    () => false,
  );
}

/** The open pop-out window, null while the controls are in the page. */
export function usePopOutWindow(): Window | null {
  return useSyncExternalStore(
    subscribe,
    () => popOutWindow,
    () => null,
  );
}

/**
 * Opens the window: call it straight from a click, the browser asks for the listener's gesture.
 * Rejects with the browser's reason when it refuses.
 */
export async function openPopOut(): Promise<void> {
  const api = documentPictureInPicture();
  if (!api || popOutWindow) return;
  const opened = await api.requestWindow(POP_OUT_SIZE);
  // The listener's close button, _Bring the player back_, or the browser closing it: the controls
  // come back to the page.
  opened.addEventListener('pagehide', () => setPopOutWindow(null), { once: true });
  setPopOutWindow(opened);
}

export function closePopOut(): void {
  popOutWindow?.close();
}
