import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import '../styles/route-error.css';

/**
 * What went wrong, in one line: `404 Not Found` for an unknown path (in the app's language), else the
 * error's message.
 */
function describe(error: unknown): string {
  if (isRouteErrorResponse(error))
    return error.status === 404 ? t`404 Not Found` : `${error.status} ${error.statusText}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The router's error page (an unknown path, a screen that threw) in the app's own look, with a
 * way back to the player, in place of React Router's default page and its developer hint.
 */
export function RouteError() {
  const error = useRouteError();
  return (
    <main className="route-error">
      <div className="route-error__card">
        {/* Spec §2: the words of the router's own error page, kept. */}
        <h1 className="route-error__title">
          <Trans>Unexpected Application Error!</Trans>
        </h1>
        <p className="route-error__detail">{describe(error)}</p>
        <Link to="/" className="route-error__back">
          <Trans>Back to the player</Trans>
        </Link>
      </div>
    </main>
  );
}
