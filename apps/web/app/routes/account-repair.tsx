// /account/repair, «Ремонт» (issue 18, SPEC §2 account menu, §3 Repair request, §4 ticket statuses): the signed-in
// customer's repair requests, newest first, with status, cost, handover and documents; an empty list points to
// the repair wizard. Personal: never cached (the account layout and this loader send no-store).
import { data } from 'react-router';
import type { Route } from './+types/account-repair';
import { AppLink } from '../components/app-link.tsx';
import { RepairRequestCard, type RepairRequestStore } from '../components/repair/repair-request-card.tsx';
import { NO_STORE, orSignIn, withCookies } from '../lib/auth.server.ts';
import { apiContext } from '../context.ts';
import styles from '../styles/repair.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: 'Ремонт — Личный кабинет — Мультицентр' },
  { name: 'robots', content: 'noindex' },
];

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return withCookies(loaderHeaders, NO_STORE);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const requests = await orSignIn(request, api.repair.mine());
  const ids = [
    ...new Set(requests.flatMap((r) => (r.handover === 'store' && r.store_id !== null ? [r.store_id] : []))),
  ];
  const stores: Record<number, RepairRequestStore> = {};
  if (ids.length > 0) {
    const { items } = await api.stores.list({ ids, per_page: 100, expand: ['address'] });
    for (const s of items) stores[s.id] = { name: s.name, address: s.address ?? '' };
  }
  return data({ requests, stores }, { headers: NO_STORE });
}

export default function AccountRepair({ loaderData }: Route.ComponentProps) {
  const { requests, stores } = loaderData;
  return (
    <>
      <h1>Ремонт</h1>
      {requests.length === 0 ? (
        <div className="repair-requests-empty">
          <p className="account-empty">У вас пока нет заявок на ремонт.</p>
          <AppLink to="/service/repair" className="button">
            Оформить заявку на ремонт
          </AppLink>
        </div>
      ) : (
        <>
          <p className="repair-requests-intro">
            Статус заявки меняется, когда сервисный центр её рассматривает. Новая заявка —{' '}
            <AppLink to="/service/repair">в мастере ремонта</AppLink>.
          </p>
          <div className="repair-requests">
            {requests.map((r) => (
              <RepairRequestCard
                key={r.id}
                request={r}
                store={r.store_id !== null ? (stores[r.store_id] ?? null) : null}
              />
            ))}
          </div>
        </>
      )}
    </>
  );
}
