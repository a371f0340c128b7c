// The ways to receive goods in a city (/delivery), one card each, with the cost, when, hours, pickup
// networks and the payments the way takes: what checkout offers there (lib/delivery-terms.ts words it).
import type { DeliveryTerm, PaymentTerm } from '@store/api-client';
import { formatCount, PLURAL } from '@store/domain';
import { wayCostText, wayWhenText } from '../../lib/delivery-terms.ts';

const STORE_FORMS = ['магазин', 'магазина', 'магазинов'] as const;

export function DeliveryWayCard({ way, payments }: { way: DeliveryTerm; payments: PaymentTerm[] }) {
  const takes = payments.filter((p) => way.payment_type_ids.includes(p.id));
  const stores = way.networks.reduce((n, net) => n + net.stores, 0);
  // «Пункт выдачи СДЭК», «Постамат 5Post»: a network's brand tells same-named ways apart.
  const brand = way.networks.length === 1 ? way.networks[0]!.brand : null;
  const title = brand && way.group === 'pickup-point' && brand !== way.name ? `${way.name} ${brand}` : way.name;
  const tabs = [...new Set(takes.map((p) => p.tab_label))];
  return (
    <article className="dl-way" aria-labelledby={`way-${way.delivery_type_id}`} data-way={way.delivery_type_id}>
      <h3 id={`way-${way.delivery_type_id}`}>{title}</h3>
      <dl className="dl-facts">
        <div>
          <dt>Стоимость</dt>
          <dd>{wayCostText(way)}</dd>
        </div>
        <div>
          <dt>Когда</dt>
          <dd>{wayWhenText(way)}</dd>
        </div>
        {way.hours ? (
          <div>
            <dt>{way.delivery_purpose === 'pickup' ? 'Выдача' : 'Часы'}</dt>
            <dd>{way.hours}</dd>
          </div>
        ) : null}
        {way.intervals.length > 0 ? (
          <div>
            <dt>Интервалы</dt>
            <dd>{way.intervals.join(', ')}</dd>
          </div>
        ) : null}
        {way.networks.length > 0 ? (
          <div>
            <dt>Где</dt>
            <dd>
              {way.networks.length === 1
                ? formatCount(stores, way.group === 'multicenter' ? STORE_FORMS : PLURAL.pickupPoint)
                : way.networks.map((n) => `${n.brand}: ${n.stores}`).join(', ')}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Оплата</dt>
          <dd>
            {way.prepaid
              ? 'онлайн при оформлении'
              : tabs
                  .join(', ')
                  .toLowerCase()
                  .replace(/^./, (c) => c.toUpperCase())}
          </dd>
        </div>
      </dl>
    </article>
  );
}
