// /reviews/list with its segments (SPEC §2: category-*, brand-*, badge-*, their combinations,
// {tagType}-{tagCode}, badge-text; issue 14): review articles with the filter lists of brands,
// categories and tags and the badges «Все» and «Текст», every filter a link to its canonical path.
import { data } from 'react-router';
import { REVIEWS_PER_PAGE, reviewFiltersOf, reviewListPath, type ReviewFilters as Filters } from '@store/domain';
import type { Route } from './+types/reviews-list';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { ArticleCard } from '../components/content/article-card.tsx';
import { JsonLd, breadcrumbList } from '../components/content/json-ld.tsx';
import { Pagination } from '../components/pagination.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { contentMeta } from '../lib/content-meta.ts';
import { queryPageHref } from '../lib/listing-url.ts';
import { publicOriginOf } from '../lib/meta.ts';
import { orNotFound, requireItemsOnPage, requirePage, requireQueryPage } from '../lib/not-found.server.ts';
import { useShell } from '../lib/shell.ts';
import catalogStyles from '../styles/catalog.css?url';
import contentStyles from '../styles/content.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'stylesheet', href: contentStyles },
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  contentMeta(matches, {
    fallbackTitle: 'Обзоры и статьи — Мультицентр',
    description: 'Обзоры техники, сравнения и советы по выбору от экспертов Мультицентра.',
    image: loaderData?.reviews.items[0]?.listing_image ?? null,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match, pathname } = requirePage(request);
  if (match.kind !== 'reviews-list') throw data('Страница не найдена', { status: 404 });
  const filters = reviewFiltersOf(match.filters);
  if (!filters) throw data('Страница не найдена', { status: 404 });
  const page = requireQueryPage(request);
  const api = context.get(apiContext);
  const [breadcrumbs, reviews, options] = await Promise.all([
    orNotFound(api.seo.breadcrumbs(pathname)),
    orNotFound(
      api.content.reviews({
        page,
        per_page: REVIEWS_PER_PAGE,
        category: filters.category ?? undefined,
        brand: filters.brand ?? undefined,
        badge: filters.badge ?? undefined,
        tag_type: filters.tag?.type,
        tag_code: filters.tag?.code,
      }),
    ),
    api.content.reviewFilters(),
  ]);
  requireItemsOnPage(page, reviews.items);
  return { breadcrumbs, reviews, options, filters, pathname, origin: new URL(request.url).origin };
}

function FilterLinks({
  label,
  items,
  current,
  hrefFor,
  allText,
}: {
  label: string;
  items: { code: string | null; name: string; count?: number }[];
  current: string | null;
  hrefFor: (code: string | null) => string;
  allText?: string;
}) {
  const list = allText ? [{ code: null, name: allText }, ...items] : items;
  return (
    <nav className="review-filter" aria-label={label}>
      <h2 className="review-filter-title">{label}</h2>
      <ul className="chips">
        {list.map((item) => {
          const active = item.code === current;
          return (
            <li key={item.code ?? 'all'}>
              <AppLink
                to={hrefFor(item.code)}
                className={active ? 'chip is-current' : 'chip'}
                aria-current={active ? 'page' : undefined}
              >
                {item.name}
                {item.count !== undefined ? <span className="chip-count">{item.count}</span> : null}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export default function ReviewsList({ loaderData, matches }: Route.ComponentProps) {
  const shell = useShell();
  const { reviews, options, filters, breadcrumbs, pathname } = loaderData;
  const origin = publicOriginOf(matches) ?? loaderData.origin;
  const withFilter = (change: Partial<Filters>) => reviewListPath({ ...filters, ...change });
  return (
    <main className="container page content-page" id="main">
      <JsonLd data={[breadcrumbList(origin, breadcrumbs)]} />
      <Breadcrumbs items={breadcrumbs} />
      <h1>{shell?.seo?.h1 ?? 'Обзоры и статьи'}</h1>
      <div className="review-filters">
        <FilterLinks
          label="Формат"
          items={options.badges.filter((b) => b.code !== null)}
          current={filters.badge}
          hrefFor={(code) => withFilter({ badge: code })}
          allText="Все"
        />
        <FilterLinks
          label="Рубрики"
          items={options.tags.filter((t) => t.count > 0)}
          current={filters.tag?.code ?? null}
          hrefFor={(code) => {
            const tag = options.tags.find((t) => t.code === code);
            return withFilter({ tag: tag ? { type: tag.type, code: tag.code } : null });
          }}
          allText="Все рубрики"
        />
        <FilterLinks
          label="Категории"
          items={options.categories}
          current={filters.category}
          hrefFor={(code) => withFilter({ category: code })}
          allText="Все категории"
        />
        <FilterLinks
          label="Бренды"
          items={options.brands}
          current={filters.brand}
          hrefFor={(code) => withFilter({ brand: code })}
          allText="Все бренды"
        />
      </div>
      <p className="muted content-count">Найдено статей: {reviews.totalCount}</p>
      {reviews.items.length === 0 ? (
        <p className="content-empty">
          Статей с такими условиями пока нет. <AppLink to="/reviews/list">Все обзоры</AppLink>
        </p>
      ) : (
        <ul className="content-grid" aria-label="Обзоры и статьи">
          {reviews.items.map((r, i) => (
            <li key={r.id}>
              <ArticleCard article={r} priority={i === 0} level={2} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={reviews.currentPage}
        pageCount={reviews.pageCount}
        basePath={pathname}
        search=""
        hrefFor={queryPageHref(pathname)}
      />
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
