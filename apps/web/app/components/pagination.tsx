// Page links of a listing: page-N in the path (none for page 1), the query kept.
import { Link } from 'react-router';
import { pageHref } from '../lib/listing-url.ts';
import { CatalogIcon } from './catalog-icons.tsx';

/** Pages to show: the first, the last, and two either side of the current one; null is a gap. */
export function pageWindow(current: number, count: number): (number | null)[] {
  const pages = new Set([1, count]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push(null);
    out.push(p);
  });
  return out;
}

export function Pagination({
  page,
  pageCount,
  basePath,
  search,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  basePath: string;
  search: string;
  /** Where page p lives when it is not a page-N path segment (e.g. ?page=N). */
  hrefFor?: (p: number) => string;
}) {
  if (pageCount <= 1) return null;
  const href = hrefFor ?? ((p: number) => pageHref(basePath, p, search));
  return (
    <nav className="pagination" aria-label="Страницы">
      {page > 1 ? (
        <Link to={href(Math.min(page - 1, pageCount))} className="pagination-step" rel="prev">
          <CatalogIcon name="chevronLeft" size={18} />
          <span>Назад</span>
        </Link>
      ) : null}
      <ol>
        {pageWindow(Math.min(page, pageCount), pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className="pagination-current">
                  <span className="visually-hidden">Страница </span>
                  {p}
                </span>
              ) : (
                <Link to={href(p)}>
                  <span className="visually-hidden">Страница </span>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={href(page + 1)} className="pagination-step" rel="next">
          <span>Вперёд</span>
          <CatalogIcon name="chevronRight" size={18} />
        </Link>
      ) : null}
    </nav>
  );
}
