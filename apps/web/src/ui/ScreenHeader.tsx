import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import '../styles/screen.css';

/** Title row of a secondary screen, with a Close link back to Home (`onClose` runs as it is followed). */
export function ScreenHeader({ title, onClose }: { title: string; onClose?: () => void }) {
  return (
    <header className="screen-header">
      <h1 id="screen-title" className="screen-header__title">
        {title}
      </h1>
      <Link to="/" className="screen-header__close" onClick={onClose}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M6 6l12 12M18 6L6 18"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            fill="none"
          />
        </svg>
        <span>
          <Trans>Close</Trans>
        </span>
      </Link>
    </header>
  );
}
