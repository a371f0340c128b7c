import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@store/api-client';
import type { ProductCard } from '../schemas/catalog.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import type { Action } from './actions.ts';

let h: Harness;
/** A phone in the 0-0-12 accessory instalment (action 101) and the 10% accessory discount (104). */
let phone: number;
let caseId: number;
let casePrice: number;
let tv: number;

const ACCESSORY_FLAGS = 'show_hidden=1&group_deferred=1&group_credit=1&expand=bank_flags';

async function one<T>(sqlText: string, params: unknown[] = []): Promise<T> {
  const [row] = await h.handle.query<T>(sqlText, params);
  if (!row) throw new Error(`no row for ${sqlText}`);
  return row;
}

beforeAll(async () => {
  h = await createHarness();
  phone = (
    await one<{ id: number }>(
      `select p.id from products p join action_products ap on ap.product_id = p.id and ap.action_id = 101 and ap.role = 'main'
        where p.category_id = 224 order by p.id limit 1`,
    )
  ).id;
  const accessory = await one<{ id: number; price: number }>(
    `select p.id, o.price from products p join product_offers o on o.product_id = p.id
       join action_products ap on ap.product_id = p.id and ap.action_id = 104 and ap.role = 'accessory'
      where p.category_id = 110 order by p.id limit 1`,
  );
  caseId = accessory.id;
  casePrice = accessory.price;
  tv = (
    await one<{ id: number }>(
      `select p.id from products p join action_products ap on ap.product_id = p.id and ap.action_id = 103 and ap.role = 'main'
        where p.category_id = 201 order by p.id limit 1`,
    )
  ).id;
});
afterAll(async () => {
  await h.close();
});

const basket = (...lines: [number, number?, number?][]) =>
  lines
    .map(([id, qty, supplier], i) =>
      [
        `basket[${i}][product_id]=${id}`,
        qty === undefined ? '' : `&basket[${i}][qty]=${qty}`,
        supplier === undefined ? '' : `&basket[${i}][supplier_id]=${supplier}`,
      ].join(''),
    )
    .join('&');

describe('GET /v2/actions', () => {
  it('lists the regular promotions of a phone without hidden or credit ones', async () => {
    const { status, body } = await h.json<Action[]>(`/api/v2/actions?${basket([phone])}`);
    expect(status).toBe(200);
    const ids = body.map((a) => a.id);
    expect(ids).toContain(104);
    // Credit instalments are hidden and grouped: not listed without the flags. The ended action never is.
    expect(ids).not.toContain(101);
    expect(ids).not.toContain(107);
    const discount = body.find((a) => a.id === 104)!;
    expect(discount).toMatchObject({
      action_type: 'percent_discount',
      discount: 10,
      product_ids: [phone],
      mechanics: { type: 'accessories', done: false, params: { price_from: 300_000 } },
      priceFrom: 300_000,
      priceOfAccessories: 0,
      isCompleted: false,
      hasConditions: true,
      isCredit: false,
    });
    expect(discount.mechanics.conditions).toEqual([
      { type: 'main_product', value: null, done: true },
      { type: 'accessories_sum', value: 300_000, done: false },
    ]);
    expect(discount.accessories!.map((g) => g.id)).toEqual(expect.arrayContaining([110, 111, 112]));
    expect(discount).not.toHaveProperty('bank_flags');
  });

  it('adds the accessory instalments with the accessory flags, with their limit and accessory categories', async () => {
    const { body } = await h.json<Action[]>(`/api/v2/actions?${basket([phone])}&${ACCESSORY_FLAGS}`);
    const instalment = body.find((a) => a.id === 101);
    expect(instalment).toMatchObject({
      parentId: 100,
      publicName: 'Рассрочка 0-0-12 на аксессуары',
      isCredit: true,
      installmentLimit: 2_000_000,
      shouldAddWarranties: true,
      specialWarranty: null,
      bank_flags: null,
    });
    const cases = instalment!.accessories!.find((g) => g.id === 110)!;
    const [expected] = await h.handle.query<{ n: number }>(
      `select count(*)::int as n from action_products ap join products p on p.id = ap.product_id
        where ap.action_id = 101 and ap.role = 'accessory' and p.category_id = 110 and p.status = 1`,
    );
    expect(cases).toEqual({ id: 110, name: 'Чехлы для смартфонов', accessory_count: expected!.n });
  });

  it('counts accessories in the basket towards the starting price and marks the mechanics done', async () => {
    const qty = Math.ceil(300_000 / casePrice);
    const { body } = await h.json<Action[]>(`/api/v2/actions?${basket([phone], [caseId, qty])}`);
    const discount = body.find((a) => a.id === 104)!;
    expect(discount.priceOfAccessories).toBe(casePrice * qty);
    expect(discount.isCompleted).toBe(true);
    expect(discount.mechanics.done).toBe(true);
  });

  it('lists a bank instalment only with group_deferred, and its bank flags with expand', async () => {
    const plain = await h.json<Action[]>(`/api/v2/actions?${basket([tv])}&show_hidden=1&group_credit=1`);
    expect(plain.body.map((a) => a.id)).not.toContain(103);
    const { body } = await h.json<Action[]>(`/api/v2/actions?${basket([tv])}&${ACCESSORY_FLAGS}`);
    const bank = body.find((a) => a.id === 103)!;
    expect(bank.bank_flags).toEqual({ bank_installment: true, banks: ['Т-Банк', 'Альфа-Банк'], months: [6] });
    expect(bank.deferreds).toEqual([{ max_loan: 3_000_000 }, { max_loan: 5_000_000 }]);
    // The accessory promotion's instalment limit is the largest max_loan.
    expect(bank.installmentLimit).toBe(5_000_000);
    expect(bank.payment_ids).toEqual([20]);
  });

  it('gives the presents of a present action and narrows to action_ids', async () => {
    const [linked] = await h.handle.query<{ product_id: number }>(
      "select product_id from action_products where action_id = 105 and role = 'main' order by product_id limit 1",
    );
    const { body } = await h.json<Action[]>(`/api/v2/actions?${basket([linked!.product_id])}&action_ids=105`);
    expect(body.map((a) => a.id)).toEqual([105]);
    expect(body[0]!.action_type).toBe('present');
    expect(body[0]!.presents.length).toBeGreaterThan(0);
    expect(body[0]!.presents.every((p) => p.selected === false)).toBe(true);
  });

  it('names the branded warranty an instalment needs', async () => {
    const [samsung] = await h.handle.query<{ product_id: number }>(
      "select product_id from action_products where action_id = 102 and role = 'main' order by product_id limit 1",
    );
    const { body } = await h.json<Action[]>(`/api/v2/actions?${basket([samsung!.product_id])}&${ACCESSORY_FLAGS}`);
    expect(body.find((a) => a.id === 102)?.specialWarranty).toMatchObject({ brandName: 'Samsung', categoryId: 224 });
  });

  it('answers 422 with the line and field for a bad basket', async () => {
    const cases: [string, string][] = [
      ['', 'basket'],
      ['basket[0][product_id]=abc', 'basket.0.product_id'],
      ['basket[0][qty]=2', 'basket.0.product_id'],
      [`basket[0][product_id]=${phone}&basket[0][qty]=0`, 'basket.0.qty'],
      [`basket[0][product_id]=${phone}&basket[1][product_id]=${phone}&basket[1][price]=1`, 'basket.1.price'],
      [`basket[0][product_id]=${phone}&basket[0][product_id]=${phone}`, 'basket.0.product_id'],
      [`basket[0]=${phone}`, 'basket'],
      [`basket[0][product_id]=${phone}&basket[0][supplier_id]=-3`, 'basket.0.supplier_id'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await h.json<{ errors: Record<string, string[]> }>(`/api/v2/actions?${query}`);
      expect(status, query).toBe(422);
      expect(Object.keys(body.errors), query).toContain(field);
    }
    const tooMany = Array.from({ length: 101 }, (_, i) => `basket[${i}][product_id]=${phone}`).join('&');
    expect((await h.json(`/api/v2/actions?${tooMany}`)).status).toBe(422);
  });

  it('answers 422 for bad flags and 404 for an unknown product', async () => {
    expect((await h.json(`/api/v2/actions?${basket([phone])}&show_hidden=yes`)).status).toBe(422);
    expect((await h.json(`/api/v2/actions?${basket([phone])}&expand=everything`)).status).toBe(422);
    const { status, body } = await h.json<{ errors: Record<string, string[]> }>(
      `/api/v2/actions?${basket([phone], [99_999_999])}`,
    );
    expect(status).toBe(404);
    expect(body.errors).toEqual({ 'basket.1.product_id': ['Товар не найден.'] });
  });
});

describe('accessories of a promotion', () => {
  it('narrows the accessory list to the action and answers 404 for an ended or unknown action', async () => {
    const all = await h.json<ProductCard[]>(`/api/v3/products/${phone}/accessories?per_page=50`);
    const { body, headers } = await h.json<ProductCard[]>(
      `/api/v3/products/${phone}/accessories?action_id=104&per_page=50`,
    );
    const [linked] = await h.handle.query<{ n: number }>(
      `select count(*)::int as n from action_products ap join products p on p.id = ap.product_id
        where ap.action_id = 104 and ap.role = 'accessory' and p.status = 1`,
    );
    expect(Number(headers.get('x-pagination-total-count'))).toBe(linked!.n);
    expect(Number(headers.get('x-pagination-total-count'))).toBeLessThan(
      Number(all.headers.get('x-pagination-total-count')),
    );
    expect(body.every((p) => [110, 111, 112].includes(p.category.id))).toBe(true);
    expect((await h.json(`/api/v3/products/${phone}/accessories?action_id=107`)).status).toBe(404);
    expect((await h.json(`/api/v3/products/${phone}/accessories?action_id=999`)).status).toBe(404);
  });
});

describe('the typed client', () => {
  it('sends the basket in bracket notation and reads accessory pages by headers', async () => {
    const client = createApiClient({
      baseUrl: 'http://store.test',
      fetch: (request) => {
        const url = new URL(request.url);
        return h.call(url.pathname + url.search, { headers: request.headers });
      },
    });
    const actions = await client.actions.list({
      basket: [{ product_id: phone, qty: 1 }],
      show_hidden: 1,
      group_credit: 1,
      group_deferred: 1,
      expand: ['bank_flags'],
    });
    expect(actions.map((a) => a.id)).toEqual(expect.arrayContaining([101, 104]));
    const page = await client.products.accessories(phone, { action_id: 101, per_page: 4, page: 2 });
    expect(page.items).toHaveLength(4);
    expect(page.currentPage).toBe(2);
    expect(page.pageCount).toBe(Math.ceil(page.totalCount / 4));
  });
});
