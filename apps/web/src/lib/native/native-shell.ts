import type { AppPlugin } from '@capacitor/app';
import type { SharePlugin } from '@capacitor/share';
import { nativePlugin } from './native-platform.ts';

export type NativeApp = Pick<AppPlugin, 'addListener' | 'minimizeApp'>;
export type NativeShare = Pick<SharePlugin, 'share'>;

/**
 * Android's back button inside the app, in the order a listener expects: an open dialog closes
 * first (as Escape does: its `cancel` event, which Modal turns into onClose), then the page goes
 * back, and on the first page the app goes to the background, so the radio keeps playing instead
 * of the activity being finished.
 */
export function handleBackButton(canGoBack: boolean, app: Pick<NativeApp, 'minimizeApp'>): void {
  const dialogs = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
  const top = dialogs[dialogs.length - 1];
  if (top) {
    top.dispatchEvent(new Event('cancel', { cancelable: true }));
    return;
  }
  if (canGoBack) window.history.back();
  else void app.minimizeApp();
}

/**
 * What the apps add to the page once, at start: the back button. (The status bar and the splash
 * take the station's colours from capacitor.config.ts, before any page loads.) Nothing happens in
 * a browser.
 */
export async function startNativeShell(): Promise<void> {
  const app = await nativePlugin<NativeApp>('App', async () => (await import('@capacitor/app')).App);
  if (!app) return;
  // For the page's life: the apps have one page, and it never unloads while they run.
  await app.addListener('backButton', ({ canGoBack }) => handleBackButton(canGoBack, app));
}

/**
 * The system share sheet inside the apps (Android's WebView has no navigator.share). Null in a
 * browser, where the page's own share path applies; 'cancelled' when the listener closed the sheet.
 */
export async function shareNatively(content: {
  title: string;
  text: string;
  url: string;
}): Promise<'shared' | 'cancelled' | null> {
  const share = await nativePlugin<NativeShare>(
    'Share',
    async () => (await import('@capacitor/share')).Share,
  );
  if (!share) return null;
  try {
    await share.share({ ...content, dialogTitle: content.title });
    return 'shared';
  } catch {
    // The plugin rejects with 'Share canceled' when the sheet is dismissed.
    return 'cancelled';
  }
}
