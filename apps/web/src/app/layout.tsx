import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import '../styles/app-shell.css';
import { useStation } from '../lib/station-context.tsx';
import { ShaderBackground } from './shader-background/ShaderBackground.tsx';

/** The shell around every screen: shader background, station header, and the routed screen. */
export function Layout() {
  const { name, tagline, status, reload } = useStation();
  // The logo file is per-station; if it is missing, the name in text keeps the header meaningful.
  const [logoFailed, setLogoFailed] = useState(false);

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <ShaderBackground />
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
      </header>
      {status === 'error' ? (
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
    </div>
  );
}
