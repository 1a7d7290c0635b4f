import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleBackButton, shareNatively, type NativeShare } from './native-shell.ts';

afterEach(() => {
  document.body.replaceChildren();
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  vi.restoreAllMocks();
});

describe("Android's back button", () => {
  const app = () => ({ minimizeApp: vi.fn(async () => undefined) });

  it('closes the open dialog first (its cancel event), without going back or leaving', () => {
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    const cancelled = vi.fn();
    dialog.addEventListener('cancel', cancelled);
    document.body.append(dialog);
    const back = vi.spyOn(window.history, 'back');
    const shell = app();
    handleBackButton(true, shell);
    expect(cancelled).toHaveBeenCalledOnce();
    expect(back).not.toHaveBeenCalled();
    expect(shell.minimizeApp).not.toHaveBeenCalled();
  });

  it('goes back a page when it can, else sends the app to the background (the radio keeps playing)', () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const shell = app();
    handleBackButton(true, shell);
    expect(back).toHaveBeenCalledOnce();
    handleBackButton(false, shell);
    expect(shell.minimizeApp).toHaveBeenCalledOnce();
  });
});

describe('shareNatively', () => {
  const content = { title: 'Test FM', text: 'Always on', url: 'https://radio.test/' };

  it('opens the system share sheet through the Share plugin inside the apps', async () => {
    const share = vi.fn<NativeShare['share']>(async () => ({}));
    (globalThis as { Capacitor?: unknown }).Capacitor = {
      isNativePlatform: () => true,
      Plugins: { Share: { share } },
    };
    expect(await shareNatively(content)).toBe('shared');
    expect(share).toHaveBeenCalledWith({ ...content, dialogTitle: 'Test FM' });
    share.mockRejectedValueOnce(new Error('Share canceled'));
    expect(await shareNatively(content)).toBe('cancelled');
  });

  it('leaves a browser to its own share path', async () => {
    expect(await shareNatively(content)).toBeNull();
  });
});
