// The account menu of SPEC §2 with its counts (favourites, comparison, the customer's reviews).
import { NavLink } from 'react-router';

export interface AccountMenuCounts {
  favorites: number;
  compare: number;
  reviews: number;
  orders: number;
  /** Available «Мультионы» bonuses; null without a card. */
  bonuses?: number | null;
}

const ITEMS = [
  { label: 'Главная', to: '/account', end: true },
  { label: 'Мои данные', to: '/account/profile' },
  { label: 'Мультионы', to: '/account/loyalty', count: 'bonuses' },
  { label: 'Мои заказы', to: '/account/orders', count: 'orders' },
  { label: 'Ремонт', to: '/account/repair' },
  { label: 'Выкуп', to: '/account/buyback' },
  { label: 'Настройка рассылок', to: '/account/mailings' },
  { label: 'Вопросы и ответы', to: '/account/faq' },
  { label: 'Избранное', to: '/favorite-products', count: 'favorites' },
  { label: 'Сравнение', to: '/compare', count: 'compare' },
  { label: 'Отзывы', to: '/account/reviews', count: 'reviews' },
] as const;

export function AccountMenu({ counts }: { counts: AccountMenuCounts }) {
  return (
    <nav className="account-menu" aria-label="Личный кабинет">
      <ul>
        {ITEMS.map((item) => {
          const count = 'count' in item ? (counts[item.count] ?? null) : null;
          return (
            <li key={item.to}>
              <NavLink to={item.to} end={'end' in item ? item.end : false} prefetch="intent">
                <span>{item.label}</span>
                {count !== null ? (
                  <span className="account-menu-count" aria-label={`${item.label}: ${count}`}>
                    {count}
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
      <form method="post" action="/user/logout" className="account-logout">
        <button type="submit" className="link-button">
          Выйти
        </button>
      </form>
    </nav>
  );
}
