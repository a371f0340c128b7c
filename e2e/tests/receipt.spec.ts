import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The receipt of a paid order (/cart/receipt/{id}): a guest pays with the success card in the sandbox
// acquirer, follows «Кассовый чек» from the success page and reads the receipt; before paying, and
// for another browser, there is no receipt.
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
async function placeOrder(request: APIRequestContext): Promise<number> {
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

const acquirerBanner = (page: Page) => page.getByText('Тестовая платёжная страница');

async function payByCard(page: Page, number: string) {
  await expect(acquirerBanner(page)).toBeVisible();
  await page.getByLabel('Номер карты').fill(number);
  await page.getByLabel('Срок действия').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Имя владельца').fill('IVAN PETROV');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

test('a paid order links to its receipt: seller, items with VAT, totals, payment and the test note', async ({
  page,
  browser,
  baseURL,
  axe,
}) => {
  const orderId = await placeOrder(page.request);
  expect((await page.request.get(`/cart/receipt/${orderId}`)).status()).toBe(404);

  await page.goto(`/cart/payment/${orderId}`);
  await page.getByRole('radio', { name: /Банковской картой/ }).check();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await payByCard(page, '4111 1111 1111 1111');
  await expect(page).toHaveURL(new RegExp(`/cart/success/${orderId}$`));

  await page.getByRole('link', { name: 'Кассовый чек' }).click();
  await expect(page).toHaveURL(new RegExp(`/cart/receipt/${orderId}$`));
  const receipt = page.getByRole('article', { name: 'Кассовый чек (тестовый)' });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByText(`Приход · заказ №${orderId}`)).toBeVisible();
  await expect(receipt.getByRole('note')).toContainText('фискальные данные');
  await expect(receipt.getByText('ООО «Мультицентр»')).toBeVisible();
  await expect(receipt.getByText('Банковской картой', { exact: true })).toBeVisible();
  await expect(receipt.getByText(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/)).toBeVisible();
  const rows = receipt.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('rowheader')).toContainText('Товар · Предоплата 100%');
  await expect(rows.nth(1)).toContainText('НДС 20%');

  const api = (await (await page.request.get(`/api/v3/customer/orders/${orderId}/receipt`)).json()) as {
    total: number;
    items: { name: string; qty: number }[];
  };
  await expect(rows.nth(1).getByRole('rowheader')).toContainText(api.items[0]!.name);
  await expect(receipt.getByText('Итого')).toBeVisible();
  await axe(page);

  // Another browser (another basket) cannot open it.
  const other = await browser.newContext({ baseURL: baseURL! });
  expect((await other.request.get(`/cart/receipt/${orderId}`)).status()).toBe(404);
  await other.close();
});
