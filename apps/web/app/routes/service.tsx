// /service, «Сервисный центр и услуги»: installation and connection, set-up, extended warranty (their
// catalogue categories, with counts), repair (the wizard at /service/repair), trade-in, credit and
// the corporate fast order. The same for every visitor: cached per city (decision 0019).
import type { Route } from './+types/service';
import { PLURAL, formatCount } from '@store/domain';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { SERVICE_CARDS } from '../content/services.ts';
import { ServicePromo, type ServicePromoExample } from '../components/service/service-promo.tsx';
import { ServiceWhy } from '../components/service/service-why.tsx';
import { seoMeta } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { useShell } from '../lib/shell.ts';
import styles from '../styles/info.css?url';
import serviceStyles from '../styles/service.css?url';
import { apiContext } from '../context.ts';

/** SPEC §9: the service category. */
const SERVICE_CATEGORY_ID = 26;

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: serviceStyles },
];

/** The promo's example: a smartphone's broken screen, the repair customers ask for most. */
const PROMO_DEVICE_TYPE = 'smartphones';
const PROMO_PROBLEM = 'screen';

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, 'Услуги — Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  const api = context.get(apiContext);
  const [breadcrumbs, services, deviceTypes, centres] = await Promise.all([
    orNotFound(api.seo.breadcrumbs(pathname)),
    api.categories.get(SERVICE_CATEGORY_ID),
    api.repair.deviceTypes(),
    api.stores.serviceCenters({ per_page: 1 }),
  ]);
  const promoType = deviceTypes.find((t) => t.code === PROMO_DEVICE_TYPE);
  const promoProblem = promoType
    ? (await api.repair.typeProblems(promoType.id)).find((p) => p.code === PROMO_PROBLEM)
    : undefined;
  const promo: ServicePromoExample | null =
    promoType && promoProblem
      ? {
          problem: promoProblem.name,
          deviceType: promoType.name,
          costFrom: promoProblem.cost_from,
          discountFrom: promoProblem.discount_price_from,
        }
      : null;
  const categories = Object.fromEntries(
    services.children.map((c) => [c.id, { url: c.url, count: c.product_count }] as const),
  );
  return { breadcrumbs, categories, promo, centres: centres.totalCount };
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const shell = useShell();
  const { categories } = loaderData;
  return (
    <main className="container page info-page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <h1>{shell?.seo?.h1 ?? 'Услуги'}</h1>
      <p className="lead">
        Установим, настроим, починим и поможем купить выгоднее — в Мультицентрах и с выездом мастера.
      </p>
      <div className="svc-grid">
        {SERVICE_CARDS.map((card) => {
          const category = card.categoryId ? categories[card.categoryId] : undefined;
          const href = category?.url ?? card.href;
          if (!href) return null;
          return (
            <article key={card.key} className="svc-card" aria-labelledby={`svc-${card.key}`}>
              <h2 id={`svc-${card.key}`} className="svc-title">
                {card.title}
              </h2>
              <p>{card.text}</p>
              <ul>
                {card.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              {category ? <p className="muted">{formatCount(category.count, PLURAL.product)}</p> : null}
              <AppLink to={href} className="button button-primary">
                {card.action}
              </AppLink>
            </article>
          );
        })}
      </div>
      <ServicePromo example={loaderData.promo} />
      <ServiceWhy centres={loaderData.centres} cityName={shell?.city.name ?? null} />
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
