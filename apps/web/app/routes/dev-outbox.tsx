// /dev/outbox: the operators' view of the notification outbox (order confirmations, SMS codes) that
// the local e-mail and SMS adapters write. Only with DEV_TOOLS=on: otherwise the API answers 404 and
// so does this page. Not linked from the store; a GET form filters by recipient.
import { data } from 'react-router';
import type { Route } from './+types/dev-outbox';
import { isApiError } from '@store/api-client';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import styles from '../styles/orders.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: 'Исходящие сообщения — Мультицентр' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export function headers() {
  return { 'cache-control': 'no-store' };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const recipient = new URL(request.url).searchParams.get('recipient')?.trim().slice(0, 200) ?? '';
  try {
    const messages = await context.get(apiContext).dev.outbox(recipient ? { recipient, limit: 200 } : { limit: 200 });
    return { recipient, messages };
  } catch (error) {
    if (isApiError(error, 404)) throw data('Страница не найдена', { status: 404 });
    throw error;
  }
}

const time = (iso: string) => iso.replace('T', ' ').replace('Z', '');

export default function DevOutboxPage({ loaderData }: Route.ComponentProps) {
  const { recipient, messages } = loaderData;
  return (
    <main className="container page ob-page" id="main">
      <h1>Исходящие сообщения</h1>
      <form method="get" className="ob-filter" aria-label="Фильтр сообщений">
        <label htmlFor="ob-recipient">Получатель</label>
        <input
          id="ob-recipient"
          name="recipient"
          defaultValue={recipient}
          placeholder="79161234567 или почта"
          autoComplete="off"
        />
        <button type="submit" className="button button-primary">
          Показать
        </button>
        {recipient ? (
          <a href="/dev/outbox" className="ob-reset">
            Все сообщения
          </a>
        ) : null}
      </form>
      <p className="muted ob-count" aria-live="polite">
        {messages.length === 0
          ? 'Сообщений нет'
          : `Последние ${messages.length}${recipient ? ` для ${recipient}` : ''}, новые сверху (время UTC)`}
      </p>
      {messages.length > 0 ? (
        <div className="ob-scroll">
          <table className="ob-table">
            <caption className="visually-hidden">Исходящие e-mail и SMS</caption>
            <thead>
              <tr>
                <th scope="col">Время</th>
                <th scope="col">Канал</th>
                <th scope="col">Получатель</th>
                <th scope="col">Шаблон</th>
                <th scope="col">Тема</th>
                <th scope="col">Текст</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id}>
                  <td className="ob-nowrap">{time(m.created_at)}</td>
                  <td className="ob-nowrap">
                    <span className={`ob-channel ob-channel-${m.channel}`}>
                      {m.channel === 'sms' ? 'SMS' : 'E-mail'}
                    </span>
                  </td>
                  <td className="ob-nowrap">
                    <a href={`/dev/outbox?recipient=${encodeURIComponent(m.recipient)}`}>{m.recipient}</a>
                  </td>
                  <td className="ob-nowrap">{m.template}</td>
                  <td>{m.subject ?? '—'}</td>
                  <td className="ob-body">{m.body}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
