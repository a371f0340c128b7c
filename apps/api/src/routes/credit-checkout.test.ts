// Issue 17, credit in checkout: the bank instalment variants (20: 0-0-24 / 0-0-36 from bank-flagged
// promotions within their largest max_loan), credit online (13) and loan (48) through the bank's
// application, credit in the store (12) placed as an ordinary order; the monthly payment checkout
// shows is the one the application opens with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMonthlyPayment } from '@store/domain';
import type { Order } from '../schemas/orders.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';
import { moscowMulticenter, setStock } from '../test/stock.ts';
import type { CreditApplication } from './credit.ts';
import type { CreditCheckoutOptionsAnswer } from './credit-checkout.ts';

let h: Harness;
let moscow: number;
let multicenter: number;
beforeAll(async () => {
  h = await createHarness({ DEV_TOOLS: 'on', CREDIT_DECISION_DELAY_MS: '0' });
  ({ moscow, multicenter } = await moscowMulticenter(h.handle));
});
afterAll(async () => {
  await h.close();
});

const used = new Set<number>();
/**
 * A sellable product of one of the bank-flagged promotions (108: 0-0-24, 109: 0-0-36) priced within
 * [from, to] kopecks, in stock at the Moscow multicenter; `without` names a promotion it must lack.
 */
async function product(actionId: number, from: number, to: number, without?: number) {
  const rows = await h.handle.query<{ id: number; price: number }>(
    `select p.id, o.price from products p join product_offers o on o.product_id = p.id
       join action_products ap on ap.product_id = p.id and ap.role = 'main' and ap.action_id = $1
      where p.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and o.price between $2 and $3
        and ($4::int is null or not exists (select 1 from action_products x
              where x.product_id = p.id and x.role = 'main' and x.action_id = $4))
      order by p.id limit 50`,
    [actionId, from, to, without ?? null],
  );
  const row = rows.find((r) => !used.has(r.id));
  expect(row, `a product of action ${actionId} between ${from} and ${to}`).toBeDefined();
  used.add(row!.id);
  await setStock(h.handle, row!.id, [{ storeId: multicenter, qty: 2 }]);
  return row!;
}

let seq = 0;
/** A shopper with the product in the basket, ordering it for pickup with `payment`. */
async function order(productId: number, payment: Record<string, unknown>) {
  const s = new TestSession(h, `10.0.7.${++seq}`);
  const added = await s.call<{ items: { id: number; product_id: number }[] }>('POST', '/api/basket/add-item', {
    product_id: productId,
  });
  const line = added.body.items.find((i) => i.product_id === productId)!.id;
  const answer = await s.call<Order & { errors?: Record<string, string[]> }>(
    'POST',
    `/api/create-order?city_id=${moscow}`,
    {
      idempotency_key: `credit-checkout-${seq}-${Date.now()}-abcdef`,
      line_ids: [line],
      contacts: { contact_name: 'Анна', mobile_phone: `+7926555${String(7000 + seq).padStart(4, '0')}` },
      delivery: { delivery_type: 1, store_id: multicenter },
      ...payment,
    },
  );
  return { s, answer };
}

const options = async (productId: number, sum: number) =>
  h.json<CreditCheckoutOptionsAnswer>(`/api/v2/credit/checkout-options?product_ids=${productId}&sum=${sum}`);

const RUB = 100;

describe('GET /v2/credit/checkout-options', () => {
  it('offers 0-0-24 and 0-0-36 for a product of both promotions, each with its equal monthly part', async () => {
    const p = await product(109, 30_000 * RUB, 150_000 * RUB);
    const { status, body } = await options(p.id, p.price);
    expect(status).toBe(200);
    expect(body.instalments.map((v) => [v.label, v.months, v.action_id])).toEqual([
      ['0-0-24', 24, 108],
      ['0-0-36', 36, 109],
    ]);
    expect(body.instalments[0]!.max_loan).toBe(200_000 * RUB);
    expect(body.instalments[1]!.monthly_payment).toBe(checkoutMonthlyPayment(20, p.price, '0-0-36')!.payment);
    expect(body.monthly.map((m) => m.payment_type_id)).toEqual([12, 13, 48]);
  });

  it('offers no variant above the largest max_loan or for a product without a bank-flagged promotion', async () => {
    const p = await product(108, 3_000 * RUB, 150_000 * RUB);
    expect((await options(p.id, 200_000 * RUB + 1)).body.instalments.map((v) => v.label)).not.toContain('0-0-24');
    const [plain] = await h.handle.query<{ id: number }>(
      `select p.id from products p where p.status = 1 and not exists (select 1 from action_products ap
         join actions a on a.id = ap.action_id where ap.product_id = p.id and a.bank_flags is not null)
       order by p.id limit 1`,
    );
    expect((await options(plain!.id, 50_000 * RUB)).body.instalments).toEqual([]);
  });

  it('answers bad input with 422, never a 5xx', async () => {
    for (const query of ['', 'product_ids=1', 'sum=100', 'product_ids=x&sum=1', 'product_ids=1&sum=-5']) {
      expect((await h.call(`/api/v2/credit/checkout-options?${query}`)).status, query).toBe(422);
    }
  });
});

describe('create-order with each credit payment', () => {
  it('20 with 0-0-36: status 23, an instalment application for the total at 36 equal months', async () => {
    const p = await product(109, 30_000 * RUB, 150_000 * RUB);
    const shown = (await options(p.id, p.price)).body.instalments.find((v) => v.label === '0-0-36')!;
    const { s, answer } = await order(p.id, { payment_type: 20, instalment_label: '0-0-36' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.status.id).toBe('23');
    const app = await s.call<CreditApplication>('GET', `/api/v2/credit/applications/${answer.body.id}`);
    expect(app.body).toMatchObject({
      kind: 'instalment',
      payment_type: 20,
      amount: answer.body.total_sum,
      instalment_label: '0-0-36',
      months: 36,
      monthly_payment: shown.monthly_payment,
    });
  });

  it('20 without a label takes the first variant; a variant the basket lacks is refused, nothing reserved', async () => {
    const p = await product(108, 3_000 * RUB, 150_000 * RUB, 109);
    const refused = await order(p.id, { payment_type: 20, instalment_label: '0-0-36' });
    expect(refused.answer.status).toBe(422);
    expect(refused.answer.body.errors?.['payment_type']).toEqual([
      'Рассрочка 0-0-36 недоступна для товаров и суммы этого заказа',
    ]);
    const left = await h.handle.query<{ n: number }>(
      'select coalesce(sum(quantity), 0)::int as n from stock where product_id = $1',
      [p.id],
    );
    expect(left[0]!.n).toBe(2);
    const { s, answer } = await order(p.id, { payment_type: 20 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const app = await s.call<CreditApplication>('GET', `/api/v2/credit/applications/${answer.body.id}`);
    expect(app.body).toMatchObject({ instalment_label: '0-0-24', months: 24 });
    expect(app.body.monthly_payment).toBe(checkoutMonthlyPayment(20, answer.body.total_sum, '0-0-24')!.payment);
    // The application keeps to its variant: 36 months cannot be picked on the application page either.
    expect(app.body.terms.map((t) => t.label)).toEqual(['0-0-24']);
    const tampered = await s.call<{ errors: Record<string, string[]> }>(
      'POST',
      `/api/v2/credit/applications/${answer.body.id}`,
      { months: 36 },
    );
    expect(tampered.status).toBe(422);
    expect(tampered.body.errors['months']).toEqual(['Выберите срок из предложенных']);
  });

  it('20 for a product without a bank-flagged promotion is refused; a wrong label is a field error', async () => {
    const [plain] = await h.handle.query<{ id: number }>(
      `select p.id from products p join product_offers o on o.product_id = p.id
        where p.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
          and o.price between 1000000 and 20000000
          and not exists (select 1 from action_products ap join actions a on a.id = ap.action_id
                           where ap.product_id = p.id and a.bank_flags is not null)
        order by p.id limit 1`,
    );
    await setStock(h.handle, plain!.id, [{ storeId: multicenter, qty: 2 }]);
    const refused = await order(plain!.id, { payment_type: 20 });
    expect(refused.answer.status).toBe(422);
    expect(refused.answer.body.errors?.['payment_type']).toEqual([
      'Рассрочка от банка недоступна для товаров и суммы этого заказа',
    ]);
    const tampered = await order(plain!.id, { payment_type: 20, instalment_label: '0-0-99' });
    expect(tampered.answer.status).toBe(422);
    expect(Object.keys(tampered.answer.body.errors ?? {})).toEqual(['instalment_label']);
  });

  it.each([
    [13, 'credit'],
    [48, 'loan'],
  ])('%i: status 23 and a %s application whose monthly payment checkout showed', async (paymentType, kind) => {
    const p = await product(108, 10_000 * RUB, 120_000 * RUB);
    const shown = (await options(p.id, p.price)).body.monthly.find((m) => m.payment_type_id === paymentType)!;
    const { s, answer } = await order(p.id, { payment_type: paymentType });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.status.id).toBe('23');
    expect(answer.body.total_sum).toBe(p.price);
    const app = await s.call<CreditApplication>('GET', `/api/v2/credit/applications/${answer.body.id}`);
    expect(app.body).toMatchObject({
      kind,
      payment_type: paymentType,
      amount: answer.body.total_sum,
      months: shown.months,
      monthly_payment: shown.monthly_payment,
    });
  });

  it('12: an ordinary order to finish the credit at the chosen multicenter, no bank application', async () => {
    const p = await product(108, 10_000 * RUB, 120_000 * RUB);
    const { s, answer } = await order(p.id, { payment_type: 12 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.status.id).not.toBe('23');
    expect(answer.body.payment_required).toBe(false);
    expect(answer.body.cms_addressee).toMatchObject({ id: multicenter });
    expect((await s.call('GET', `/api/v2/credit/applications/${answer.body.id}`)).status).toBe(404);
  });
});
