// /account/mailings, Настройка рассылок (SPEC §2, §7): the newsletters and the product
// subscriptions (price and availability news), each a form that works without JavaScript.
import { Form, data, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/account-mailings';
import { AppLink } from '../components/app-link.tsx';
import { FormMessage } from '../components/form-fields.tsx';
import { NO_STORE, apiFormErrors, formText } from '../lib/auth.server.ts';
import { useAccount } from './account.tsx';
import { readForm } from '../lib/form.server.ts';
import { apiContext } from '../context.ts';

const TYPES = [
  { id: 'email-news', label: 'Новинки и новости магазина по e-mail' },
  { id: 'email-promo', label: 'Акции и скидки по e-mail' },
  { id: 'sms-promo', label: 'Акции и скидки по SMS' },
  { id: 'order-status', label: 'Статусы заказов по SMS' },
] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const profile = await context.get(apiContext).account.profile();
  const ids = profile.subscribe_product_ids;
  const products = ids.length > 0 ? await context.get(apiContext).products.byIds(ids.slice(0, 20)) : [];
  return data({ products: products.map((p) => ({ id: p.id, name: p.name, url: p.url })) }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    if (formText(form, 'intent') === 'unsubscribe') {
      await context.get(apiContext).account.unsubscribeProduct(Number(formText(form, 'product_id')));
      return data({ ok: 'Подписка на товар отменена.', message: null as string | null }, { headers: NO_STORE });
    }
    const types = form.getAll('subscribe_types').filter((v): v is string => typeof v === 'string');
    await context.get(apiContext).account.setSubscriptions(types);
    return data({ ok: 'Настройки рассылок сохранены.', message: null as string | null }, { headers: NO_STORE });
  } catch (error) {
    const failure = apiFormErrors(error);
    if (!failure) throw error;
    return data({ ok: null as string | null, message: failure.message }, { status: 422, headers: NO_STORE });
  }
}

export default function AccountMailings() {
  const { profile } = useAccount();
  const { products } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>Настройка рассылок</h1>
      <Form method="post" className="account-form">
        <fieldset className="check-list">
          <legend>Получать</legend>
          {TYPES.map((t) => (
            <div key={t.id} className="form-check">
              <input
                type="checkbox"
                id={`sub-${t.id}`}
                name="subscribe_types"
                value={t.id}
                defaultChecked={profile.subscribe_types.includes(t.id)}
              />
              <label htmlFor={`sub-${t.id}`}>{t.label}</label>
            </div>
          ))}
        </fieldset>
        <FormMessage message={result?.ok} tone="ok" />
        <FormMessage message={result?.message} />
        <button type="submit" className="button button-primary">
          Сохранить
        </button>
      </Form>
      <section className="account-section" aria-labelledby="product-subs">
        <h2 id="product-subs">Подписки на товары</h2>
        {products.length === 0 ? (
          <p className="muted">
            Вы не подписаны на товары. Подпишитесь на странице товара, чтобы узнать о снижении цены.
          </p>
        ) : (
          <ul className="address-list">
            {products.map((p) => (
              <li key={p.id} className="address-item">
                <AppLink to={p.url}>{p.name}</AppLink>
                <Form method="post">
                  <input type="hidden" name="intent" value="unsubscribe" />
                  <input type="hidden" name="product_id" value={p.id} />
                  <button type="submit" className="link-button" aria-label={`Отписаться: ${p.name}`}>
                    Отписаться
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
