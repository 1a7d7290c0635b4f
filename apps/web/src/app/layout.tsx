import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import '../styles/app-shell.css';
import { InstallModal } from '../features/install/index.ts';
import { NotificationsButton, NotificationsCompanion } from '../features/notifications/index.ts';
import { usePlayer } from '../lib/player/index.ts';
import { ServiceWorkerUpdater } from '../features/pwa/index.ts';
import { useSleepTimer } from '../features/sleep-timer/index.ts';
import { useListeningSessions } from '../features/stats/index.ts';
import { useOnline } from '../lib/use-online.ts';
import { useStation } from '../lib/station-context.tsx';
import { BrowserOnly } from '../ui/BrowserOnly.tsx';
import { ShaderBackground } from './shader-background/ShaderBackground.tsx';

/** `?dialog=sleep-timer` opens the sleep timer over any screen (Home's Timer shortcut sets it). */
export const DIALOG_PARAM = 'dialog';
export const SLEEP_TIMER_DIALOG = 'sleep-timer';
/** `?dialog=notifications` opens the Notifications modal (the header's bell sets it). */
export const NOTIFICATIONS_DIALOG = 'notifications';

/** Whether `?dialog=<name>` is set, and the calls that set and clear it (history entries kept honest). */
function useDialogParam(name: string): { open: boolean; show: () => void; close: () => void } {
  const [params, setParams] = useSearchParams();
  const show = useCallback(() => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(DIALOG_PARAM, name);
      return next;
    });
  }, [name, setParams]);
  const close = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DIALOG_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  return { open: params.get(DIALOG_PARAM) === name, show, close };
}

/** The shell around every screen: shader background, station header, and the routed screen. */
export function Layout() {
  const { name, tagline, status, reload } = useStation();
  const online = useOnline();
  const { pathname } = useLocation();
  // The logo file is per-station; if it is missing, the name in text keeps the header meaningful.
  const [logoFailed, setLogoFailed] = useState(false);
  const notifications = useDialogParam(NOTIFICATIONS_DIALOG);

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <PlayerAwareShader />
      <header className="app-header">
        <Link to="/" className="app-header__brand">
          {logoFailed ? (
            <span className="app-header__wordmark">{name}</span>
          ) : (
            <img
              className="app-header__logo"
              src="/images/logo.svg"
              alt={name}
              // Square like the default logo; reserves space so the header does not jump on load.
              width="88"
              height="88"
              onError={() => setLogoFailed(true)}
            />
          )}
        </Link>
        <p className="app-header__tagline" aria-live="polite">
          {tagline}
        </p>
        <NotificationsButton onOpen={notifications.show} />
      </header>
      {online ? null : (
        <div className="station-notice station-notice--offline" role="status">
          <span>You’re offline. The schedule shown is the last one saved on this device; the live stream needs a connection.</span>
        </div>
      )}
      {online && status === 'error' ? (
        <div className="station-notice" role="status">
          <span>Couldn’t reach the station. Some details may be missing.</span>
          <button type="button" className="station-notice__retry" onClick={reload}>
            Try again
          </button>
        </div>
      ) : null}
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      {pathname === '/' ? (
        <footer className="app-footer">
          <Link to="/stats" className="app-footer__link">
            Your listening stats
          </Link>
        </footer>
      ) : null}
      <BrowserOnly>
        <PlayerCompanions online={online} />
        <NotificationsCompanion open={notifications.open} onClose={notifications.close} />
        <InstallModal />
        <ServiceWorkerUpdater />
      </BrowserOnly>
    </div>
  );
}

/** The sleep timer's dialog: its own chunk, fetched the first time it opens (off Home's first paint). */
const SleepTimerModal = lazy(() =>
  import('../features/sleep-timer/SleepTimerModal.tsx').then(({ SleepTimerModal }) => ({
    default: SleepTimerModal,
  })),
);

/** The background, told when the stream starts (its own component: only it re-renders then). */
function PlayerAwareShader() {
  const { state } = usePlayer();
  return <ShaderBackground starting={state === 'loading'} />;
}

/**
 * The features that follow the player — sleep timer and listening sessions — meet here, so neither
 * imports the player: they get its facts and controls as plain values and callbacks.
 */
function PlayerCompanions({ online }: { online: boolean }) {
  const player = usePlayer();
  const { open, close } = useDialogParam(SLEEP_TIMER_DIALOG);
  const playing = player.listening && player.state === 'playing';
  // Mounted from its first opening on, so that it also closes as a dialog does.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  const timer = useSleepTimer({
    onExpire: () => {
      player.pause();
      if (open) close();
    },
    onFade: player.setFadeLevel,
  });
  useListeningSessions({ listening: player.listening, playing: player.state === 'playing', online });

  return opened ? (
    <Suspense fallback={null}>
      <SleepTimerModal open={open} onClose={close} playing={playing} timer={timer} />
    </Suspense>
  ) : null;
}
