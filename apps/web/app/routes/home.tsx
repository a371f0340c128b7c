import { Await } from 'react-router';
import { Suspense } from 'react';
import type { Route } from './+types/home';
import { AppLink } from '../components/app-link.tsx';
import { CategoryTiles } from '../components/category-tiles.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { seoMeta } from '../lib/meta.ts';
import { useShell } from '../lib/shell.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, 'Мультицентр — интернет-магазин электроники и бытовой техники');

export async function loader({ context }: Route.LoaderArgs) {
  // Above the fold: the slider and the category tiles. Services stream in later and never break the page.
  const [slides, categories] = await Promise.all([
    context.api.banners.byType('main-slider'),
    context.api.categories.topLevel(),
  ]);
  const services = context.api.banners.byType('home-services').catch(() => []);
  return { slides: slides.map((s) => s.banner), categories, services };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const shell = useShell();
  const [main, ...side] = loaderData.slides;
  return (
    <main className="container page home" id="main">
      <h1 className="visually-hidden">
        Мультицентр — электроника и бытовая техника{shell ? ` в городе ${shell.city.name}` : ''}
      </h1>
      {main ? (
        <section className="hero" aria-label="Акции">
          <AppLink
            to={main.link ?? '/special-offers'}
            className="hero-main"
            style={{ background: main.background ?? undefined }}
          >
            <img src={main.image} alt={main.image_alt} width={1200} height={400} fetchPriority="high" />
          </AppLink>
          <div className="hero-side">
            {side.slice(0, 2).map((s) => (
              <AppLink key={s.id} to={s.link ?? '/special-offers'}>
                <img src={s.image} alt={s.image_alt} width={1200} height={400} loading="lazy" />
              </AppLink>
            ))}
          </div>
        </section>
      ) : null}
      <section aria-labelledby="home-categories">
        <h2 id="home-categories">Каталог товаров</h2>
        <CategoryTiles categories={loaderData.categories} />
      </section>
      <Suspense fallback={null}>
        <Await resolve={loaderData.services} errorElement={null}>
          {(services) =>
            services.length > 0 ? (
              <section aria-labelledby="home-services">
                <h2 id="home-services">Сервисы и услуги</h2>
                <ul className="service-tiles">
                  {services.map(({ banner }) => (
                    <li key={banner.id}>
                      <AppLink to={banner.link ?? '/service'}>
                        <strong>{banner.title}</strong>
                        {banner.text ? <span className="muted">{banner.text}</span> : null}
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null
          }
        </Await>
      </Suspense>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
