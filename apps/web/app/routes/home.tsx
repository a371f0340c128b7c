import type { Route } from './+types/home';
import { CategoryTiles } from '../components/category-tiles.tsx';
import { BrandsStrip, MainSlider, ProductOfDay, ProductRow, ServiceTiles } from '../components/home-blocks.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { loadHomePage } from '../lib/home.server.ts';
import { seoMeta } from '../lib/meta.ts';
import { ProductListsProvider } from '../lib/product-lists.tsx';
import { useShell } from '../lib/shell.ts';
import catalogStyles from '../styles/catalog.css?url';
import { cardIconsPreload } from '../lib/product-card.ts';
import contentStyles from '../styles/content.css?url';
import { HomeContentBlocks } from '../components/content/home-content.tsx';
import { HydrateLater } from '../components/hydrate-later.tsx';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'stylesheet', href: contentStyles },
  cardIconsPreload,
];

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, 'Мультицентр — интернет-магазин электроники и бытовой техники');

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadHomePage(request, context.get(apiContext));
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const shell = useShell();
  const { main, categories, now } = loaderData;
  return (
    <ProductListsProvider lists={loaderData.lists}>
      <main className="container page home" id="main">
        <h1 className="visually-hidden">
          Мультицентр — электроника и бытовая техника{shell ? ` в городе ${shell.city.name}` : ''}
        </h1>
        <div className={main.productOfDay ? 'home-hero' : 'home-hero home-hero--wide'}>
          <MainSlider slides={main.mainSlider} />
          {main.productOfDay ? <ProductOfDay offer={main.productOfDay} serverNow={now} /> : null}
        </div>
        <HydrateLater>
          <section className="home-section" aria-labelledby="home-categories">
            <h2 id="home-categories">Каталог товаров</h2>
            <CategoryTiles categories={categories} />
          </section>
          <HomeContentBlocks content={loaderData.content} />
          <BrandsStrip brands={main.brands} />
          <ProductRow
            id="home-recommendations"
            title="Рекомендуем"
            products={loaderData.recommendations.products}
            moreIds={loaderData.recommendations.moreIds}
          />
          {loaderData.blocks.map((block) => (
            <ProductRow
              key={block.code}
              id={`home-block-${block.code}`}
              title={block.title}
              link={{ to: block.url, text: 'Смотреть все' }}
              products={block.products}
              moreIds={block.moreIds}
            />
          ))}
          <ServiceTiles services={main.services} />
        </HydrateLater>
      </main>
    </ProductListsProvider>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
