// A card's stock in the city and how it is bought come from the purchase facts read with the card
// (decision 0080): they must be what the purchase rule says from the facts every other place reads
// (purchasesFor: the buy box, the basket, orders), for any city, for products with sellers, without
// stock, in a closed store's city, in a hidden category, and for one card read alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseLabel } from '@store/domain';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { setStock } from '../test/stock.ts';
import { listProductCards } from './products.ts';
import { purchasesFor } from './purchase.ts';
import { retrieveDefaultCityId } from './availability.ts';

let h: Harness;
let ids: number[];
let cities: number[];
let hiddenProduct: number;

beforeAll(async () => {
  h = await createHarness();
  const pick = (where: string, limit: number) =>
    h.handle
      .query<{ id: number }>(
        `select p.id from products p join product_offers o on o.product_id = p.id
          join categories c on c.id = p.category_id
         where p.status = 1 and ${where} order by p.id limit ${limit}`,
      )
      .then((rows) => rows.map((r) => r.id));
  const withSellers = await pick('exists (select 1 from supplier_offers so where so.product_id = p.id)', 6);
  const preorder = await pick(`(p.is_pre_order or o.order_type = 'preorder')`, 3);
  const plain = await pick('true', 20);
  ids = [...new Set([...withSellers, ...preorder, ...plain])];
  expect(withSellers.length).toBeGreaterThan(0);
  // One sold out everywhere; one with units in a store about to close and in a store of another city.
  const stores = await h.handle.query<{ id: number; city_id: number }>(
    'select id, city_id from stores where type = 1 and status = 1 order by id',
  );
  const closed = stores[0]!;
  const open = stores.filter((s) => s.city_id !== closed.city_id);
  await setStock(h.handle, plain[0]!, []);
  await setStock(h.handle, plain[1]!, [
    { storeId: closed.id, qty: 5 },
    { storeId: open.at(-1)!.id, qty: 2 },
  ]);
  // A closed store's units are nobody's (the purchase rule reads active stores only).
  await h.handle.query('update stores set status = 0 where id = $1', [closed.id]);
  // A product of a hidden category: shown on its page, never bought.
  hiddenProduct = plain[2]!;
  await h.handle.query(
    'update categories set status = 0 where id = (select category_id from products where id = $1)',
    [hiddenProduct],
  );
  cities = [
    ...new Set([
      await retrieveDefaultCityId(h.handle),
      ...open.map((s) => s.city_id).slice(0, 3),
      closed.city_id,
    ]),
  ];
});
afterAll(async () => {
  await h.close();
});

describe('product cards', () => {
  it("show the city's stock and the purchase rule's answer from the same facts the basket reads", async () => {
    for (const cityId of [null, ...cities]) {
      // A transaction's handle keeps nothing: every card is read here, not taken from the card cache.
      const cards = await h.handle.transaction((tx) =>
        listProductCards(tx as never, ids, cityId, { includeInactive: true }),
      );
      const city = cityId ?? (await retrieveDefaultCityId(h.handle));
      const purchases = await purchasesFor(h.handle, ids, city);
      expect(cards.map((c) => c.id)).toEqual(ids);
      for (const card of cards) {
        const expected = purchases.get(card.id);
        expect(Boolean(expected), `product ${card.id}: a hidden category's is not bought`).toBe(
          card.id !== hiddenProduct,
        );
        const facts = expected?.facts;
        const stores = card.city_availability.stores;
        if (facts) {
          expect(card.city_availability, `product ${card.id} in city ${city}`).toEqual({
            stores: facts.cityStores,
            quantity: facts.cityQuantity,
          });
        }
        expect(card.purchase, `product ${card.id} in city ${city}`).toEqual(
          expected
            ? {
                way: expected.purchase.way,
                label: purchaseLabel(expected.purchase, stores),
                buyable: expected.purchase.buyable,
                lead_days: expected.purchase.leadDays,
                max_qty: expected.purchase.maxQty,
                supplier_id: expected.purchase.supplierId,
              }
            : { way: 'unavailable', label: 'Нет в наличии', buyable: false, lead_days: 0, max_qty: 0, supplier_id: null },
        );
      }
      // The ways seen are not all one: sellers, transfers, stock here and none at all.
      if (cityId === null) expect(new Set(cards.map((c) => c.purchase.way)).size).toBeGreaterThan(2);
    }
  });

  it('read alone (a product page) is the same card as read with a page of others', async () => {
    for (const cityId of cities.slice(0, 2)) {
      const page = await h.handle.transaction((tx) => listProductCards(tx as never, ids, cityId));
      for (const card of page.slice(0, 8)) {
        const [alone] = await h.handle.transaction((tx) => listProductCards(tx as never, [card.id], cityId));
        expect(alone).toEqual(card);
      }
    }
  });
});
