import { data } from 'react-router';
import { isApiError } from '@store/api-client';
import { matchPage, type PageMatch } from '@store/domain';

/** The page a request is for, or a 404 when its path breaks the route parameter rules (SPEC §2). */
export function requirePage(request: Request): { match: PageMatch; pathname: string } {
  const pathname = new URL(request.url).pathname;
  const match = matchPage(pathname);
  if (!match) throw data('This page could not be found', { status: 404 });
  return { match, pathname };
}

/**
 * Turns an API 404 into the not-found page and an API refusal of what the address asked (400, 413,
 * 422: a search text over 200 characters, an id over 2³¹) into a 400 page with its Russian message
 * (docs/decisions/0011); anything else is a real failure and propagates.
 */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isApiError(error, 404)) throw data('Страница не найдена', { status: 404 });
    if (isApiError(error, 400) || isApiError(error, 413) || isApiError(error, 422)) {
      throw data(error.body?.message ?? 'Некорректный запрос', { status: 400 });
    }
    throw error;
  }
}

/** The list page a `?page=N` asks for: 1 without it, a 404 unless it is a whole number from 1 to 99999. */
export function requireQueryPage(request: Request): number {
  const param = new URL(request.url).searchParams.get('page');
  if (param === null) return 1;
  if (!/^[1-9]\d{0,4}$/.test(param)) throw data('Страница не найдена', { status: 404 });
  return Number(param);
}

/** A 404 for a page past the last one: only the first page of a list may be empty. */
export function requireItemsOnPage(page: number, items: readonly unknown[]): void {
  if (page > 1 && items.length === 0) throw data('Страница не найдена', { status: 404 });
}
