import { t } from '@lingui/core/macro';
import { isNativeApp } from './native/native-platform.ts';
import { shareNatively } from './native/native-shell.ts';

/**
 * Shares `url`: the system sheet in the apps and where the browser has one, else the clipboard,
 * else the link itself in the toast so it can still be copied by hand.
 */
export async function shareLink(
  url: string,
  title: string,
  toast: (text: string) => void,
  text: string = title,
): Promise<void> {
  // Checked without awaiting first, so a browser's navigator.share below still runs inside the tap
  // (Safari wants the user activation).
  if (isNativeApp()) return void (await shareNatively({ title, text, url }));
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return;
    } catch (error) {
      // The listener closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast(t`Link copied to clipboard`);
  } catch {
    toast(t`Couldn’t copy the link: ${url}`);
  }
}
