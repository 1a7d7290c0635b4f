import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isSignedOutError } from '../lib/auth.ts';
import '../styles/admin-card.css';

/**
 * An admin screen that could not load: signed out, the server's words and the way to sign in;
 * otherwise what failed (`failed`) and Try again.
 */
export function AdminLoadFailed({
  error,
  failed,
  onRetry,
}: {
  error: unknown;
  failed: ReactNode;
  onRetry: () => void;
}) {
  if (isSignedOutError(error)) {
    return (
      <div className="admin-card" role="alert">
        <p>{error.message}</p>
        {error.code === 'sign_in_required' ? (
          <Link to="/schedule">
            <Trans>Sign in with the Admin link under the schedule</Trans>
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <div className="admin-card" role="alert">
      <p>
        {failed} {error instanceof Error ? error.message : ''}
      </p>
      <button type="button" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
