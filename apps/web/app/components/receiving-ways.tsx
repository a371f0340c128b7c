// «Способы получения»: courier, express, multicenter pickup, pickup points and lockers for the
// product in the tab's city, with when and for how much (SPEC §4 Delivery time text, Express courier).
import type { ReceivingWay, WayKind } from '../lib/availability.ts';
import { Icon, type IconName } from './icons.tsx';

const WAY_ICONS: Record<WayKind, IconName> = {
  multicenter: 'home',
  express: 'clock',
  courier: 'basket',
  'pickup-point': 'pin',
  postbox: 'catalog',
  'seller-courier': 'basket',
  'seller-pickup': 'pin',
};

export function ReceivingWays({ ways }: { ways: ReceivingWay[] }) {
  return (
    <ul className="pp-ways" aria-label="Способы получения">
      {ways.map((way) => (
        <li key={way.kind} className={`pp-way pp-way--${way.kind}`}>
          <span className="pp-way-icon" aria-hidden="true">
            <Icon name={WAY_ICONS[way.kind]} size={22} />
          </span>
          <div className="pp-way-main">
            <p className="pp-way-title">{way.title}</p>
            {way.note ? <p className="pp-way-note">{way.note}</p> : null}
          </div>
          <p className="pp-way-when">{way.when}</p>
          <p className={way.cost === 'бесплатно' ? 'pp-way-cost is-free' : 'pp-way-cost'}>{way.cost}</p>
        </li>
      ))}
    </ul>
  );
}
