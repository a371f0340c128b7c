// The product page from memory (issue 12, decision 0049): once the page has been rendered, the next
// render of it runs no database query at all (the shell, the product, its related rows, credit offers,
// warranties, accessories and their promotions, rent, the reviews tab), and still shows a change at once
// when the change is announced: a price change (catalogue change), an order's page event, a vote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPage } from '@store/domain';
import { applyCatalogChange } from '../../../api/src/catalog/catalog-events.ts';
import type { Harness } from '../../../api/src/test/api-harness.ts';
import { FIRST_PAINT_CARDS } from './home-rows.ts';
import { createPageQueriesHarness, type PageQueriesHarness } from './page-queries-harness.ts';
import { loadComments, loadProductPage } from './product.server.ts';
import { loadShell } from './start-up.server.ts';

let h: Harness;
let product: { id: number; code: string; category_id: number; price: number };
let api: PageQueriesHarness['api'];
let queriesOf: PageQueriesHarness['queriesOf'];
/** Every render is of one A/B branch (PageQueriesHarness.branchCookie). */
let branchCookie = '';

beforeAll(async () => {
  ({ h, branchCookie, api, queriesOf } = await createPageQueriesHarness());
  // A phone with everything on its page: an accessory promotion (action 101), extended warranties,
  // credit offers, fitted set-up services among its accessories and published reviews.
  const [row] = await h.handle.query<typeof product>(
    `select p.id, c.code, p.category_id, o.price from products p
       join categories c on c.id = p.category_id
       join product_offers o on o.product_id = p.id
       join action_products ap on ap.product_id = p.id and ap.action_id = 101 and ap.role = 'main'
      where p.status = 1 and p.is_warranty and o.available and o.has_credit and p.reviews_count >= 2
      order by p.id limit 1`,
  );
  product = row!;
});
afterAll(async () => {
  await h.close();
});

/** Everything one render of the product page loads: the shell, the page with its streamed blocks, the reviews tab. */
async function render(visitorCookie = '') {
  const cookie = [branchCookie, visitorCookie].filter(Boolean).join('; ');
  const path = `/catalog/${product.code}/${product.category_id}/${product.id}`;
  const request = new Request(`http://store.test${path}`, { headers: cookie ? { cookie } : {} });
  const client = api(cookie);
  const match = matchPage(path);
  if (match?.kind !== 'product') throw new Error(`${path} is no product page`);
  const [, page] = await Promise.all([loadShell(request, client, null), loadProductPage(request, client, match)]);
  const [similars, lookedWith, credit, warranties, accessories, rent, reviews] = await Promise.all([
    page.similars,
    page.lookedWith,
    page.credit,
    page.warranties,
    page.accessories,
    page.rent,
    loadComments(client, product.id, 'review', 1),
  ]);
  return { product: page.product, similars, lookedWith, credit, warranties, accessories, rent, reviews };
}

describe('the product page from memory', () => {
  it('runs no query on a second render, and the same page as the first', async () => {
    const first = await queriesOf(() => render());
    expect(first.count).toBeGreaterThan(0);
    expect(first.result.accessories?.promotions.length).toBeGreaterThan(0);
    expect(first.result.accessories?.groups.length).toBeGreaterThan(0);
    expect(first.result.warranties.length).toBeGreaterThan(0);
    expect(first.result.credit.length).toBeGreaterThan(0);
    expect(first.result.reviews.items.length).toBeGreaterThan(0);
    const second = await queriesOf(() => render());
    expect(second.count).toBe(0);
    expect(second.result).toEqual(first.result);
  });

  it('hands its related rows only the cards the first paint draws, and only what they draw (decision 0065)', async () => {
    const { similars, lookedWith } = await render();
    const cards = [...similars.products, ...lookedWith.products];
    expect(cards.length).toBeGreaterThan(0);
    // The rest of a row by id, loaded by the browser near the viewport.
    for (const row of [similars, lookedWith]) {
      expect(row.products.length).toBeLessThanOrEqual(FIRST_PAINT_CARDS);
      if (row.products.length === FIRST_PAINT_CARDS) expect(row.moreIds.length).toBeGreaterThan(0);
      expect(row.moreIds).not.toContain(row.products[0]?.id);
    }
    for (const card of cards) {
      for (const key of ['category', 'brand', 'city_availability', 'specifications_short']) {
        expect(card).not.toHaveProperty(key);
      }
      expect(Object.keys(card.offer).sort()).toEqual(['price', 'price_old']);
    }
  });

  it('shows a new price at once after the price change event: no remembered price anywhere on the page', async () => {
    const before = await render();
    const price = product.price + 100_000;
    await h.handle.query('update product_offers set price = $2 where product_id = $1', [product.id, price]);
    await applyCatalogChange(h.handle, h.api.catalog, { kind: 'price', ids: [product.id] });
    const after = await render();
    expect(after.product.offer.price).toBe(price);
    expect(after.accessories?.bundle?.products[0]?.offer.price).toBe(price);
    // Warranties and credit offers are priced from the product's price: they move with it.
    expect(after.warranties.map((w) => w.price)).not.toEqual(before.warranties.map((w) => w.price));
    expect(after.credit).not.toEqual(before.credit);
    // And the page is served from memory again once it has been read.
    expect((await queriesOf(() => render())).count).toBe(0);
  });

  it('shows a vote at once, and the voter sees their own vote on a page others see without it', async () => {
    const review = (await render()).reviews.items[0]!;
    const cookie = 'visitor_id=00000000-0000-4000-8000-0000000000aa';
    const voted = await h.call(`/api/comments/${review.id}/like`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', cookie },
    });
    expect(voted.status).toBe(200);
    const guest = (await render()).reviews.items.find((r) => r.id === review.id)!;
    expect(guest.like).toBe(review.like + 1);
    expect(guest.my_vote).toBeNull();
    const voter = (await render(cookie)).reviews.items.find((r) => r.id === review.id)!;
    expect(voter.like).toBe(review.like + 1);
    expect(voter.my_vote).toBe(1);
  });
});
