import { act, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StationProvider } from '../../lib/station-context.tsx';
import { stubStationFetch } from '../../test/fixtures.ts';
import { keepInstallPrompt, takeInstallPrompt } from './early-install-prompt.ts';
import { isIosSafari, type BeforeInstallPromptEvent } from './install-platform.ts';
import { InstallModal } from './InstallModal.tsx';

function promptEvent(prompt: () => Promise<void>, outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  Object.assign(event, { prompt: vi.fn(prompt), userChoice: Promise.resolve({ outcome }) });
  return event;
}

function renderModal() {
  render(
    <StationProvider>
      <InstallModal />
    </StationProvider>,
  );
}

const installDialog = () => screen.queryByRole('heading', { name: 'Install the app' });

describe('InstallModal', () => {
  beforeEach(() => {
    localStorage.clear();
    stubStationFetch();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('offers the browser prompt 3 s after load, and Install runs it', async () => {
    renderModal();
    const event = promptEvent(() => Promise.resolve());
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    act(() => {
      vi.advanceTimersByTime(2_900);
    });
    expect(installDialog()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(installDialog()).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Install' }).click());
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(installDialog()).toBeNull();
  });

  it('offers the prompt fired before the app ran, though a first render of it is never committed', async () => {
    keepInstallPrompt();
    const event = promptEvent(() => Promise.resolve());
    window.dispatchEvent(event);
    try {
      // A render React throws away (interrupted, or suspended on a chunk still loading) runs the
      // component's state initializers without ever committing: rendering to a string does the same.
      renderToString(
        <I18nProvider i18n={i18n}>
          <StationProvider>
            <InstallModal />
          </StationProvider>
        </I18nProvider>,
      );
      renderModal();
      act(() => {
        vi.advanceTimersByTime(3_000);
      });
      await act(async () => screen.getByRole('button', { name: 'Install' }).click());
      expect(event.prompt).toHaveBeenCalledTimes(1);
    } finally {
      takeInstallPrompt();
    }
  });

  it("stays away without a prompt on a browser that can't be helped (no nagging)", () => {
    renderModal();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(installDialog()).toBeNull();
  });

  it('gives Chromium its own steps when it fired no prompt (e.g. after its own was dismissed)', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
    );
    renderModal();
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(installDialog()).not.toBeNull();
    expect(screen.getByText(/Install page as app/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Later' })).toBeInTheDocument();
  });

  it("remembers 'Later' for a while", () => {
    renderModal();
    act(() => void window.dispatchEvent(promptEvent(() => Promise.resolve())));
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    act(() => screen.getByRole('button', { name: 'Later' }).click());
    expect(installDialog()).toBeNull();

    renderModal(); // the next visit, a day later
    vi.setSystemTime(Date.now() + 86_400_000);
    act(() => void window.dispatchEvent(promptEvent(() => Promise.resolve())));
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(installDialog()).toBeNull();
  });

  it('says the install failed and points to the browser menu when the prompt throws', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderModal();
    act(() => void window.dispatchEvent(promptEvent(() => Promise.reject(new Error('nope')))));
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    await act(async () => screen.getByRole('button', { name: 'Install' }).click());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Installation failed. Please try again or use the browser menu to install.',
    );
    expect(screen.getByText(/Open your browser’s menu/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
  });

  it('is not offered when the app already runs installed (standalone)', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)' }));
    renderModal();
    act(() => void window.dispatchEvent(promptEvent(() => Promise.resolve())));
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(installDialog()).toBeNull();
  });
});

describe('isIosSafari', () => {
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  it.each([
    [iphone, 0, true],
    [iphone.replace('Version/17.4', 'CriOS/124.0'), 0, false],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      5,
      true,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      0,
      false,
    ],
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      5,
      false,
    ],
  ])('%s (%i touch points) → %s', (ua, touch, expected) => expect(isIosSafari(ua, touch)).toBe(expected));
});
