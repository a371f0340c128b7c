// Shared by the payment and receipt specs: a guest order placed through the API with the browser's
// cookies, as the checkout would, and paying it on the sandbox acquirer's card page.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

interface Card {
  id: number;
  offer: { available: boolean; preorder: boolean };
  city_availability: { stores: number };
}

/**
 * A guest order of one in-stock fridge for pickup at a multicenter, paid online (17): the product goes
 * into the basket with the context's cookies, then create-order places it as the checkout would.
 */
export async function placeOrder(request: APIRequestContext): Promise<number> {
  const listing = await request.get('/api/v3/products/catalog/holodilniki/401?per_page=24');
  const { products } = (await listing.json()) as { products: Card[] };
  const product = products.find((p) => p.offer.available && !p.offer.preorder && p.city_availability.stores > 0);
  expect(product, 'a fridge in stock').toBeDefined();
  const added = await request.post('/api/basket/add-item', { headers: XHR, data: { product_id: product!.id } });
  expect(added.ok()).toBe(true);
  const basket = (await added.json()) as { items: { id: number; product_id: number }[] };
  const line = basket.items.find((i) => i.product_id === product!.id)!;

  const availability = await request.post('/api/v2/products/availability', {
    headers: XHR,
    data: { product_id: product!.id },
  });
  const { stores } = (await availability.json()) as {
    stores: { id: number; group: string; availability: string }[];
  };
  const store = stores.find((s) => s.group === 'multicenter' && s.availability === 'in-stock')!;
  expect(store, 'a multicenter with the fridge').toBeDefined();
  const ways = await request.get(`/api/variations_orders?products[0][id]=${product!.id}&products[0][qty]=1`);
  const { variations } = (await ways.json()) as {
    variations: { group: string; payment_type_ids: number[]; dates: string[] }[];
  };
  const pickup = variations.find((v) => v.group === 'multicenter' && v.payment_type_ids.includes(17))!;
  expect(pickup, 'pickup at a multicenter paid online').toBeDefined();

  const created = await request.post('/api/create-order', {
    headers: XHR,
    data: {
      idempotency_key: randomBytes(16).toString('hex'),
      line_ids: [line.id],
      contacts: { contact_name: 'Иван', mobile_phone: '+7 (916) 123-45-67', email: 'ivan@example.ru' },
      delivery: { delivery_type: 1, store_id: store.id, date: pickup.dates[0] },
      payment_type: 17,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: number; payment_required: boolean };
  expect(order.payment_required).toBe(true);
  return order.id;
}

export const acquirerBanner = (page: Page) => page.getByText('Тестовая платёжная страница');

export async function payByCard(page: Page, number: string) {
  await expect(acquirerBanner(page)).toBeVisible();
  await page.getByLabel('Номер карты').fill(number);
  await page.getByLabel('Срок действия').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Имя владельца').fill('IVAN PETROV');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
}
