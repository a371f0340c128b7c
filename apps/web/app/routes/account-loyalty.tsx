// /account/loyalty, «Мультионы» (SPEC §2 account menu, §3 Loyalty card, Bonus balance and history, §4 Loyalty
// balance and Bonus history): the card with its barcode, the total, available, blocked and pending bonuses,
// the expiring-soon warning, the notices and the history paged (?page=N). A customer without a card joins
// the programme or attaches a card by its number and the SMS code sent to the card's phone. Every form
// posts, so it all works before hydration. Personal: never cached (the account layout sends no-store).
import { Form, data, useActionData, useLoaderData, useNavigation } from 'react-router';
import { formatBonuses, LOYALTY_RULES } from '@store/domain';
import type { Route } from './+types/account-loyalty';
import { AppLink } from '../components/app-link.tsx';
import { Field, FormMessage } from '../components/form-fields.tsx';
import { CardBarcode } from '../components/loyalty/card-barcode.tsx';
import { Pagination } from '../components/pagination.tsx';
import { NO_STORE, apiFormErrors, formText, orSignIn, withCookies } from '../lib/auth.server.ts';
import { readForm } from '../lib/form.server.ts';
import { apiContext } from '../context.ts';
import styles from '../styles/loyalty.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: 'Мультионы — Личный кабинет — Мультицентр' },
  { name: 'robots', content: 'noindex' },
];

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return withCookies(actionHeaders ?? loaderHeaders, NO_STORE);
}

const PER_PAGE = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const cards = await orSignIn(request, api.loyalty.cards());
  const card = cards[0] ?? null;
  if (!card) return data({ card: null, history: null, notices: [], page: 1 }, { headers: NO_STORE });
  const requested = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const [history, notices] = await Promise.all([
    api.loyalty.history({ page, per_page: PER_PAGE }),
    api.loyalty.notifications(),
  ]);
  return data({ card, history, notices, page }, { headers: NO_STORE });
}

type ActionResult = {
  step: 'attach' | 'code' | 'done';
  cardNumber: string;
  requestId: string;
  message: string | null;
  errors: Record<string, string>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await readForm(request);
  const intent = formText(form, 'intent');
  const cardNumber = formText(form, 'card_id').replace(/\s+/g, '').slice(0, 32);
  const result = (r: Partial<ActionResult>, status = 200) =>
    data<ActionResult>(
      { step: 'attach', cardNumber, requestId: '', message: null, errors: {}, ...r },
      { status, headers: NO_STORE },
    );
  try {
    if (intent === 'join') {
      await api.loyalty.add();
      return result({ step: 'done', message: 'Добро пожаловать в «Мультионы»! Карта уже в личном кабинете.' });
    }
    if (intent === 'send-code') {
      const sent = await api.loyalty.verify({ card_id: cardNumber });
      return result({
        step: 'code',
        requestId: sent.request_id,
        message: 'Если карта с таким номером есть, на её телефон отправлен код.',
      });
    }
    if (intent === 'attach') {
      const requestId = formText(form, 'request_id').slice(0, 64);
      try {
        await api.loyalty.add({ card_id: cardNumber, code: formText(form, 'code').trim(), request_id: requestId });
      } catch (error) {
        const failure = apiFormErrors(error);
        if (!failure) throw error;
        return result({ step: 'code', requestId, message: failure.message, errors: failure.errors }, 422);
      }
      return result({ step: 'done', message: 'Карта привязана к личному кабинету.' });
    }
    return result({ message: 'Неизвестное действие' }, 400);
  } catch (error) {
    const failure = apiFormErrors(error);
    if (!failure) throw error;
    return result({ message: failure.message, errors: failure.errors }, 422);
  }
}

const dateFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});
const formatDate = (iso: string) => dateFormat.format(new Date(iso));
const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${new Intl.NumberFormat('ru-RU').format(Math.abs(n))}`;

export default function AccountLoyalty() {
  const { card, history, notices, page } = useLoaderData<typeof loader>();
  if (!card || !history) return <JoinProgramme />;
  const b = card.bonuses;
  return (
    <>
      <h1>Мультионы</h1>
      <section className="loyalty-top" aria-label="Карта и баланс">
        <div className="loyalty-card">
          <div className="loyalty-card-head">
            <span className="loyalty-card-brand">Мультионы</span>
            <span className="loyalty-card-kind">бонусная карта</span>
          </div>
          <p className="loyalty-card-balance">
            <strong>{new Intl.NumberFormat('ru-RU').format(b.available)}</strong>
            <span>доступно бонусов</span>
          </p>
          <CardBarcode ean={card.card_id} />
        </div>
        <dl className="loyalty-amounts">
          <div>
            <dt>Всего на карте</dt>
            <dd>{formatBonuses(b.total)}</dd>
          </div>
          <div>
            <dt>Доступно</dt>
            <dd>{formatBonuses(b.available)}</dd>
          </div>
          <div>
            <dt>Заблокировано</dt>
            <dd>{formatBonuses(b.blocked)}</dd>
          </div>
          <div>
            <dt>Ожидают начисления</dt>
            <dd>{formatBonuses(b.pending)}</dd>
          </div>
        </dl>
      </section>
      {b.expiring_soon ? (
        <p className="form-alert form-alert-error loyalty-expiring" role="status">
          {formatBonuses(b.expiring_soon.amount)} сгорят {formatDate(b.expiring_soon.date)}. Потратьте их на следующую
          покупку.
        </p>
      ) : null}
      {notices.filter((n) => n.type !== 'expiring').length > 0 ? (
        <ul className="loyalty-notices" aria-label="Уведомления">
          {notices
            .filter((n) => n.type !== 'expiring')
            .map((n) => (
              <li key={n.id}>{n.text}</li>
            ))}
        </ul>
      ) : null}
      <p className="muted loyalty-rules">
        1 бонус = 1 ₽. Бонусами можно оплатить до {LOYALTY_RULES.maxSharePercent} % цены товара. Начисленные бонусы
        становятся доступны через {LOYALTY_RULES.availableAfterDays} дней после получения заказа и действуют{' '}
        {LOYALTY_RULES.expireAfterDays} дней.
      </p>
      <section className="account-section" aria-labelledby="loyalty-history">
        <h2 id="loyalty-history">История операций</h2>
        {history.items.length === 0 ? (
          <p className="muted">Пока нет бонусов. Они начислятся за покупки после получения заказа.</p>
        ) : (
          <ol className="loyalty-history">
            {history.items.map((a) => (
              <li key={`${a.dateTimeUtc}-${a.title}-${a.order ?? ''}`} className="loyalty-history-row">
                <div>
                  <p className="loyalty-history-title">{a.title}</p>
                  <p className="muted">
                    {formatDate(a.dateTimeUtc)}
                    {a.order !== null ? (
                      <>
                        {' · '}
                        <AppLink to={`/account/orders/${a.order}`}>заказ №{a.order}</AppLink>
                      </>
                    ) : null}
                  </p>
                </div>
                <span className={a.amount >= 0 ? 'loyalty-plus' : 'loyalty-minus'}>{signed(a.amount)}</span>
              </li>
            ))}
          </ol>
        )}
        <Pagination
          page={page}
          pageCount={history.pageCount}
          basePath="/account/loyalty"
          search=""
          hrefFor={(p) => (p > 1 ? `/account/loyalty?page=${p}` : '/account/loyalty')}
        />
      </section>
    </>
  );
}

function JoinProgramme() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const codeStep = result?.step === 'code';
  return (
    <>
      <h1>Мультионы</h1>
      <section className="loyalty-join" aria-labelledby="loyalty-join-title">
        <h2 id="loyalty-join-title">Бонусная программа «Мультионы»</h2>
        <ul className="loyalty-benefits">
          <li>
            <strong>До 5 %</strong> бонусами за покупки
          </li>
          <li>
            <strong>1 бонус = 1 ₽</strong> при оплате следующих заказов
          </li>
          <li>
            <strong>До {LOYALTY_RULES.maxSharePercent} %</strong> цены товара можно оплатить бонусами
          </li>
        </ul>
        <Form method="post">
          <input type="hidden" name="intent" value="join" />
          <button type="submit" className="button button-primary" disabled={busy}>
            Вступить в программу
          </button>
        </Form>
        {result?.step === 'done' || (result && !codeStep && result.message && !result.cardNumber) ? (
          <FormMessage message={result.message} tone={result.step === 'done' ? 'ok' : undefined} />
        ) : null}
      </section>
      <section className="account-section" aria-labelledby="loyalty-attach-title">
        <h2 id="loyalty-attach-title">У меня уже есть карта</h2>
        <p className="muted">
          Введите номер с обратной стороны карты — пришлём код на телефон, к которому она выпущена.
        </p>
        <Form method="post" className="account-form">
          <input type="hidden" name="intent" value={codeStep ? 'attach' : 'send-code'} />
          {codeStep ? <input type="hidden" name="request_id" value={result.requestId} /> : null}
          <Field
            label="Номер карты"
            name="card_id"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            defaultValue={result?.cardNumber ?? ''}
            readOnly={codeStep}
            error={result?.errors.card_id}
          />
          {codeStep ? (
            <Field
              label="Код из SMS"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={result.errors.code}
            />
          ) : null}
          {result && result.step !== 'done' && result.cardNumber && !result.errors.code && !result.errors.card_id ? (
            <FormMessage message={result.message} tone={codeStep ? 'ok' : undefined} />
          ) : null}
          <button type="submit" className="button button-primary" disabled={busy}>
            {codeStep ? 'Привязать карту' : 'Получить код'}
          </button>
        </Form>
      </section>
    </>
  );
}
