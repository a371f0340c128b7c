import { NavLink } from 'react-router';
import { useBasketCount } from '../lib/basket.ts';
import { Icon, type IconName } from './icons.tsx';

const TABS: { to: string; icon: IconName; label: string; end?: boolean }[] = [
  { to: '/', icon: 'home', label: 'Главная', end: true },
  { to: '/catalog', icon: 'catalog', label: 'Каталог' },
  { to: '/cart', icon: 'basket', label: 'Корзина' },
  { to: '/favorite-products', icon: 'heart', label: 'Избранное' },
  { to: '/account', icon: 'user', label: 'Профиль' },
];

/** `basketCount` is the server's figure; the browser draws the live one from the basket_count cookie. */
export function MobileTabBar({ basketCount: serverCount }: { basketCount: number }) {
  const basketCount = useBasketCount(serverCount);
  return (
    <nav className="mobile-tab-bar" aria-label="Разделы">
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end ?? false}>
          <span className="header-action-icon">
            <Icon name={tab.icon} size={22} />
            {tab.to === '/cart' && basketCount > 0 ? (
              <span className="badge" aria-hidden="true">
                {basketCount}
              </span>
            ) : null}
          </span>
          <span>{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
