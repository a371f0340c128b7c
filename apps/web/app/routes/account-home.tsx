// /account, Главная: a summary with links to the sections.
import { formatPhone } from '@store/domain';
import { AppLink } from '../components/app-link.tsx';
import { useAccount } from './account.tsx';

export default function AccountHome() {
  const { profile, counts } = useAccount();
  return (
    <>
      <h1>Личный кабинет</h1>
      <div className="account-tiles">
        <AppLink to="/account/profile" className="account-tile">
          <strong>Мои данные</strong>
          <span className="muted">{formatPhone(profile.phone)}</span>
          <span className="muted">{profile.email ?? profile.new_email ?? 'E-mail не указан'}</span>
        </AppLink>
        <AppLink to="/account/orders" className="account-tile">
          <strong>Мои заказы</strong>
          <span className="muted">Статусы, оплата и отмена</span>
        </AppLink>
        <AppLink to="/favorite-products" className="account-tile">
          <strong>Избранное</strong>
          <span className="muted">Товаров: {counts.favorites}</span>
        </AppLink>
        <AppLink to="/compare" className="account-tile">
          <strong>Сравнение</strong>
          <span className="muted">Товаров: {counts.compare}</span>
        </AppLink>
        <AppLink to="/account/mailings" className="account-tile">
          <strong>Настройка рассылок</strong>
          <span className="muted">{profile.subscribe_types.length > 0 ? 'Подписки включены' : 'Подписок нет'}</span>
        </AppLink>
        <AppLink to="/account/profile#addresses" className="account-tile">
          <strong>Адреса доставки</strong>
          <span className="muted">Сохранено: {profile.counts.addresses}</span>
        </AppLink>
      </div>
    </>
  );
}
