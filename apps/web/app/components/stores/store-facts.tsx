// The facts a store's card on /shops and its own page draw alike: its metro stations and whether it
// is open now.
import type { OpenState } from '@store/domain';
import type { Store } from '@store/api-client';

/** The metro stations near the store, each with its line's colour; nothing without stations. */
export function StoreStations({ stations }: { stations: Store['stations'] }) {
  if (!stations || stations.length === 0) return null;
  return (
    <p className="shop-metro">
      {stations.map((s) => (
        <span key={s.name}>
          <span className="metro-dot" style={{ background: s.color }} aria-hidden="true" />
          м. {s.name}
        </span>
      ))}
    </p>
  );
}

/** «Открыто до 22:00» in green, «Закрыто, откроется в 10:00» in red. */
export function StoreOpenState({ open }: { open: OpenState }) {
  return <span className={open.open ? 'shop-open' : 'shop-closed'}>{open.text}</span>;
}
