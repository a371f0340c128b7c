// Error pages of SPEC §8. If rendering the Russian error page itself fails, a plain English
// page with a home link is shown instead, so the visitor is never left with nothing.
import { Component, type ReactNode } from 'react';
import { notFoundBreadcrumbs } from '@store/domain';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { HOME_LINK_TEXT, SERVER_FAULT_TEXT, SERVER_FAULT_TITLE } from '../lib/server-fault.ts';

export function PlainFallback() {
  return (
    <main className="container plain-fallback" lang="en">
      <h1>Something went wrong</h1>
      <p>
        The page could not be shown. <a href="/">Go to the home page</a>
      </p>
    </main>
  );
}

export class FallbackBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <PlainFallback /> : this.props.children;
  }
}

export function NotFoundPage({ message }: { message?: string }) {
  return (
    <main className="container page not-found" id="main">
      <Breadcrumbs items={notFoundBreadcrumbs()} />
      <h1>Страница не найдена</h1>
      {message && message !== 'Страница не найдена' ? (
        <p className="muted" lang={/[а-яё]/i.test(message) ? 'ru' : 'en'}>
          {message}
        </p>
      ) : null}
      <p>Возможно, она была удалена или вы ошиблись в адресе. Начните с главной или загляните в каталог.</p>
      <p className="row">
        <a className="button button-primary" href="/">
          {HOME_LINK_TEXT}
        </a>
        <a className="button" href="/catalog">
          Каталог товаров
        </a>
      </p>
    </main>
  );
}

/** Headings of the refusals a visitor can cause (docs/decisions/0011). */
const CLIENT_FAULT_TITLES: Record<number, string> = {
  400: 'некорректный запрос',
  403: 'доступ запрещён',
  405: 'метод не поддерживается',
  413: 'слишком большой запрос',
  422: 'проверьте данные',
};

export function ServerErrorPage({ status, message }: { status: number; message?: string | undefined }) {
  return (
    <main className="container page" id="main">
      <h1>
        {status >= 500
          ? SERVER_FAULT_TITLE
          : `Ошибка ${status}: ${CLIENT_FAULT_TITLES[status] ?? 'запрос не выполнен'}`}
      </h1>
      <p>
        {message ??
          (status >= 500 ? SERVER_FAULT_TEXT : 'Проверьте адрес страницы или данные формы и попробуйте ещё раз.')}
      </p>
      <p>
        <a className="button button-primary" href="/">
          {HOME_LINK_TEXT}
        </a>
      </p>
    </main>
  );
}
