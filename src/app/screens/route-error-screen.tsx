import { isRouteErrorResponse, useRouteError } from 'react-router';
import { FullPageMessage } from '../layout/full-page-message.js';
import { NotFoundScreen } from './not-found-screen.js';

/** What a route shows when it fails to load or render (a screen's code could not be fetched, say). */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return <FullPageMessage title="Something went wrong" message="This page could not be shown. Reload to try again." onRetry={() => window.location.reload()} />;
}
