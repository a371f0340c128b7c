import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage, ServerErrorPage } from './error-page.tsx';

/** The shared ErrorBoundary of route modules: 404 keeps the shell and shows the not-found page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage message={typeof error.data === 'string' ? error.data : 'Страница не найдена'} />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ServerErrorPage status={status} />;
}
