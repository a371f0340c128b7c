// /likenew, «Выкуп» (SPEC §1 buyback pricing, §2 the served prefix likenew, §3 Buyback; docs/decisions/0043):
// what the store pays now for a used device — brand → model → memory → condition, each a link — and the booking
// of its hand-in at a multicenter of the shopper's city. Personal (the signed-in seller's contacts, the booking
// answer): never in the page cache.
import { data } from 'react-router';
import type { Route } from './+types/likenew';
import { formatPrice, TRADE_IN_CONDITION_LABELS } from '@store/domain';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { BuybackBookingCard } from '../components/buyback/buyback-booking-card.tsx';
import { BuybackBookingForm } from '../components/buyback/buyback-booking-form.tsx';
import { BuybackPicker } from '../components/buyback/buyback-picker.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { NO_STORE } from '../lib/auth.server.ts';
import { buybackAction, buybackLoader } from '../lib/buyback.server.ts';
import { seoMeta, withDescription } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { useShell } from '../lib/shell.ts';
import accountStyles from '../styles/account.css?url';
import buybackStyles from '../styles/buyback.css?url';
import infoStyles from '../styles/info.css?url';
import optionStyles from '../styles/option-cards.css?url';
import repairStyles from '../styles/repair.css?url';
import tradeInStyles from '../styles/trade-in.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: infoStyles },
  { rel: 'stylesheet', href: accountStyles },
  { rel: 'stylesheet', href: repairStyles },
  { rel: 'stylesheet', href: tradeInStyles },
  { rel: 'stylesheet', href: optionStyles },
  { rel: 'stylesheet', href: buybackStyles },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  withDescription(
    seoMeta(matches, 'Выкуп техники: продать старый смартфон, планшет или ноутбук — Мультицентр'),
    'Узнайте, сколько Мультицентр заплатит за ваш старый смартфон, планшет, ноутбук, часы или консоль, и запишитесь на сдачу в удобный магазин.',
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  const api = context.get(apiContext);
  const [breadcrumbs, page] = await Promise.all([
    orNotFound(api.seo.breadcrumbs(pathname)),
    buybackLoader(request, api),
  ]);
  return data({ breadcrumbs, page }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  return buybackAction(request, context.get(apiContext));
}

export function headers() {
  return NO_STORE;
}

export default function BuybackPage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useShell();
  const { page } = loaderData;
  const booked = actionData?.booked ?? null;
  const model = page.prices?.model ?? null;
  return (
    <main className="container page info-page ti-page bb-page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <h1>{shell?.seo?.h1 ?? 'Выкуп техники'}</h1>
      <p className="lead">
        Купим ваш старый смартфон, планшет, ноутбук, умные часы или игровую консоль за деньги — сразу, в Мультицентре.
        Хотите скидку на новое устройство? Это <AppLink to="/service/trade-in">Trade-in</AppLink>.
      </p>
      <div className="ti-calculator" id="buyback">
        <div className="ti-main">
          {booked ? (
            <section className="bb-done" aria-labelledby="bb-done-title">
              <h2 id="bb-done-title" className="ti-step-title">
                Вы записаны на выкуп
              </h2>
              <p role="status">Подтверждение отправили по SMS. Ждём вас в Мультицентре.</p>
              <BuybackBookingCard booking={booked} headingLevel={3} />
              <p className="bb-done-links">
                <AppLink to="/account/buyback">Мои записи на выкуп</AppLink>
                <AppLink to="/likenew">Оценить другое устройство</AppLink>
              </p>
            </section>
          ) : (
            <>
              <BuybackPicker data={page} />
              <BuybackBookingForm data={page} error={actionData && !actionData.booked ? actionData : null} />
            </>
          )}
        </div>
        <aside className="ti-summary" aria-labelledby="bb-summary-title">
          <h2 id="bb-summary-title">Вы получите</h2>
          {model && page.memory && page.condition && page.price !== null ? (
            <>
              <p className="bb-device">
                {[model.display_name, page.memory.memory].filter(Boolean).join(', ')}
                <span className="muted">Состояние: {TRADE_IN_CONDITION_LABELS[page.condition].toLowerCase()}</span>
              </p>
              <p className="bb-price">{formatPrice(page.price)}</p>
            </>
          ) : (
            <p className="muted">Выберите бренд, модель, объём памяти и состояние — покажем цену выкупа.</p>
          )}
          <ol className="ti-how">
            <li>Узнайте цену онлайн</li>
            <li>Запишитесь в удобный Мультицентр</li>
            <li>Принесите устройство и паспорт — специалист проверит его за 15 минут</li>
            <li>Получите деньги наличными или на карту</li>
          </ol>
        </aside>
      </div>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
