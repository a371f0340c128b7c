import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeToken } from '@store/db/seed/staff';
import { LOYALTY_MESSAGES } from '@store/domain';
import { CODE_MAX_ATTEMPTS, CODE_MESSAGES } from '../services/auth.ts';
import { LOYALTY_LIMITS } from './loyalty.ts';
import { holdOrderBonuses, reverseOrderBonuses } from '../services/loyalty.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { insertOrder } from '../test/order-fixture.ts';
import { TestSession } from '../test/session.ts';

let h: Harness;
let operator: TestSession;
beforeAll(async () => {
  h = await createHarness();
  operator = new TestSession(h, '10.20.0.99');
  const signIn = await operator.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5005) });
  expect(signIn.status).toBe(200);
});
afterAll(() => h.close());

interface Card {
  card_id: string;
  check_data: string;
  balance: number;
  bonuses: { total: number; available: number; blocked: number; pending: number };
}
interface Balance {
  total: number;
  available: number;
  blocked: number;
  pending: number;
  expiring_soon: { amount: number; date: string } | null;
}
interface Action {
  order: number | null;
  title: string;
  amount: number;
  customerBalanceChanges: { balanceChangeKind: string; changeAmount: number; comment: string | null }[];
}

/** A guest signs in to the programme by phone and code; answers the card. */
async function loyaltySignIn(s: TestSession, phone: string): Promise<Card> {
  const sent = await s.call<{ request_id: string }>('GET', `/api/v2/plus-card/verify-data?phone=${phone}`);
  expect(sent.status).toBe(200);
  const code = await s.lastCode(`7${phone.slice(-10)}`);
  const card = await s.call<Card>(
    'GET',
    `/api/v2/plus-card/validate-verify-data?phone=${phone}&code=${code}&request_id=${sent.body.request_id}`,
  );
  expect(card.status).toBe(200);
  return card.body;
}

let keySeq = 0;
const custom = (cardId: string, amount: number, comment = 'Подарок к празднику', key = `test-key-${++keySeq}`) =>
  operator.call<{ created: boolean; bonuses: Balance }>('POST', '/api/ops/loyalty/custom', {
    card_id: cardId,
    amount,
    comment,
    idempotency_key: key,
  });

const cardIdOf = async (ean: string) =>
  (await h.handle.query<{ id: number }>('select id from loyalty_cards where ean = $1', [ean]))[0]!.id;

describe('loyalty sign-in by phone and SMS code (§4 Loyalty login)', () => {
  it('sends a code, refuses a wrong one in the code field, and gives the card of the phone in the cookie', async () => {
    const s = new TestSession(h, '10.20.0.1');
    const sent = await s.call<{ request_id: string }>('GET', '/api/v2/plus-card/verify-data?phone=%2B79031110001');
    expect(sent.status).toBe(200);
    expect(sent.body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    const wrong = await s.call<{ errors: Record<string, string[]> }>(
      'GET',
      `/api/v2/plus-card/validate-verify-data?phone=79031110001&code=000000&request_id=${sent.body.request_id}`,
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual([CODE_MESSAGES.wrong]);
    const code = await s.lastCode('79031110001');
    // The right code with another request's id is wrong too.
    const foreign = await s.call(
      'GET',
      `/api/v2/plus-card/validate-verify-data?phone=79031110001&code=${code}&request_id=x`,
    );
    expect(foreign.status).toBe(422);
    const card = await s.call<Card>(
      'GET',
      `/api/v2/plus-card/validate-verify-data?phone=79031110001&code=${code}&request_id=${sent.body.request_id}`,
    );
    expect(card.status).toBe(200);
    expect(card.body.card_id).toMatch(/^2\d{12}$/);
    expect(s.cookies.get('loyaltyCard')).toBe(`${card.body.card_id}.${card.body.check_data}`);
    const amount = await s.call<Balance>('GET', '/api/v2/users/bonuses/amount');
    expect(amount.status).toBe(200);
    expect(amount.body).toMatchObject({ total: 0, available: 0, blocked: 0, pending: 0 });
    // Signing in again gives the same card, never a second one.
    const again = await loyaltySignIn(new TestSession(h, '10.20.0.2'), '79031110001');
    expect(again.card_id).toBe(card.body.card_id);
  });

  it('a phone error is in the phone field; no card and no sign-in means phone authorisation (401)', async () => {
    const s = new TestSession(h, '10.20.0.3');
    const bad = await s.call<{ errors: Record<string, string[]> }>('GET', '/api/v2/plus-card/verify-data?phone=123');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.phone?.[0]).toBeTruthy();
    expect((await s.call('GET', '/api/v2/users/bonuses/amount')).status).toBe(401);
    expect((await s.call('GET', '/api/v2/users/bonuses/history')).status).toBe(401);
    // A forged cookie is no card.
    s.cookies.set('loyaltyCard', '2000000000017.forgedforgedforged');
    expect((await s.call('GET', '/api/v2/users/bonuses/amount')).status).toBe(401);
  });

  it('limits codes per phone', async () => {
    const s = new TestSession(h, '10.20.0.4');
    for (let i = 0; i < 5; i++) {
      expect((await s.call('GET', '/api/v2/plus-card/verify-data?phone=79031110004')).status).toBe(200);
    }
    const limited = await s.call<{ message: string }>('GET', '/api/v2/plus-card/verify-data?phone=79031110004');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Слишком много попыток/);
  });

  it('a code takes five tries, then even the right one is refused; one address checks 30 codes in 15 minutes', async () => {
    const s = new TestSession(h, '10.20.0.5');
    const sent = await s.call<{ request_id: string }>('GET', '/api/v2/plus-card/verify-data?phone=79031110005');
    const code = await s.lastCode('79031110005');
    const wrong = code === '000000' ? '111111' : '000000';
    const check = (c: string) =>
      s.call<{ message: string; errors?: Record<string, string[]> }>(
        'GET',
        `/api/v2/plus-card/validate-verify-data?phone=79031110005&code=${c}&request_id=${sent.body.request_id}`,
      );
    for (let i = 1; i < CODE_MAX_ATTEMPTS; i++)
      expect((await check(wrong)).body.errors?.code).toEqual([CODE_MESSAGES.wrong]);
    expect((await check(wrong)).body.errors?.code).toEqual([CODE_MESSAGES.attempts]);
    const right = await check(code);
    expect(right.status).toBe(422);
    expect(right.body.errors?.code).toEqual([CODE_MESSAGES.attempts]);
    expect(s.cookies.has('loyaltyCard')).toBe(false);
    // Codes of other phones from the same address: the 31st check in 15 minutes is refused before it is read.
    const { max } = LOYALTY_LIMITS.checkPerIp;
    for (let checked = CODE_MAX_ATTEMPTS + 1; checked < max; checked++) {
      const phone = `7903112${String(checked).padStart(4, '0')}`;
      const r = await s.call('GET', `/api/v2/plus-card/validate-verify-data?phone=${phone}&code=123456&request_id=x`);
      expect(r.status).toBe(422);
    }
    const limited = await check(code);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Слишком много попыток/);
    // Another address is not limited by this one.
    const other = await new TestSession(h, '10.20.0.6').call(
      'GET',
      '/api/v2/plus-card/validate-verify-data?phone=79031110005&code=123456&request_id=x',
    );
    expect(other.status).toBe(422);
  });
});

describe('cards of a customer', () => {
  it('joins the programme once, lists the card and its balance', async () => {
    const s = new TestSession(h, '10.20.1.1');
    await s.register('+7 916 222-00-01');
    // §8: a bonus amount without a balance is 'No balances found'.
    const none = await s.call<{ message: string }>('GET', '/api/v2/users/bonuses/amount');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('No balances found');
    const joined = await s.call<Card>('POST', '/api/v2/plus-card/add', {});
    expect(joined.status).toBe(201);
    expect(joined.body.bonuses).toMatchObject({ total: 0, available: 0 });
    const again = await s.call<{ errors: Record<string, string[]> }>('POST', '/api/v2/plus-card/add', {});
    expect(again.status).toBe(422);
    expect(again.body.errors.card_id).toEqual(['У вас уже есть карта «Мультионы»']);
    const list = await s.call<Card[]>('GET', '/api/v2/plus-card/list');
    expect(list.body.map((c) => c.card_id)).toEqual([joined.body.card_id]);
    expect((await new TestSession(h).call('GET', '/api/v2/plus-card/list')).status).toBe(401);
  });

  it('takes over the card a guest got by the same phone', async () => {
    const guestCard = await loyaltySignIn(new TestSession(h, '10.20.1.2'), '79162220002');
    const s = new TestSession(h, '10.20.1.3');
    await s.register('+7 916 222-00-02');
    const joined = await s.call<Card>('POST', '/api/v2/plus-card/add', {});
    expect(joined.body.card_id).toBe(guestCard.card_id);
  });

  it('attaches a card by number only with the code sent to the card’s phone, and says nothing about unknown cards', async () => {
    const owner = await loyaltySignIn(new TestSession(h, '10.20.1.4'), '79162220003');
    const s = new TestSession(h, '10.20.1.5');
    await s.register('+7 916 222-00-04');
    const unknown = '2999999999991';
    const a = await s.call<{ request_id: string }>('GET', `/api/v2/plus-card/verify-data?card_id=${unknown}`);
    const b = await s.call<{ request_id: string }>('GET', `/api/v2/plus-card/verify-data?card_id=${owner.card_id}`);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const unknownTry = await s.call<{ errors: Record<string, string[]> }>('POST', '/api/v2/plus-card/add', {
      card_id: unknown,
      code: '123456',
      request_id: a.body.request_id,
    });
    const wrongTry = await s.call<{ errors: Record<string, string[]> }>('POST', '/api/v2/plus-card/add', {
      card_id: owner.card_id,
      code: '000000',
      request_id: b.body.request_id,
    });
    expect(unknownTry.status).toBe(422);
    expect(wrongTry.status).toBe(422);
    expect(unknownTry.body.errors).toEqual(wrongTry.body.errors);
    expect(wrongTry.body.errors.code).toEqual([CODE_MESSAGES.wrong]);
    // The code went to the card's phone, not to the customer's.
    const code = await s.lastCode('79162220003');
    const attached = await s.call<Card>('POST', '/api/v2/plus-card/add', {
      card_id: owner.card_id,
      code,
      request_id: b.body.request_id,
    });
    expect(attached.status).toBe(201);
    expect(attached.body.card_id).toBe(owner.card_id);
    const bad = await s.call<{ errors: Record<string, string[]> }>('POST', '/api/v2/plus-card/add', {
      card_id: '1234',
    });
    expect(bad.body.errors.card_id).toEqual(['Проверьте номер карты: 13 цифр с обратной стороны карты']);
  });

  it('never lets another customer remove or read a card', async () => {
    const a = new TestSession(h, '10.20.1.6');
    await a.register('+7 916 222-00-06');
    const card = (await a.call<Card>('POST', '/api/v2/plus-card/add', {})).body;
    const b = new TestSession(h, '10.20.1.7');
    await b.register('+7 916 222-00-07');
    const removal = await b.call('POST', '/api/v2/plus-card/remove', { card_id: card.card_id });
    expect(removal.status).toBe(404);
    const [product] = await h.handle.query<{ id: number }>(
      `select p.id from products p join categories c on c.id = p.category_id where c.path[1] = 200 and p.status = 1 limit 1`,
    );
    const limit = await b.call('POST', '/api/v2/plus-card/products-limit', {
      products: [{ product_id: product!.id, qty: 1 }],
      card_id: card.card_id,
      check_data: 'not-the-token',
    });
    expect(limit.status).toBe(404);
    // Even with the code of the card's phone, a card another customer holds is not attached.
    const sent = await b.call<{ request_id: string }>('GET', `/api/v2/plus-card/verify-data?card_id=${card.card_id}`);
    const attach = await b.call<{ errors: Record<string, string[]> }>('POST', '/api/v2/plus-card/add', {
      card_id: card.card_id,
      code: await b.lastCode('79162220006'),
      request_id: sent.body.request_id,
    });
    expect(attach.status).toBe(422);
    expect(attach.body.errors.card_id).toEqual([LOYALTY_MESSAGES.cardNotAttachable]);
    expect((await b.call<Card[]>('GET', '/api/v2/plus-card/list')).body).toEqual([]);
    expect((await a.call('POST', '/api/v2/plus-card/remove', { card_id: card.card_id })).status).toBe(200);
    expect((await a.call<Card[]>('GET', '/api/v2/plus-card/list')).body).toEqual([]);
  });
});

describe('products-limit (§4 maximum spendable)', () => {
  it('answers 30 % of each unit times the quantity and nothing for services, capped by the card', async () => {
    const [good] = await h.handle.query<{ id: number; price: number }>(
      `select p.id, min(o.price)::int as price from products p join categories c on c.id = p.category_id
         join product_offers o on o.product_id = p.id
        where c.path[1] = 200 and p.status = 1 group by p.id order by p.id limit 1`,
    );
    const [service] = await h.handle.query<{ id: number }>(
      `select p.id from products p join categories c on c.id = p.category_id where c.path[1] = 26 and p.status = 1 limit 1`,
    );
    const s = new TestSession(h, '10.20.2.1');
    const card = await loyaltySignIn(s, '79163330001');
    await custom(card.card_id, 100);
    const answer = await s.call<{
      maxAmount: number;
      available: number;
      spendable: number;
      products: { product_id: number; max_amount: number }[];
    }>('POST', '/api/v2/plus-card/products-limit', {
      products: [
        { product_id: good!.id, qty: 2 },
        { product_id: service!.id, qty: 1 },
      ],
    });
    expect(answer.status).toBe(200);
    const byProduct = new Map(answer.body.products.map((p) => [p.product_id, p.max_amount]));
    expect(byProduct.get(service!.id)).toBe(0);
    expect(byProduct.get(good!.id)! % 2).toBe(0);
    expect(byProduct.get(good!.id)).toBeGreaterThan(0);
    expect(answer.body.maxAmount).toBe(byProduct.get(good!.id));
    expect(answer.body.available).toBe(100);
    expect(answer.body.spendable).toBe(Math.min(100, answer.body.maxAmount));
  });
});

describe('the ledger', () => {
  it('posts a Custom entry once per idempotency key, refuses to go below zero, and shows it in the history', async () => {
    const s = new TestSession(h, '10.20.3.1');
    const card = await loyaltySignIn(s, '79164440001');
    const first = await custom(card.card_id, 500, 'Компенсация за задержку доставки', 'custom-once-1');
    expect(first.status).toBe(201);
    const replay = await custom(card.card_id, 500, 'Компенсация за задержку доставки', 'custom-once-1');
    expect(replay.status).toBe(200);
    expect(replay.body.created).toBe(false);
    expect(replay.body.bonuses.available).toBe(500);
    const over = await custom(card.card_id, -501, 'Списание');
    expect(over.status).toBe(422);
    const history = await s.call<Action[]>('GET', '/api/v2/users/bonuses/history');
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ title: 'Компенсация за задержку доставки', amount: 500 });
    expect(history.headers.get('x-pagination-total-count')).toBe('1');
  });

  it('operator calls need the operator role', async () => {
    const seller = new TestSession(h, '10.20.3.2');
    await seller.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5001) });
    const res = await seller.call('POST', '/api/ops/loyalty/custom', {
      card_id: '2000000000017',
      amount: 5,
      comment: 'x',
      idempotency_key: 'seller-key-1',
    });
    expect(res.status).toBe(403);
    expect((await new TestSession(h).call('POST', '/api/ops/orders/1/complete')).status).toBe(401);
  });

  it('completing an order accrues pending bonuses once per line; cancelling it cancels the accrual', async () => {
    const s = new TestSession(h, '10.20.3.3');
    const card = await loyaltySignIn(s, '79164440002');
    const order = await insertOrder(h.handle, { vats: [20, 10], paymentType: 1 });
    await h.handle.query('insert into loyalty_order_cards (order_id, card_id) values ($1, $2)', [
      order.id,
      await cardIdOf(card.card_id),
    ]);
    const done = await operator.call<{ accrued: number }>('POST', `/api/ops/orders/${order.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body.accrued).toBeGreaterThan(0);
    const again = await operator.call<{ accrued: number }>('POST', `/api/ops/orders/${order.id}/complete`);
    expect(again.body.accrued).toBe(0);
    const rows = await h.handle.query<{ n: number; sum: number }>(
      `select count(*)::int as n, coalesce(sum(amount), 0)::int as sum from loyalty_entries where order_id = $1`,
      [order.id],
    );
    expect(rows[0]!.sum).toBe(done.body.accrued);
    const balance = (await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body;
    expect(balance).toMatchObject({ available: 0, pending: done.body.accrued });
    const history = (await s.call<Action[]>('GET', '/api/v2/users/bonuses/history')).body;
    if (done.body.accrued > 0)
      expect(history[0]!.title).toMatch(new RegExp(`^Начисление за заказ №${order.id}, станут доступны`));
    await h.handle.transaction((tx) => reverseOrderBonuses(tx, order.id));
    await h.handle.transaction((tx) => reverseOrderBonuses(tx, order.id));
    const after = (await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body;
    expect(after.pending).toBe(0);
    const titles = (await s.call<Action[]>('GET', '/api/v2/users/bonuses/history')).body.map((a) => a.title);
    expect(titles[0]).toBe('Начисление отменено');
  });

  it('a cancelled order cannot be completed', async () => {
    const order = await insertOrder(h.handle, { statusId: 'I' });
    expect((await operator.call('POST', `/api/ops/orders/${order.id}/complete`)).status).toBe(422);
    expect((await operator.call('POST', '/api/ops/orders/2147483647/complete')).status).toBe(404);
  });

  it('20 concurrent holds of one card never take more than it has', async () => {
    const s = new TestSession(h, '10.20.3.4');
    const card = await loyaltySignIn(s, '79164440003');
    await custom(card.card_id, 1000);
    const cardId = await cardIdOf(card.card_id);
    const orders = await Promise.all(Array.from({ length: 20 }, () => insertOrder(h.handle)));
    const results = await Promise.allSettled(
      orders.map((o) => h.handle.transaction((tx) => holdOrderBonuses(tx, cardId, o.id, [{ lineId: 1, amount: 150 }]))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
    const balance = (await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body;
    expect(balance).toMatchObject({ available: 100, blocked: 900, total: 1000 });
    // A replayed hold of an order that already holds changes nothing.
    const held = orders[results.findIndex((r) => r.status === 'fulfilled')]!;
    await h.handle.transaction((tx) => holdOrderBonuses(tx, cardId, held.id, [{ lineId: 1, amount: 50 }]));
    expect((await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body.blocked).toBe(900);
    // Cancelling gives them back.
    await h.handle.query(`update orders set status_id = 'I' where id = $1`, [held.id]);
    await h.handle.transaction((tx) => reverseOrderBonuses(tx, held.id));
    const back = (await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body;
    expect(back).toMatchObject({ available: 250, blocked: 750 });
    const titles = (await s.call<Action[]>('GET', '/api/v2/users/bonuses/history?per_page=50')).body.map(
      (a) => a.title,
    );
    expect(titles[0]).toBe('Возврат списанных бонусов');
    expect(titles.filter((t) => t.startsWith('Заблокировано для оплаты заказа'))).toHaveLength(5);
  });

  it('posts expiries when a card is next written and warns of bonuses expiring within 14 days', async () => {
    const s = new TestSession(h, '10.20.3.5');
    const card = await loyaltySignIn(s, '79164440004');
    const cardId = await cardIdOf(card.card_id);
    await h.handle.query(
      `insert into loyalty_entries (card_id, kind, amount, posting_key, available_from, expires_at, created_at, comment)
       values ($1, 'Custom', 70, $2, now() - interval '200 days', now() - interval '1 day', now() - interval '200 days', 'Старый подарок'),
              ($1, 'Custom', 30, $3, now() - interval '170 days', now() + interval '5 days', now() - interval '170 days', 'Подарок')`,
      [cardId, `old-credit-${cardId}`, `soon-credit-${cardId}`],
    );
    const before = (await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body;
    expect(before).toMatchObject({ available: 30, total: 30 });
    expect(before.expiring_soon?.amount).toBe(30);
    const notices = await s.call<{ type: string; text: string }[]>('GET', '/api/v2/loyalty/notifications');
    expect(notices.body.find((n) => n.type === 'expiring')?.text).toMatch(/^30 бонусов сгорят/);
    await custom(card.card_id, 10, 'Бонус за отзыв');
    const titles = (await s.call<Action[]>('GET', '/api/v2/users/bonuses/history')).body.map((a) => a.title);
    expect(titles).toContain('Бонусы сгорели');
    expect((await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body.available).toBe(40);
  });
});

describe('the calls at the SPEC’s paths (§7 Loyalty)', () => {
  it('are in /api/openapi.json with their methods, next to the operators’ calls', async () => {
    const doc = await h.json<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
    const calls = [
      ['get', '/v2/plus-card/list'],
      ['post', '/v2/plus-card/add'],
      ['post', '/v2/plus-card/remove'],
      ['post', '/v2/plus-card/products-limit'],
      ['get', '/v2/plus-card/verify-data'],
      ['get', '/v2/plus-card/validate-verify-data'],
      ['get', '/v2/loyalty/notifications'],
      ['get', '/v2/users/bonuses/amount'],
      ['get', '/v2/users/bonuses/history'],
      ['post', '/ops/orders/{id}/complete'],
      ['post', '/ops/loyalty/custom'],
      ['get', '/v2/gift-certificates/balance'],
      ['post', '/v2/gift-certificates/order'],
    ] as const;
    for (const [method, path] of calls)
      expect(doc.body.paths[`/api${path}`]?.[method], `${method} ${path}`).toBeDefined();
  });
});

describe('demo cards', () => {
  it('the first demo phone signs in to a card with an expiry, a return, a pending accrual and bonuses expiring soon', async () => {
    const s = new TestSession(h, '10.20.9.1');
    await loyaltySignIn(s, '79000000001');
    const balance = (await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body;
    expect(balance).toMatchObject({ total: 940, available: 940, blocked: 0, pending: 415 });
    expect(balance.expiring_soon?.amount).toBe(500);
    const titles = (await s.call<Action[]>('GET', '/api/v2/users/bonuses/history')).body.map((a) => a.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Бонусы сгорели', 'Возврат списанных бонусов', 'Бонусы ко дню рождения']),
    );
  });
});
