import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ProductCard } from '@store/api-client';
import { PAGE_SIZES } from '@store/domain';
import { createHarness, type Harness } from '../../../api/src/test/api-harness.ts';
import { loadAccessoryBlock } from './accessories.server.ts';
import { accessoryGroupHref, bundleSaving, toAccessoryPromotions } from './accessories.ts';

let h: Harness;
let phone: number;
let lonely: number;
beforeAll(async () => {
  h = await createHarness();
  const [row] = await h.handle.query<{ id: number }>(
    `select p.id from products p join action_products ap on ap.product_id = p.id and ap.action_id = 101 and ap.role = 'main'
      where p.is_warranty order by p.id limit 1`,
  );
  phone = row!.id;
  const [accessory] = await h.handle.query<{ id: number }>(
    'select id from products where status = 1 and category_id = 110 order by id limit 1',
  );
  lonely = accessory!.id;
});
afterAll(async () => {
  await h.close();
});

/** The real API in-process; calls whose path matches `failing` answer 500 instead. */
function client(failing?: RegExp) {
  return createApiClient({
    baseUrl: 'http://store.test',
    fetch: (request) => {
      const url = new URL(request.url);
      if (failing?.test(url.pathname)) {
        return new Response(JSON.stringify({ status: 500, message: 'down', errors: {} }), { status: 500 });
      }
      return h.call(url.pathname + url.search, { headers: request.headers });
    },
  });
}

const facts = (id: number) => ({ id, is_warranty: true });

/** The block as the product page loads it: with the page's own streamed warranty list. */
const loadBlock = (api: ReturnType<typeof client>, product: { id: number }, search: URLSearchParams) =>
  loadAccessoryBlock(
    api,
    product,
    search,
    api.products.warranties(product.id, PAGE_SIZES.warranties).catch(() => []),
  );

describe('loadAccessoryBlock', () => {
  it('streams the groups, the first page of the first group, warranties, the bundle and the promotions', async () => {
    const block = await loadBlock(client(), facts(phone), new URLSearchParams());
    expect(block).not.toBeNull();
    expect(block!.groups.length).toBeGreaterThan(1);
    expect(block!.groupId).toBe(block!.groups[0]!.id);
    expect(block!.page!.items.length).toBe(Math.min(8, block!.groups[0]!.accessory_count));
    expect(block!.page!.items.every((p) => p.category.id === block!.groupId)).toBe(true);
    expect(block!.warranties.map((w) => w.years)).toEqual([1, 2, 3]);
    expect(block!.bundle!.products[0]!.id).toBe(phone);
    expect(block!.bundle!.products.length).toBeLessThanOrEqual(3);
    const instalment = block!.promotions.find((p) => p.id === 101);
    expect(instalment).toMatchObject({ kind: 'instalment', isCredit: true, installmentLimit: 2_000_000 });
    expect(block!.promotionErrors).toEqual({ instalment: false, bankInstalment: false });
  });

  it('opens the group and page named in the address, and the first group for an unknown one', async () => {
    const first = await loadBlock(client(), facts(phone), new URLSearchParams());
    const last = first!.groups.at(-1)!;
    const chosen = await loadBlock(client(), facts(phone), new URLSearchParams({ accessory_group: String(last.id) }));
    expect(chosen!.groupId).toBe(last.id);
    const unknown = await loadBlock(client(), facts(phone), new URLSearchParams({ accessory_group: '1x' }));
    expect(unknown!.groupId).toBe(first!.groups[0]!.id);
    const second = await loadBlock(
      client(),
      facts(phone),
      new URLSearchParams({ accessory_group: String(first!.groupId), accessory_page: '2' }),
    );
    expect(second!.page!.page).toBe(2);
    expect(second!.page!.items.map((p) => p.id)).not.toContain(first!.page!.items[0]!.id);
  });

  it('flags both instalment kinds when the actions fail, and hides only the bundle when it fails', async () => {
    const noActions = await loadBlock(client(/\/v2\/actions$/), facts(phone), new URLSearchParams());
    expect(noActions!.promotions).toEqual([]);
    expect(noActions!.promotionErrors).toEqual({ instalment: true, bankInstalment: true });
    expect(noActions!.groups.length).toBeGreaterThan(0);
    const noBundle = await loadBlock(client(/accessory-bundle$/), facts(phone), new URLSearchParams());
    expect(noBundle!.bundle).toBeNull();
    expect(noBundle!.page!.items.length).toBeGreaterThan(0);
  });

  it('is null for a product without accessories or promotions, and never rejects', async () => {
    expect(await loadBlock(client(), facts(lonely), new URLSearchParams())).toBeNull();
    expect(await loadBlock(client(/\/v[23]\//), facts(phone), new URLSearchParams())).toMatchObject({
      groups: [],
      page: null,
      bundle: null,
      promotionErrors: { instalment: true, bankInstalment: true },
    });
  });
});

describe('accessory helpers', () => {
  it('keeps only the actions that offer accessories, with their kind', () => {
    const base = {
      parent_id: null,
      public_name: 'Скидка',
      public_description: '',
      action_type: 'percent_discount' as const,
      delivery_ids: [],
      payment_ids: [],
      sum_action_ids: [],
      required: false,
      promocode: null,
      discount: 10,
      is_trade_in_action: false,
      presents: [],
      mechanics: { type: 'x', done: false, conditions: [], params: { price_from: null } },
      deferreds: [],
      starts_at: '2026-01-01T00:00:00Z',
      ends_at: null,
      product_ids: [1],
    };
    const promotions = toAccessoryPromotions([
      { ...base, id: 1 },
      {
        ...base,
        id: 2,
        isCredit: true,
        bank_flags: { bank_installment: true, banks: [], months: [6] },
        accessories: [{ id: 110, name: 'Чехлы', accessory_count: 3 }],
      },
      {
        ...base,
        id: 3,
        isCredit: true,
        bank_flags: null,
        accessories: [{ id: 110, name: 'Чехлы', accessory_count: 3 }],
      },
    ]);
    expect(promotions.map((p) => [p.id, p.kind])).toEqual([
      [2, 'bankInstalment'],
      [3, 'instalment'],
    ]);
  });

  it('sums the bundle saving from old prices and builds group links', () => {
    const card = (price: number, old: number | null) => ({ offer: { price, price_old: old } }) as ProductCard;
    expect(bundleSaving([card(1000, 1500), card(500, null), card(700, 600)])).toBe(500);
    expect(accessoryGroupHref(110)).toBe('?accessory_group=110#pp-accessories');
    expect(accessoryGroupHref(110, 3)).toBe('?accessory_group=110&accessory_page=3#pp-accessories');
  });
});
