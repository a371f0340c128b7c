// Issue 15's «Done when», walked end to end through the API: a customer earns bonuses on an order staff
// complete (POST /api/ops/orders/{id}/complete), cannot spend them until the return window has passed,
// then spends them and a gift certificate bought at the acquirer on the next order, pays the rest by card,
// cancels it and gets both back; every step is in the bonus history, and nothing spends the same bonus or
// certificate twice.
//
// Time: the accrual's dates come from the moment of completion (decision 0026), and the balance is read
// against the real clock. The test lets the return window pass by moving that moment back 15 days: the
// order's «Выполнен» status row and its accrual entries' posting, available-from and expiry dates.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accrualFor, GIFT_CERTIFICATE_MESSAGES, LOYALTY_MESSAGES, LOYALTY_RULES } from '@store/domain';
import type { Order } from '../schemas/orders.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { payByCard } from '../test/card-payment.ts';
import { operatorSession, sellableProduct } from '../test/products.ts';
import { TestSession } from '../test/session.ts';
import { setStock } from '../test/stock.ts';

let h: Harness;
let moscow: number;
let multicenter: number;
let operator: TestSession;
let product: { id: number; price: number; path: number[] };

beforeAll(async () => {
  h = await createHarness();
  [{ id: moscow }] = (await h.handle.query<{ id: number }>(`select id from cities where alias = 'moskva'`)) as [
    { id: number },
  ];
  [{ id: multicenter }] = (await h.handle.query<{ id: number }>(
    'select id from stores where city_id = $1 and type = 1 and status = 1 order by id limit 1',
    [moscow],
  )) as [{ id: number }];
  product = await sellableProduct(h.handle, { price: [2000000, 9000000], section: 200 });
  await setStock(h.handle, product.id, [{ storeId: multicenter, qty: 50 }]);
  operator = await operatorSession(h, '10.31.0.99');
});
afterAll(() => h.close());

type Balance = { total: number; available: number; blocked: number; pending: number };
type Action = { order: number | null; title: string; amount: number };
type Errors = { errors: Record<string, string[]> };
let seq = 0;

/** One unit of the product into the basket and create-order for it, picked up at a multicenter. */
async function order(
  s: TestSession,
  { bonuses, certificates, paymentType = 1 }: { bonuses?: number; certificates?: string[]; paymentType?: number },
) {
  const added = await s.call<{ items: { id: number; product_id: number; qty: number }[] }>(
    'POST',
    '/api/basket/add-item',
    { product_id: product.id, qty: 1 },
  );
  expect(added.status).toBe(200);
  const line = added.body.items.find((i) => i.product_id === product.id)!;
  expect(line.qty).toBe(1);
  return s.call<Order & Errors>('POST', `/api/create-order?city_id=${moscow}`, {
    idempotency_key: `loyalty-journey-${Date.now()}-${++seq}`,
    line_ids: [line.id],
    contacts: { contact_name: 'Ольга', mobile_phone: '+7 (916) 731-00-01', email: 'olga.journey@example.ru' },
    delivery: { delivery_type: 1, store_id: multicenter },
    payment_type: paymentType,
    ...(bonuses === undefined ? {} : { bonuses }),
    ...(certificates === undefined ? {} : { gift_certificates: certificates }),
  });
}

/** A certificate of 1 000 ₽ bought by a guest and paid at the sandbox acquirer; answers its e-mailed code. */
async function boughtCertificate(nominal: number): Promise<string> {
  const buyer = new TestSession(h, '10.31.0.50');
  const recipient = `journey-${randomBytes(4).toString('hex')}@example.ru`;
  const made = await buyer.call<Order>('POST', '/api/v2/gift-certificates/order', {
    nominal,
    payment_type: 17,
    contact_name: 'Мария',
    mobile_phone: '+7 916 731-00-02',
    email: 'maria.journey@example.ru',
    recipient_email: recipient,
    recipient_name: 'Ольга',
    idempotency_key: `journey-certificate-${++seq}`,
  });
  expect(made.status).toBe(201);
  await payByCard(h, buyer, made.body.id);
  const [mail] = await h.handle.query<{ body: string }>(
    `select body from notification_outbox where recipient = $1 and template = 'gift-certificate'`,
    [recipient],
  );
  return /Код сертификата: (X[0-9A-Z-]{18})/.exec(mail!.body)![1]!;
}

const balanceOf = async (s: TestSession) => (await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body;
const historyOf = async (s: TestSession) =>
  (await s.call<Action[]>('GET', '/api/v2/users/bonuses/history?per_page=50')).body;
const certificateOf = async (s: TestSession, code: string) =>
  (
    await s.call<{ balance: number; state: string }>(
      'GET',
      `/api/v2/gift-certificates/balance?code=${encodeURIComponent(code)}`,
    )
  ).body;

/** Another browser of the same card: a guest session holding the customer's loyaltyCard cookie. */
function sameCard(s: TestSession, ip: string) {
  const other = new TestSession(h, ip);
  other.cookies.set('loyaltyCard', s.cookies.get('loyaltyCard')!);
  return other;
}

const dayMonth = (d: Date) =>
  new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', timeZone: 'Europe/Moscow' }).format(d);

describe('«Done when» of issue 15', () => {
  it('earns on a completed order, spends the bonuses and a certificate on the next, cancels it and gets both back', async () => {
    const s = new TestSession(h, '10.31.1.1');
    await s.register('+7 916 731-00-01');
    const joined = await s.call<{ card_id: string }>('POST', '/api/v2/plus-card/add', {});
    expect(joined.status).toBe(201);

    // 1. An order paid on receipt; staff complete it, so its accrual starts the return window.
    const first = await order(s, {});
    expect(first.status).toBe(201);
    const line = first.body.basket.find((l) => l.product_id === product.id)!;
    const earned = accrualFor({ categoryPath: product.path, paidKopecks: line.final_price * line.qty });
    expect(earned).toBeGreaterThan(0);
    const completedAt = Date.now();
    const done = await operator.call<{ accrued: number; status: string }>(
      'POST',
      `/api/ops/orders/${first.body.id}/complete`,
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'F', accrued: earned });
    // A replayed completion posts nothing more (one accrual per order line).
    expect(
      (await operator.call<{ accrued: number }>('POST', `/api/ops/orders/${first.body.id}/complete`)).body,
    ).toMatchObject({ accrued: 0 });
    expect(await balanceOf(s)).toMatchObject({ total: 0, available: 0, blocked: 0, pending: earned });
    const usableFrom = dayMonth(new Date(completedAt + LOYALTY_RULES.availableAfterDays * 86_400_000));
    expect((await historyOf(s))[0]).toMatchObject({
      order: first.body.id,
      title: `Начисление за заказ №${first.body.id}, станут доступны ${usableFrom}`,
      amount: earned,
    });

    // 2. Within the return window the accrual cannot pay.
    const early = await order(sameCard(s, '10.31.1.2'), { bonuses: earned, paymentType: 17 });
    expect(early.status).toBe(422);
    expect(early.body.errors.bonuses).toEqual([LOYALTY_MESSAGES.notEnough]);

    // 3. The return window passes (see the top of the file).
    await h.handle.query(
      `update loyalty_entries set created_at = created_at - interval '15 days',
              available_from = available_from - interval '15 days', expires_at = expires_at - interval '15 days'
        where order_id = $1`,
      [first.body.id],
    );
    await h.handle.query(
      `update order_status_history set at = at - interval '15 days' where order_id = $1 and status_id = 'F'`,
      [first.body.id],
    );
    expect(await balanceOf(s)).toMatchObject({ total: earned, available: earned, blocked: 0, pending: 0 });
    expect((await historyOf(s))[0]!.title).toBe(`Начисление за заказ №${first.body.id}`);

    // 4. The next order spends all of them and a certificate of 1 000 ₽; the card pays the rest online.
    const nominal = 100_000;
    const code = await boughtCertificate(nominal);
    expect(await certificateOf(s, code)).toMatchObject({ balance: nominal, state: 'active' });
    const second = await order(s, { bonuses: earned, certificates: [code], paymentType: 17 });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const total = product.price - earned * 100;
    expect(second.body).toMatchObject({
      total_sum: total,
      sum_prepaid: nominal,
      waiting_sum: total - nominal,
      bonuses_spent: earned,
      gift_certificates: [{ code_tail: code.slice(-4), amount: nominal, returned: false }],
    });
    expect(await balanceOf(s)).toMatchObject({ total: earned, available: 0, blocked: earned });
    expect(await certificateOf(s, code)).toMatchObject({ balance: 0 });
    expect((await historyOf(s))[0]).toMatchObject({
      title: `Заблокировано для оплаты заказа №${second.body.id}`,
      amount: -earned,
    });

    // Nothing spends them twice: not the same card in another browser, not the same certificate.
    const again = sameCard(s, '10.31.1.3');
    const twiceBonuses = await order(again, { bonuses: 1 });
    expect(twiceBonuses.status).toBe(422);
    expect(twiceBonuses.body.errors.bonuses).toEqual([LOYALTY_MESSAGES.notEnough]);
    const twiceCertificate = await order(new TestSession(h, '10.31.1.4'), { certificates: [code], paymentType: 17 });
    expect(twiceCertificate.status).toBe(422);
    expect(twiceCertificate.body.errors.gift_certificates![0]).toContain(GIFT_CERTIFICATE_MESSAGES.spent);

    // 5. Paid by card: the acquirer takes the rest; the hold becomes a write-off.
    const payment = await payByCard(h, s, second.body.id);
    expect(payment.amount).toBe(total - nominal);
    expect(await balanceOf(s)).toMatchObject({ total: 0, available: 0, blocked: 0, pending: 0 });
    expect((await historyOf(s))[0]!.title).toBe(`Оплата заказа №${second.body.id}`);

    // 6. Cancelled: the bonuses come back usable at once, the certificate gets its money back.
    const cancelled = await s.call<Order>('POST', `/api/v3/customer/orders/${second.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.gift_certificates).toEqual([{ code_tail: code.slice(-4), amount: nominal, returned: true }]);
    expect(await balanceOf(s)).toMatchObject({ total: earned, available: earned, blocked: 0, pending: 0 });
    expect(await certificateOf(s, code)).toMatchObject({ balance: nominal, state: 'active' });

    // Every step in the history, newest first; a second cancel changes nothing.
    const steps = [
      { order: second.body.id, title: 'Возврат списанных бонусов', amount: earned },
      { order: second.body.id, title: `Оплата заказа №${second.body.id}`, amount: -earned },
      { order: first.body.id, title: `Начисление за заказ №${first.body.id}`, amount: earned },
    ];
    expect(await historyOf(s)).toMatchObject(steps);
    expect((await s.call('POST', `/api/v3/customer/orders/${second.body.id}/cancel`)).status).toBe(200);
    expect(await historyOf(s)).toMatchObject(steps);
    expect(await historyOf(s)).toHaveLength(3);
    expect(await balanceOf(s)).toMatchObject({ available: earned });
    expect(await certificateOf(s, code)).toMatchObject({ balance: nominal });
  });
});
