// /sitemap, «Карта сайта»: the catalogue's categories (two levels, from the catalogue API), the
// information pages and the shops of each city, linked from the footer; sitemap.xml is its
// machine-readable twin. The same for everyone: cached per city (decision 0019).
import type { Route } from './+types/sitemap';
import { SITEMAP_INFO_PAGES } from '@store/domain';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { seoMeta } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import styles from '../styles/info.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, 'Карта сайта — Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  const api = context.get(apiContext);
  const [breadcrumbs, top, cities] = await Promise.all([
    orNotFound(api.seo.breadcrumbs(pathname)),
    api.categories.topLevel(),
    api.cities.list({ per_page: 100 }),
  ]);
  const details = await Promise.all(top.map((c) => api.categories.get(c.id)));
  const catalogue = details.map((c) => ({
    id: c.id,
    name: c.name,
    url: c.url,
    children: c.children
      .filter((child) => child.product_count > 0)
      .map((child) => ({ id: child.id, name: child.name, url: child.url })),
  }));
  // Shops by city: the link chooses the city (?city_id=, SPEC §4 City) and opens its shops.
  const shops = cities.items
    .filter((c) => c.delivery_type_ids.length > 0)
    .map((c) => ({ id: c.id, name: c.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  return { breadcrumbs, catalogue, shops };
}

export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="container page info-page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <h1>Карта сайта</h1>
      <section aria-labelledby="sitemap-info">
        <h2 id="sitemap-info">Покупателям</h2>
        <ul className="sitemap-info">
          {SITEMAP_INFO_PAGES.filter((p) => p.path !== '/sitemap').map((p) => (
            <li key={p.path}>
              <AppLink to={p.path}>{p.title}</AppLink>
            </li>
          ))}
        </ul>
      </section>
      <h2>Каталог</h2>
      <div className="sitemap-cols">
        {loaderData.catalogue.map((category) => (
          <section key={category.id} aria-labelledby={`sitemap-${category.id}`}>
            <h3 id={`sitemap-${category.id}`}>
              <AppLink to={category.url}>{category.name}</AppLink>
            </h3>
            <ul>
              {category.children.map((child) => (
                <li key={child.id}>
                  <AppLink to={child.url}>{child.name}</AppLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <section aria-labelledby="sitemap-shops">
        <h2 id="sitemap-shops">Магазины по городам</h2>
        <ul className="sitemap-info">
          {loaderData.shops.map((city) => (
            <li key={city.id}>
              <a href={`/shops?city_id=${city.id}`}>{city.name}</a>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
