// The head of /delivery and /delivery/pay: breadcrumbs, the title with the city («в Москве»), the city
// switch (a GET form back to the same page) and the Доставка / Оплата / Магазины tabs.
import type { DeliveryPageData } from '../../lib/delivery-terms.server.ts';
import { useShell } from '../../lib/shell.ts';
import { AppLink } from '../app-link.tsx';
import { Breadcrumbs } from '../breadcrumbs.tsx';
import { DeliveryCitySwitch } from './city-switch.tsx';

export function DeliveryHead({
  path,
  title,
  data: { breadcrumbs, terms, cities },
}: {
  path: '/delivery' | '/delivery/pay';
  /** The h1 when the SEO answer names none. */
  title: string;
  data: DeliveryPageData;
}) {
  const shell = useShell();
  const current = (to: string) => (to === path ? ('page' as const) : undefined);
  return (
    <>
      <Breadcrumbs items={breadcrumbs} />
      <div className="info-head">
        <h1>
          {shell?.seo?.h1 ?? title} <span className="info-city">{terms.city.in_city}</span>
        </h1>
        <DeliveryCitySwitch action={path} cities={cities} currentId={terms.city.id} />
      </div>
      <nav className="info-tabs" aria-label="Разделы">
        <AppLink to="/delivery" aria-current={current('/delivery')}>
          Доставка
        </AppLink>
        <AppLink to="/delivery/pay" aria-current={current('/delivery/pay')}>
          Оплата
        </AppLink>
        <AppLink to="/shops">Магазины</AppLink>
      </nav>
    </>
  );
}
