// The layout shared by every listing and the search results (SPEC §3 Listing state): title and
// count, category chips, filters, sort and view, selected-filter tags, the grid, the pages.
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useNavigation } from 'react-router';
import { filterCount, formatNumber, isFiltered, type ListingTheme } from '@store/domain';
import type { Listing } from '@store/api-client';
import type { ListingPageData } from '../lib/listing.server.ts';
import { listingBasePath, pageHref, withQuery, withoutFilters } from '../lib/listing-url.ts';
import { productsText } from '../lib/product-card.ts';
import { ProductListsProvider } from '../lib/product-lists.tsx';
import { AppLink } from './app-link.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { CatalogIcon } from './catalog-icons.tsx';
import { FiltersPanel, SelectedFilters } from './filters-panel.tsx';
import { Pagination } from './pagination.tsx';
import { ProductGrid } from './product-card.tsx';
import { HydrateLater } from './hydrate-later.tsx';
import { SortMenu, ThemeToggle } from './sort-bar.tsx';

export function CategoryChips({
  categories,
  label,
  hrefOf = (c) => c.url,
  currentId = null,
}: {
  categories: Listing['categories'];
  label: string;
  hrefOf?: (category: Listing['categories'][number]) => string;
  currentId?: number | null;
}) {
  if (categories.length === 0) return null;
  return (
    <nav className="chips" aria-label={label}>
      <ul>
        {categories.map((c) => (
          <li key={c.id}>
            <AppLink
              to={hrefOf(c)}
              className={c.id === currentId ? 'chip is-current' : 'chip'}
              aria-current={c.id === currentId ? 'page' : undefined}
            >
              {c.name}
              <span className="chip-count">{formatNumber(c.count)}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Products of this listing are loading: a navigation within the same listing path. */
function useListingBusy(basePath: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'loading' && listingBasePath(navigation.location.pathname) === basePath;
}

export function ListingView({
  data,
  title,
  chips,
  empty,
}: {
  data: ListingPageData;
  title: string;
  /** Category chips (subcategories, or the search category facet). */
  chips?: ReactNode;
  /** What to show when the listing has no products at all and no filters are chosen. */
  empty?: ReactNode;
}) {
  const { listing, basePath, search, selection, page } = data;
  const [theme, setTheme] = useState<ListingTheme>(data.theme);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const closeFilters = useCallback(() => setFiltersOpen(false), []);
  const busy = useListingBusy(basePath);
  const filtered = isFiltered(selection);
  const hasFilters = listing.filters.length > 0;
  const beyondLast = listing.products.length === 0 && listing.count > 0;
  const resetHref = withQuery(basePath, withoutFilters(search));

  let body: ReactNode;
  if (beyondLast) {
    body = (
      <div className="empty-state">
        <h2>На странице {page} товаров нет</h2>
        <p className="muted">В этом списке {productsText(listing.count)} — они на первых страницах.</p>
        <Link className="button button-primary" to={pageHref(basePath, 1, search)}>
          Перейти на первую страницу
        </Link>
      </div>
    );
  } else if (listing.count === 0 && filtered) {
    body = (
      <div className="empty-state">
        <h2>Таких товаров нет</h2>
        <p className="muted">Попробуйте убрать часть фильтров или изменить диапазон цен.</p>
        <Link className="button button-primary" to={resetHref} replace>
          Сбросить фильтры
        </Link>
      </div>
    );
  } else if (listing.count === 0) {
    body = empty ?? (
      <div className="empty-state">
        <h2>Здесь пока нет товаров</h2>
        <p className="muted">Загляните в соседние разделы каталога.</p>
        <AppLink className="button button-primary" to="/catalog">
          Каталог товаров
        </AppLink>
      </div>
    );
  } else {
    body = <ProductGrid products={listing.products} view={theme} />;
  }

  const showTools = listing.count > 0 || filtered;

  return (
    <ProductListsProvider lists={data.lists}>
      <main className="container page listing" id="main">
        <Breadcrumbs items={data.breadcrumbs} />
        <div className="listing-head">
          <h1>{title}</h1>
          <p className="listing-count" role="status">
            {listing.count > 0 ? productsText(listing.count) : null}
          </p>
        </div>
        {chips}
        <div className={hasFilters && showTools ? 'listing-layout' : 'listing-layout listing-layout--wide'}>
          {hasFilters && showTools ? (
            <HydrateLater>
              <FiltersPanel
                filters={listing.filters}
                selection={selection}
                basePath={basePath}
                search={search}
                count={listing.count}
                open={filtersOpen}
                onClose={closeFilters}
              />
            </HydrateLater>
          ) : null}
          <div className="listing-main">
            {showTools ? (
              <div className="listing-toolbar">
                {hasFilters ? (
                  <a
                    href="#filters"
                    className="button filters-open"
                    aria-controls="filters"
                    aria-expanded={filtersOpen}
                    onClick={(e) => {
                      e.preventDefault();
                      setFiltersOpen(true);
                    }}
                  >
                    <CatalogIcon name="filter" size={18} />
                    Фильтры
                    {filtered ? <span className="filters-open-count">{filterCount(selection)}</span> : null}
                  </a>
                ) : null}
                <SortMenu options={listing.sort} basePath={basePath} search={search} kind={data.sortKind} />
                <ThemeToggle theme={theme} onChange={setTheme} />
              </div>
            ) : null}
            <SelectedFilters filters={listing.filters} selection={selection} basePath={basePath} search={search} />
            <div className={busy ? 'listing-results is-busy' : 'listing-results'} aria-busy={busy}>
              {body}
            </div>
            <Pagination page={page} pageCount={listing.page_count} basePath={basePath} search={search} />
          </div>
        </div>
      </main>
    </ProductListsProvider>
  );
}
