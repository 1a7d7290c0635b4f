import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import '../styles/route-error.css';

/** Spec §2: the words of the router's own error page, kept. */
export const ROUTE_ERROR_TITLE = 'Unexpected Application Error!';

/** What went wrong, in one line: `404 Not Found` for an unknown path, else the error's message. */
function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
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
        <h1 className="route-error__title">{ROUTE_ERROR_TITLE}</h1>
        <p className="route-error__detail">{describe(error)}</p>
        <Link to="/" className="route-error__back">
          Back to the player
        </Link>
      </div>
    </main>
  );
}
