// One store in the shop finder's list: what it is, where, when it is open, how far, and its page.
import type { Store } from '@store/api-client';
import { storeGroupOf } from '@store/domain';
import { AppLink } from '../app-link.tsx';
import { distanceText } from '../../lib/product.ts';

const KIND: Record<string, string> = {
  multicenter: 'Мультицентр',
  parcelLocker: 'Постамат',
  pickupPoint: 'Пункт выдачи',
};

export function StoreCard({
  store,
  open,
  distance,
  selected,
  onShowOnMap,
}: {
  store: Store;
  open: { open: boolean; text: string };
  distance: number | null;
  selected: boolean;
  onShowOnMap: ((id: number) => void) | null;
}) {
  const group = storeGroupOf(store.type) ?? 'other';
  return (
    <article className={`shop-card${selected ? ' is-selected' : ''}`} aria-labelledby={`shop-${store.id}`}>
      <div className="shop-card-head">
        <span className={`shop-kind shop-kind--${group}`}>{KIND[group] ?? store.brand}</span>
        {store.brand && group !== 'multicenter' && store.brand !== KIND[group] ? (
          <span className="shop-brand">{store.brand}</span>
        ) : null}
        {distance !== null ? <span className="shop-distance">{distanceText(distance)}</span> : null}
      </div>
      <h2 id={`shop-${store.id}`} className="shop-card-title">
        <AppLink to={store.url}>{store.address}</AppLink>
      </h2>
      {store.stations && store.stations.length > 0 ? (
        <p className="shop-metro">
          {store.stations.map((s) => (
            <span key={s.name}>
              <span className="metro-dot" style={{ background: s.color }} aria-hidden="true" />
              м. {s.name}
            </span>
          ))}
        </p>
      ) : null}
      <p className="shop-hours">
        <span className={open.open ? 'shop-open' : 'shop-closed'}>{open.text}</span>
        <span className="shop-hours-line">{store.work_time_line}</span>
      </p>
      {onShowOnMap ? (
        <button type="button" className="shop-show" onClick={() => onShowOnMap(store.id)}>
          Показать на карте
        </button>
      ) : null}
    </article>
  );
}
