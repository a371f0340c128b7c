// /catalog/{type}/{categoryId}/{third}: a listing page when the domain's listing rule says so (page N of
// a category, brand or tag listing), else the product page (SPEC §2): a layout whose tabs (reviews, Q&A, availability) are child routes.
import { Suspense, useEffect } from 'react';
import { Await, NavLink, Outlet, data, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { ProductDetail } from '@store/api';
import {
  formatNumber,
  formatRating,
  isPreorderOffer,
  isProductAvailable,
  listingPageOf,
  productTabs,
} from '@store/domain';
import type { Route } from './+types/product-or-listing';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { Stars } from '../components/catalog-icons.tsx';
import { BuyBox, ConditionNote, SupplierOffers } from '../components/product-buy-box.tsx';
import { ProductGallery } from '../components/product-gallery.tsx';
import { FullSpecs, ShortSpecs } from '../components/product-specs.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { WatchedRow } from '../components/watched-row.tsx';
import { RentOffer } from '../components/credit/rent-offer.tsx';
import { listingMeta, skipRevalidationOnSameUrl } from '../lib/listing-meta.ts';
import { loadListingPage } from '../lib/listing.server.ts';
import { publicOriginOf, rootDataOf, seoMeta } from '../lib/meta.ts';
import { requirePage } from '../lib/not-found.server.ts';
import {
  inlineJson,
  productBasePath,
  productJsonLd,
  productPageKey,
  questionsText,
  schemaPrice,
  tabHref,
  tabOfPath,
} from '../lib/product.ts';
import { cardIconsPreload, readableStickerColor, reviewsWord } from '../lib/product-card.ts';
import { ProductListsProvider } from '../lib/product-lists.tsx';
import { loadProductPage } from '../lib/product.server.ts';
import { useShell } from '../lib/shell.ts';
import { useNonce } from '../lib/nonce.tsx';
import catalogStyles from '../styles/catalog.css?url';
import productStyles from '../styles/product.css?url';
import loyaltySignInStyles from '../styles/loyalty-sign-in.css?url';
import { apiContext } from '../context.ts';
import { splitComponent } from '../lib/split-component.tsx';
import type { FirstPaintRow } from '../lib/home-rows.ts';
import { HydrateLater } from '../components/hydrate-later.tsx';

// A four-segment catalogue path is nearly always a product; the rare listing (/catalog/brand/apple/page-2)
// loads its view as a chunk of its own, so product pages do not ship the listing, filters and pagination.
// The server renders it in full; in the browser that part hydrates when its chunk arrives.
const listingViewModule = () => import('../components/listing-view.tsx');
const ListingView = splitComponent(() => listingViewModule().then((m) => m.ListingView));
const CategoryChips = splitComponent(() => listingViewModule().then((m) => m.CategoryChips));

// Below the fold of a product page: accessories and the related rows come as chunks of their own and
// hydrate after the buy box, gallery and tabs (selective hydration), which keeps the page's first
// JavaScript within the 150 KB budget. Their HTML is in the server's answer from the start.
const ProductAccessories = splitComponent(() =>
  import('../components/product-accessories.tsx').then((m) => m.ProductAccessories),
);
const ProductRow = splitComponent(() => import('../components/home-blocks.tsx').then((m) => m.ProductRow));

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'stylesheet', href: productStyles },
  { rel: 'stylesheet', href: loyaltySignInStyles },
  cardIconsPreload,
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (loaderData?.view === 'listing') return listingMeta(matches, loaderData.page, 'Каталог товаров — Мультицентр');
  const tags = seoMeta(matches, loaderData?.product.name ?? 'Мультицентр');
  if (loaderData?.view !== 'product' || rootDataOf(matches)?.notFoundMessage) return tags;
  const { product } = loaderData;
  // The configured public origin; without one, the request's (og:url and og:image must be absolute).
  const origin = publicOriginOf(matches) ?? loaderData.origin;
  const image = product.images[0] ?? product.image;
  tags.push(
    { property: 'og:type', content: 'product' },
    { property: 'og:url', content: `${origin}${product.url}` },
    { property: 'product:price:amount', content: schemaPrice(product.offer.price) },
    { property: 'product:price:currency', content: 'RUB' },
  );
  if (image) tags.push({ property: 'og:image', content: `${origin}${image}` });
  return tags;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match } = requirePage(request);
  // Any catalogue listing whose path has four segments lands here too (/catalog/brand/apple/page-2,
  // /catalog/tag/{alias}/page-2): the domain's listing rule decides, not the route pattern.
  const listing = listingPageOf(match);
  if (listing && listing.kind !== 'search') {
    const page = await loadListingPage(request, context.get(apiContext), { page: listing.page, sortKind: 'listing' });
    return { view: 'listing' as const, page };
  }
  if (match.kind !== 'product') throw data('This page could not be found', { status: 404 });
  return loadProductPage(request, context.get(apiContext), match);
}

/**
 * Switching tabs of one product reloads only the tab: the product, its related rows and the
 * watched cookie stay. A listing keeps its own rule (filters and sort live in the query).
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const { currentUrl, nextUrl, formMethod } = args;
  const current = productPageKey(currentUrl.pathname);
  if (formMethod === undefined && current !== null && current === productPageKey(nextUrl.pathname)) return false;
  return skipRevalidationOnSameUrl(args);
}

export default function ProductOrListingPage({ loaderData }: Route.ComponentProps) {
  const shell = useShell();
  if (loaderData.view === 'listing') {
    const { page } = loaderData;
    return (
      <Suspense fallback={null}>
        <ListingView
          data={page}
          title={shell?.seo?.h1 ?? page.breadcrumbs.at(-1)?.text ?? 'Каталог'}
          chips={<CategoryChips categories={page.listing.categories} label="Подкатегории" />}
        />
      </Suspense>
    );
  }
  return <ProductPage data={loaderData} />;
}

type ProductData = Extract<Route.ComponentProps['loaderData'], { view: 'product' }>;

/** What the tab routes read from the product layout (useOutletContext). */
export interface ProductOutletContext {
  product: ProductDetail;
  basePath: string;
  availabilityTab: boolean;
}

const TABS_ID = 'product-tabs';

function RelatedRow({ id, title, row }: { id: string; title: string; row: Promise<FirstPaintRow> }) {
  return (
    <Suspense fallback={null}>
      <Await resolve={row} errorElement={null}>
        {({ products, moreIds }) => (
          <ProductRow id={id} title={title} products={products} moreIds={moreIds} moreAtTrackEnd />
        )}
      </Await>
    </Suspense>
  );
}

function ProductPage({ data: loaded }: { data: ProductData }) {
  const { product } = loaded;
  const shell = useShell();
  const nonce = useNonce();
  const location = useLocation();
  const basePath = productBasePath(product.url);
  const tab = tabOfPath(location.pathname);
  const tabs = productTabs({
    available: isProductAvailable(product.offer),
    preorder: isPreorderOffer(product.offer),
    categoryId: product.category.id,
  });
  const availabilityTab = tabs.some((t) => t.tab === 'availability');
  const outletContext: ProductOutletContext = { product, basePath, availabilityTab };
  const feature = (key: string) => shell?.features.some((f) => f.key === key && f.is_active) ?? false;
  const creditFlags = { bankInstallment: feature('bank_installment'), bnpl: feature('bnpl') };

  // SPEC §2: on a tab route the page scrolls to the tab content.
  useEffect(() => {
    if (tab !== 'reviews') document.getElementById(TABS_ID)?.scrollIntoView({ block: 'start' });
  }, [tab, location.pathname]);

  const counts: Record<string, number | null> = {
    reviews: product.reviews_count,
    faq: product.attr.questions_count,
    availability: null,
  };

  return (
    <ProductListsProvider lists={loaded.lists}>
      <main className="container page pp" id="main">
        <script
          type="application/ld+json"
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{
            __html: inlineJson(productJsonLd(product, shell?.publicConfig.publicOrigin ?? loaded.origin)),
          }}
        />
        <Breadcrumbs items={loaded.breadcrumbs} />
        <div className="pp-head">
          <h1>{shell?.seo?.h1 ?? product.name}</h1>
          <div className="pp-meta">
            <AppLink to={basePath} preventScrollReset className="pp-meta-rating" onClick={scrollToTabs}>
              {product.reviews_count > 0 ? (
                <>
                  <Stars rating={product.rating} size={16} />
                  <span className="pp-meta-rating-value">
                    <span className="visually-hidden">Рейтинг </span>
                    {formatRating(product.rating)}
                    <span className="visually-hidden"> из 5,</span>
                  </span>
                  <span>
                    {formatNumber(product.reviews_count)} {reviewsWord(product.reviews_count)}
                  </span>
                </>
              ) : (
                <span>Нет отзывов</span>
              )}
            </AppLink>
            {product.attr.questions_count > 0 ? (
              <AppLink to={tabHref(basePath, 'faq')} preventScrollReset className="pp-meta-link">
                {questionsText(product.attr.questions_count)}
              </AppLink>
            ) : null}
            <span className="pp-meta-code">Код товара: {product.id}</span>
          </div>
        </div>

        <div className="pp-top">
          <ProductGallery images={product.images} name={product.name} youtube={product.youtube} />
          <div className="pp-info">
            {product.stickers.length > 0 ? (
              <ul className="pp-stickers" aria-label="Метки">
                {product.stickers.map((s) => (
                  <li key={s.code} className="sticker" style={{ background: readableStickerColor(s.color) }}>
                    {s.text}
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="pp-brand">
              Бренд:{' '}
              <AppLink to={`/catalog/brand/${product.brand.code}`} className="pp-brand-link">
                {product.brand.name}
              </AppLink>
            </p>
            <ConditionNote product={product} />
            {product.tooltip.length > 0 ? (
              <ul className="pp-tooltips">
                {product.tooltip.map((t) => (
                  <li key={`${t.type}-${t.text}`} className={`pp-tooltip pp-tooltip--${t.type}`}>
                    {t.text}
                  </li>
                ))}
              </ul>
            ) : null}
            <ShortSpecs groups={product.specifications} />
            {product.compared_model ? (
              <p className="pp-compared">
                Похожая модель: <AppLink to={product.compared_model.link}>{product.compared_model.name}</AppLink>
              </p>
            ) : null}
          </div>
          <div className="pp-aside">
            {loaded.outcome === 'supplier-offers' ? (
              <SupplierOffers product={product} />
            ) : (
              <BuyBox
                product={product}
                credit={loaded.credit}
                warranties={loaded.warranties}
                creditFlags={creditFlags}
                availabilityHref={availabilityTab ? tabHref(basePath, 'availability') : null}
              />
            )}
            <Suspense fallback={null}>
              <Await resolve={loaded.rent} errorElement={null}>
                {(rent) => <RentOffer rent={rent} />}
              </Await>
            </Suspense>
          </div>
        </div>

        <HydrateLater>
          {product.description ? (
            <section className="pp-section" aria-labelledby="pp-description-title">
              <h2 id="pp-description-title">Описание</h2>
              <p className="pp-description">{product.description}</p>
            </section>
          ) : null}
          <FullSpecs groups={product.specifications} />
          <Suspense fallback={null}>
            <ProductAccessories product={product} block={loaded.accessories} />
          </Suspense>
          {product.manuals.length > 0 ? (
            <section className="pp-section" aria-labelledby="pp-manuals-title">
              <h2 id="pp-manuals-title">Инструкции и документы</h2>
              <ul className="pp-manuals">
                {product.manuals.map((m) => (
                  <li key={m.url}>
                    <a href={m.url} target="_blank" rel="noopener noreferrer">
                      {m.name}
                      <span className="visually-hidden"> (PDF, откроется в новой вкладке)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </HydrateLater>

        <HydrateLater>
          <section className="pp-section pp-tabs-section" id={TABS_ID} aria-label="Отзывы, вопросы и наличие">
            <nav className="pp-tabs" aria-label="Вкладки товара">
              <ul>
                {tabs.map((t) => (
                  <li key={t.tab}>
                    <NavLink to={tabHref(basePath, t.path)} end={t.path === ''} preventScrollReset className="pp-tab">
                      {t.label}
                      {counts[t.tab] ? <span className="pp-tab-count">{counts[t.tab]}</span> : null}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="pp-tab-panel">
              <Outlet context={outletContext} />
            </div>
          </section>
        </HydrateLater>

        <RelatedRow id="pp-similars" title="Похожие товары" row={loaded.similars} />
        <RelatedRow id="pp-looked-with" title="С этим товаром смотрят" row={loaded.lookedWith} />
        <WatchedRow productId={product.id} />
      </main>
    </ProductListsProvider>
  );
}

function scrollToTabs() {
  document.getElementById(TABS_ID)?.scrollIntoView({ block: 'start' });
}

export const ErrorBoundary = RouteErrorBoundary;
