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

/** The ErrorBoundary of a tab inside a page (the product tabs): the page around it stays. */
export function TabErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="pp-tab-error" role="alert">
      <h2>{notFound ? 'Страница не найдена' : 'Не удалось загрузить раздел'}</h2>
      <p className="muted">
        {notFound
          ? 'Такой страницы в этом разделе нет. Откройте раздел с первой страницы.'
          : 'Попробуйте обновить страницу через минуту.'}
      </p>
    </div>
  );
}
