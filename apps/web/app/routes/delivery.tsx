// /delivery, «Доставка и самовывоз» (SPEC §2): the ways to receive goods in the visitor's city, as
// checkout offers them there (GET /v2/delivery/terms computes them with /variations_orders' rule):
// costs and the free threshold, the express courier's area and hours (or that the city has none),
// pickup networks, the seller's own deliveries. The city switch is a GET form (works without JS).
// Cached per city like every information page (decision 0019).
import type { Route } from './+types/delivery';
import { formatPrice } from '@store/domain';
import { AppLink } from '../components/app-link.tsx';
import { DeliveryHead } from '../components/delivery/delivery-head.tsx';
import { DeliveryWayCard } from '../components/delivery/delivery-ways.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { loadDeliveryPage } from '../lib/delivery-terms.server.ts';
import { sortWays } from '../lib/delivery-terms.ts';
import { seoMeta } from '../lib/meta.ts';
import styles from '../styles/info.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, 'Доставка и самовывоз — Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadDeliveryPage(request, context.get(apiContext));
}

export default function DeliveryPage({ loaderData }: Route.ComponentProps) {
  const { terms } = loaderData;
  const own = sortWays(terms.ways.filter((w) => !w.seller));
  const seller = sortWays(terms.ways.filter((w) => w.seller));
  const courier = own.find((w) => w.group === 'courier' && w.free_from !== null);
  const points = own.filter((w) => w.group === 'pickup-point' && w.free_from !== null);
  return (
    <main className="container page info-page" id="main">
      <DeliveryHead path="/delivery" title="Доставка и самовывоз" data={loaderData} />
      <ul className="dl-highlights">
        {courier?.free_from ? (
          <li>
            <strong>Курьер бесплатно</strong> от {formatPrice(courier.free_from)}
          </li>
        ) : null}
        {points.length > 0 ? (
          <li>
            <strong>Пункты выдачи бесплатно</strong> от {formatPrice(Math.min(...points.map((w) => w.free_from!)))}
          </li>
        ) : null}
        <li>
          <strong>Самовывоз</strong> из Мультицентров бесплатно
        </li>
        {terms.express ? (
          <li>
            <strong>Экспресс</strong> от {terms.express.minutes} мин. {terms.express.area}
          </li>
        ) : null}
      </ul>
      {terms.express ? (
        <section className="dl-express" aria-labelledby="dl-express-title">
          <h2 id="dl-express-title">Экспресс-доставка</h2>
          <p>
            Курьер привезёт заказ от {terms.express.minutes} минут {terms.express.area}: заказы принимаются{' '}
            {terms.express.hours}, стоимость {formatPrice(terms.express.cost)}, оплата онлайн при оформлении. Только для
            товаров, которые есть в магазинах города.
          </p>
        </section>
      ) : (
        <p className="dl-note" role="note">
          Экспресс-доставки {terms.city.in_city} нет: закажите курьером на следующий день или заберите заказ в
          Мультицентре.
        </p>
      )}
      <section aria-labelledby="dl-ways-title">
        <h2 id="dl-ways-title">Способы получения</h2>
        <div className="dl-ways">
          {own.map((way) => (
            <DeliveryWayCard key={way.delivery_type_id} way={way} payments={terms.payments} />
          ))}
        </div>
        <p className="muted dl-footnote">
          Сроки — для товаров в наличии {terms.city.in_city}. Товары под заказ и из других городов приезжают позже:
          точную дату покажем при оформлении.
        </p>
      </section>
      {seller.length > 0 ? (
        <section aria-labelledby="dl-seller-title">
          <h2 id="dl-seller-title">Товары продавцов маркетплейса</h2>
          <p className="muted">Их доставляет сам продавец; заказ оплачивается онлайн.</p>
          <div className="dl-ways">
            {seller.map((way) => (
              <DeliveryWayCard key={way.delivery_type_id} way={way} payments={terms.payments} />
            ))}
          </div>
        </section>
      ) : null}
      <p className="info-more">
        <AppLink to="/delivery/pay">Способы оплаты {terms.city.in_city} →</AppLink>
      </p>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
