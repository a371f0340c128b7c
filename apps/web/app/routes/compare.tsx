// Comparison (SPEC §2 /compare, §3 Compare state, §4 Other): the products in the compareProducts
// cookie, grouped by category in tabs (the active one kept in compareActiveCategory), and a table
// of their specifications with the 'Только различающиеся' toggle.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  COMPARE_CATEGORY_COOKIE_MAX_AGE_S,
  COOKIE,
  activeCompareCategory,
  changeActiveCategory,
  compareCategories,
  differingSpecifications,
  onlyDifferencesState,
  parseCompareCookie,
  type CompareState,
} from '@store/domain';
import type { ProductCard } from '@store/api-client';
import type { Route } from './+types/compare';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { Icon } from '../components/icons.tsx';
import { Price } from '../components/product-card.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { parseCookies, setBrowserCookie } from '../lib/cookies.ts';
import { seoMeta } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { availability } from '../lib/product-card.ts';
import {
  productListsFromCookies,
  ProductListsProvider,
  useProductList,
  useToggleProduct,
} from '../lib/product-lists.tsx';
import { loadProductsByIds } from '../lib/product-lists.server.ts';
import catalogStyles from '../styles/catalog.css?url';
import compareStyles from '../styles/compare.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'stylesheet', href: compareStyles },
];

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, 'Сравнение товаров — Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  const cookieHeader = request.headers.get('cookie');
  const cookies = parseCookies(cookieHeader);
  const ids = parseCompareCookie(cookies[COOKIE.compareProducts]);
  const [breadcrumbs, products] = await Promise.all([
    orNotFound(context.get(apiContext).seo.breadcrumbs(pathname)),
    loadProductsByIds(context.get(apiContext), ids, { withSpecifications: true }),
  ]);
  return {
    breadcrumbs,
    products,
    activeCategoryCookie: cookies[COOKIE.compareActiveCategory] ?? null,
    lists: productListsFromCookies(cookieHeader),
  };
}

interface Spec {
  name: string;
  value: string;
  group_name?: string | null;
}

/** The specifications to compare: the full list (asked for with expand=specifications). */
function specsOf(product: ProductCard): Spec[] {
  return product.specifications ?? product.specifications_short;
}

function specRows(products: ProductCard[]) {
  const rows: { group: string | null; name: string }[] = [];
  const seen = new Set<string>();
  for (const p of products) {
    for (const s of specsOf(p)) {
      if (seen.has(s.name)) continue;
      seen.add(s.name);
      rows.push({ group: s.group_name ?? null, name: s.name });
    }
  }
  return rows;
}

function valueOf(product: ProductCard, name: string): string {
  return (
    specsOf(product)
      .filter((s) => s.name === name)
      .map((s) => s.value)
      .join(', ') || '—'
  );
}

function CompareTable({
  products,
  onlyDifferences,
  onRemove,
}: {
  products: ProductCard[];
  onlyDifferences: boolean;
  onRemove: (id: number) => void;
}) {
  const differing = new Set(differingSpecifications(products.map((p) => ({ specifications: specsOf(p) }))));
  const rows = specRows(products).filter((r) => !onlyDifferences || differing.has(r.name));
  let lastGroup: string | null = null;
  return (
    <div className="compare-scroll">
      <table className="compare-table">
        <caption className="visually-hidden">Характеристики сравниваемых товаров</caption>
        <thead>
          <tr>
            <td className="compare-corner" />
            {products.map((p) => (
              <th key={p.id} scope="col" className="compare-product">
                <button
                  type="button"
                  className="icon-button compare-remove"
                  aria-label={`Удалить из сравнения: ${p.name}`}
                  onClick={() => onRemove(p.id)}
                >
                  <Icon name="close" size={18} />
                </button>
                <AppLink to={p.url} tabIndex={-1} aria-hidden="true">
                  <img src={p.image ?? '/favicon.svg'} alt="" width={120} height={120} loading="lazy" />
                </AppLink>
                <AppLink to={p.url} className="compare-product-name">
                  {p.name}
                </AppLink>
                <Price price={p.offer.price} old={p.offer.price_old} />
                <span className={`stock stock--${availability(p).kind}`}>{availability(p).text}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const groupRow =
              row.group && row.group !== lastGroup ? (
                <tr key={`group-${row.group}`} className="compare-group">
                  <th scope="colgroup" colSpan={products.length + 1}>
                    {row.group}
                  </th>
                </tr>
              ) : null;
            lastGroup = row.group ?? lastGroup;
            return [
              groupRow,
              <tr key={row.name} className={differing.has(row.name) ? 'is-different' : undefined}>
                <th scope="row">{row.name}</th>
                {products.map((p) => (
                  <td key={p.id}>{valueOf(p, row.name)}</td>
                ))}
              </tr>,
            ];
          })}
        </tbody>
      </table>
      {rows.length === 0 ? <p className="muted compare-note">Характеристик для сравнения нет.</p> : null}
    </div>
  );
}

function Compare({ products, activeCategoryCookie }: { products: ProductCard[]; activeCategoryCookie: string | null }) {
  const ids = useProductList('compare');
  const toggle = useToggleProduct();
  const shown = products.filter((p) => ids.includes(p.id));
  const groups = compareCategories(
    shown.map((p) => ({ id: p.id, categoryId: p.category.id, categoryName: p.category.name })),
  );
  const [state, setState] = useState<CompareState<ProductCard>>(() => ({
    activeCategoryId: activeCompareCategory(groups, activeCategoryCookie),
    isShowDifferentCharacteristics: false,
    products: shown,
  }));
  const tabsId = useId();
  const tabRefs = useRef(new Map<number, HTMLButtonElement>());

  // The active category may be gone after a removal: fall back to the first group.
  const activeId = activeCompareCategory(groups, state.activeCategoryId);
  const inCategory = shown.filter((p) => p.category.id === activeId);
  const differingCount = differingSpecifications(inCategory.map((p) => ({ specifications: specsOf(p) }))).length;
  const toggleState = onlyDifferencesState({
    productCount: inCategory.length,
    differingCount,
    requested: state.isShowDifferentCharacteristics,
  });

  const choose = (categoryId: number) => {
    setState((s) => changeActiveCategory({ ...s, activeCategoryId: activeId }, categoryId));
    setBrowserCookie(COOKIE.compareActiveCategory, String(categoryId), COMPARE_CATEGORY_COOKIE_MAX_AGE_S);
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = groups[(index + step + groups.length) % groups.length];
    if (!next) return;
    choose(next.categoryId);
    tabRefs.current.get(next.categoryId)?.focus();
  };

  if (shown.length === 0) {
    return (
      <div className="empty-state">
        <h2>Список сравнения пуст</h2>
        <p className="muted">Добавьте товары к сравнению кнопкой со столбиками на карточке товара.</p>
        <AppLink to="/catalog" className="button button-primary">
          Перейти в каталог
        </AppLink>
      </div>
    );
  }

  return (
    <>
      <div className="compare-tabs" role="tablist" aria-label="Категории сравнения">
        {groups.map((g, index) => (
          <button
            key={g.categoryId}
            ref={(el) => {
              if (el) tabRefs.current.set(g.categoryId, el);
              else tabRefs.current.delete(g.categoryId);
            }}
            type="button"
            role="tab"
            id={`${tabsId}-tab-${g.categoryId}`}
            aria-selected={g.categoryId === activeId}
            aria-controls={`${tabsId}-panel`}
            tabIndex={g.categoryId === activeId ? 0 : -1}
            className="compare-tab"
            onClick={() => choose(g.categoryId)}
            onKeyDown={(e) => onTabKey(e, index)}
          >
            {g.categoryName} <span className="chip-count">{g.count}</span>
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-tab-${activeId}`}>
        <div className="compare-toolbar">
          <label className={toggleState.enabled ? 'switch' : 'switch is-disabled'}>
            <input
              type="checkbox"
              role="switch"
              checked={toggleState.active}
              disabled={!toggleState.enabled}
              onChange={(e) => setState((s) => ({ ...s, isShowDifferentCharacteristics: e.target.checked }))}
            />
            <span className="switch-track" aria-hidden="true" />
            Только различающиеся
          </label>
          {!toggleState.enabled ? (
            <span className="muted compare-hint">
              {inCategory.length < 2 ? 'Добавьте ещё товар этой категории, чтобы сравнить' : 'Характеристики совпадают'}
            </span>
          ) : null}
        </div>
        <CompareTable
          products={inCategory}
          onlyDifferences={toggleState.active}
          onRemove={(id) => toggle('compare', id)}
        />
      </div>
    </>
  );
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  return (
    <ProductListsProvider lists={loaderData.lists}>
      <main className="container page compare" id="main">
        <Breadcrumbs items={loaderData.breadcrumbs} />
        <h1>Сравнение товаров</h1>
        <Compare products={loaderData.products} activeCategoryCookie={loaderData.activeCategoryCookie} />
      </main>
    </ProductListsProvider>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
