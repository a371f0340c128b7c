// One store in the shop finder's list: what it is, where, when it is open, how far, and its page.
import type { Store } from '@store/api-client';
import { STORE_TYPE_NAMES, storeGroupOf, type OpenState } from '@store/domain';
import { AppLink } from '../app-link.tsx';
import { distanceText } from '../../lib/product.ts';
import { StoreOpenState, StoreStations } from './store-facts.tsx';

export function StoreCard({
  store,
  open,
  distance,
  selected,
  onShowOnMap,
}: {
  store: Store;
  open: OpenState;
  distance: number | null;
  selected: boolean;
  onShowOnMap: ((id: number) => void) | null;
}) {
  const group = storeGroupOf(store.type);
  const kind = group ? STORE_TYPE_NAMES[group] : undefined;
  return (
    <article className={`shop-card${selected ? ' is-selected' : ''}`} aria-labelledby={`shop-${store.id}`}>
      <div className="shop-card-head">
        <span className={`shop-kind shop-kind--${group ?? 'other'}`}>{kind ?? store.brand}</span>
        {store.brand && group !== 'multicenter' && store.brand !== kind ? (
          <span className="shop-brand">{store.brand}</span>
        ) : null}
        {distance !== null ? <span className="shop-distance">{distanceText(distance)}</span> : null}
      </div>
      <h2 id={`shop-${store.id}`} className="shop-card-title">
        <AppLink to={store.url}>{store.address}</AppLink>
      </h2>
      <StoreStations stations={store.stations} />
      <p className="shop-hours">
        <StoreOpenState open={open} />
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
