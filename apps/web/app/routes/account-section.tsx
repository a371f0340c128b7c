// Account sections that later issues fill (Мультионы, уведомления): the menu stays, the section says what will be here.
import { data } from 'react-router';
import type { Route } from './+types/account-section';
import { AppLink } from '../components/app-link.tsx';

const SECTIONS: Record<string, { title: string; text: string }> = {
  loyalty: { title: 'Мультионы', text: 'Баланс и история бонусов программы лояльности появятся здесь.' },
  notice: { title: 'Уведомления', text: 'Здесь будут уведомления о заказах и подписках.' },
};

export function loader({ params }: Route.LoaderArgs) {
  const key = (params['*'] ?? '').split('/')[0] ?? '';
  const section = SECTIONS[key];
  // Anything else after the section is no page.
  if (!section) throw data('Страница не найдена', { status: 404 });
  return { ...section };
}

export default function AccountSection({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>{loaderData.title}</h1>
      <p className="account-empty">{loaderData.text}</p>
      <AppLink to="/catalog" className="button">
        Перейти в каталог
      </AppLink>
    </>
  );
}
