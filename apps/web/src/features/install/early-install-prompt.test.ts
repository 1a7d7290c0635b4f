import { afterEach, describe, expect, it } from 'vitest';
import { keepInstallPrompt, takeInstallPrompt } from './early-install-prompt.ts';

function firePrompt(): Event {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

afterEach(() => void takeInstallPrompt());

describe("the browser's install prompt before the app runs", () => {
  it('is kept, its mini-infobar held back, and handed over once', () => {
    keepInstallPrompt();
    const event = firePrompt();
    expect(event.defaultPrevented).toBe(true);
    expect(takeInstallPrompt()).toBe(event);
    expect(takeInstallPrompt()).toBeNull();
  });

  it('is no longer kept once taken: the app listens itself from then on', () => {
    keepInstallPrompt();
    expect(takeInstallPrompt()).toBeNull();
    expect(firePrompt().defaultPrevented).toBe(false);
    expect(takeInstallPrompt()).toBeNull();
  });

  it('is dropped when the app gets installed meanwhile', () => {
    keepInstallPrompt();
    firePrompt();
    window.dispatchEvent(new Event('appinstalled'));
    expect(takeInstallPrompt()).toBeNull();
  });
});
