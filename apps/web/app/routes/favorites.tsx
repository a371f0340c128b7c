// Favourites (SPEC §2 /favorite-products, §3 Favorites): the products whose ids are in the
// favoriteProducts cookie, newest first. Removing one takes it off the page at once.
import type { Route } from './+types/favorites';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { ProductCard } from '../components/product-card.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { seoMeta } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { productsText } from '../lib/product-card.ts';
import {
  productListsFromCookies,
  ProductListsProvider,
  useProductList,
  useToggleProduct,
} from '../lib/product-lists.tsx';
import { loadProductsByIds } from '../lib/product-lists.server.ts';
import catalogStyles from '../styles/catalog.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, 'Избранное — Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  const lists = productListsFromCookies(request.headers.get('cookie'));
  const [breadcrumbs, products] = await Promise.all([
    orNotFound(context.get(apiContext).seo.breadcrumbs(pathname)),
    loadProductsByIds(context.get(apiContext), [...lists.favorites].reverse()),
  ]);
  return { breadcrumbs, products, lists };
}

function FavoritesList({ products }: { products: Route.ComponentProps['loaderData']['products'] }) {
  const ids = useProductList('favorites');
  const toggle = useToggleProduct();
  const shown = products.filter((p) => ids.includes(p.id));
  const head = (
    <div className="listing-head">
      <h1>Избранное</h1>
      <p className="listing-count" role="status">
        {shown.length > 0 ? productsText(shown.length) : null}
      </p>
    </div>
  );
  if (shown.length === 0) {
    return (
      <>
        {head}
        <div className="empty-state">
          <h2>В избранном пока пусто</h2>
          <p className="muted">Нажмите на сердечко у товара, чтобы не потерять его и вернуться к нему позже.</p>
          <AppLink to="/catalog" className="button button-primary">
            Перейти в каталог
          </AppLink>
        </div>
      </>
    );
  }
  return (
    <>
      {head}
      <ul className="product-grid product-grid--tile">
        {shown.map((p, i) => (
          <li key={p.id} className="removable">
            <ProductCard product={p} priority={i < 4} />
            <button
              type="button"
              className="link-button remove-button"
              aria-label={`Удалить из избранного: ${p.name}`}
              onClick={() => toggle('favorites', p.id)}
            >
              Удалить из избранного
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  return (
    <ProductListsProvider lists={loaderData.lists}>
      <main className="container page" id="main">
        <Breadcrumbs items={loaderData.breadcrumbs} />
        <FavoritesList products={loaderData.products} />
      </main>
    </ProductListsProvider>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
