import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import '../styles/app-shell.css';
// The bell on its own: the feature's index would bring the companion (and its reminders) into the first paint.
import { HomeScreen } from '../features/home/HomeScreen.tsx';
import { NotificationsButton } from '../features/notifications/NotificationsButton.tsx';
import { LanguageChoice } from '../features/language/LanguageChoice.tsx';
import { usePlayer } from '../lib/player/index.ts';
import { usePopOutWindow } from '../lib/pop-out.ts';
import { useOnline } from '../lib/use-online.ts';
import { useStation } from '../lib/station-context.tsx';
import { BrowserOnly } from '../ui/BrowserOnly.tsx';
import { NOTIFICATIONS_DIALOG, SHORTCUTS_DIALOG, useDialogParam } from './dialog-param.ts';
import { ShaderBackground } from './shader-background/ShaderBackground.tsx';
import { useWideScreen } from './wide/use-wide-screen.ts';

/**
 * The parts that draw nothing on the first paint (sleep timer, sessions, reminders, install offer,
 * service worker): their own chunk, fetched once the prerendered screen is hydrated.
 */
const Companions = lazy(() => import('./companions.tsx').then(({ Companions }) => ({ default: Companions })));

/** Home and /chat side by side on a wide window: fetched once the window is wide (use-wide-screen.ts). */
const WideHome = lazy(() => import('./wide/WideHome.tsx'));

/** The pop-out window's mini player: fetched when the listener first pops it out. */
const PopOutPlayer = lazy(() =>
  import('../features/home/pop-out/PopOutPlayer.tsx').then(({ PopOutPlayer }) => ({ default: PopOutPlayer })),
);

/** The paths the wide view replaces: Home, and the chat that sits beside it there. */
const WIDE_HOME_PATHS = new Set(['/', '/chat']);

/** The shell around every screen: shader background, station header, and the routed screen. */
export function Layout() {
  const { name, tagline, status, reload } = useStation();
  const online = useOnline();
  const { pathname, key } = useLocation();
  // The logo file is per-station; if it is missing, the name in text keeps the header meaningful.
  const [logoFailed, setLogoFailed] = useState(false);
  const notifications = useDialogParam(NOTIFICATIONS_DIALOG);
  const shortcuts = useDialogParam(SHORTCUTS_DIALOG);
  const wide = useWideScreen();
  const wideHome = wide && WIDE_HOME_PATHS.has(pathname);

  return (
    <div className={wideHome ? 'app-shell app-shell--wide' : 'app-shell'}>
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
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
          <span>
            <Trans>
              You’re offline. The schedule shown is the last one saved on this device; the live stream needs a
              connection.
            </Trans>
          </span>
        </div>
      )}
      {online && status === 'error' ? (
        <div className="station-notice" role="status">
          <span>
            <Trans>Couldn’t reach the station. Some details may be missing.</Trans>
          </span>
          <button type="button" className="station-notice__retry" onClick={reload}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : null}
      <main id="main" className="app-main" tabIndex={-1}>
        {wideHome ? (
          // Until its chunk is here, the phone screen of the same path stays on show.
          <Suspense fallback={<Outlet />}>
            <WideHome music={<HomeScreen />} chatFocusKey={pathname === '/chat' ? key : null} />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </main>
      {pathname === '/' || wideHome ? (
        <footer className="app-footer">
          <Link to="/stats" className="app-footer__link">
            <Trans>Your listening stats</Trans>
          </Link>
          {/* The stored choice is the device's: drawn by the browser, after the first paint. */}
          <BrowserOnly>
            <LanguageChoice />
          </BrowserOnly>
          {/* At every width where there may be a keyboard (app-shell.css leaves it off touch-only
              devices): where the shortcuts, once turned off, are turned back on. */}
          <button type="button" className="app-footer__link app-footer__shortcuts" onClick={shortcuts.show}>
            <Trans>Keyboard shortcuts</Trans>
          </button>
        </footer>
      ) : null}
      <BrowserOnly>
        <Suspense fallback={null}>
          <Companions online={online} />
        </Suspense>
      </BrowserOnly>
      <PoppedOutPlayer />
    </div>
  );
}

/**
 * The mini player in the pop-out window, drawn here rather than by Home's player card so that it stays
 * while the listener goes from screen to screen (issue 34).
 */
function PoppedOutPlayer() {
  const popOutWindow = usePopOutWindow();
  return popOutWindow ? (
    <Suspense fallback={null}>
      <PopOutPlayer popOutWindow={popOutWindow} />
    </Suspense>
  ) : null;
}

/** The background, told when the stream starts (its own component: only it re-renders then). */
function PlayerAwareShader() {
  const { state } = usePlayer();
  return <ShaderBackground starting={state === 'loading'} />;
}
