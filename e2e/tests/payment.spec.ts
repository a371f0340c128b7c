import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Paying an order in the sandbox acquirer. The order comes from POST /api/create-order with the
// page's own cookies, as the checkout would make it.
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

test('3-D Secure card: the success page shows the order paid and its status', async ({ page, axe }) => {
  const orderId = await placeOrder(page.request);
  await page.goto(`/cart/payment/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Оплата заказа №${orderId}` })).toBeVisible();
  await axe(page);
  await page.getByRole('radio', { name: /Банковской картой/ }).check();
  await page.getByRole('button', { name: /^Оплатить/ }).click();

  await expect(page).toHaveURL(/\/sandbox-acquirer\/pay\/sbx_\w+$/);
  await axe(page);
  // An empty form comes back with field errors.
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Проверьте данные карты');
  await axe(page);
  await payByCard(page, '4000 0000 0000 3220');
  await expect(page).toHaveURL(/\/3ds$/);
  await expect(page.getByRole('heading', { name: 'Подтверждение покупки' })).toBeVisible();
  await axe(page);
  await page.getByLabel('Код из SMS').fill('123456');
  await page.getByRole('button', { name: 'Подтвердить' }).click();

  await expect(page).toHaveURL(new RegExp(`/cart/success/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Спасибо! Заказ №${orderId} оформлен` })).toBeVisible();
  await expect(page.getByText('Оплачен', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Самовывоз')).toBeVisible();
  await expect(page.getByText(/Заказ хранится до/)).toBeVisible();
  await axe(page);

  // A paid order's repayment page leads to the order in the account; a guest signs in first and comes back.
  await page.goto(`/cart/payment/${orderId}`);
  await expect(page).toHaveURL(new RegExp(`/user/login\\?back=%2Faccount%2Forders%2F${orderId}$`));
});

test('decline card leaves the order unpaid; the repayment page offers to pay again and it succeeds', async ({
  page,
  axe,
}) => {
  const orderId = await placeOrder(page.request);
  await page.goto(`/cart/payment/${orderId}`);
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await payByCard(page, '4000 0000 0000 0002');

  await expect(page).toHaveURL(new RegExp(`/cart/success/${orderId}$`));
  await expect(page.getByRole('alert')).toContainText('Платёж отклонён: Недостаточно средств');
  await axe(page);
  await page.getByRole('link', { name: /Оплатить снова/ }).click();

  await expect(page).toHaveURL(new RegExp(`/cart/payment/${orderId}$`));
  await expect(page.getByRole('alert')).toContainText('Платёж отклонён');
  await expect(page.getByRole('radio', { name: /Банковской картой/ })).toBeVisible();
  await axe(page);
  // This time through SBP: the QR page, and the bank app's «Оплатить».
  await page.getByRole('radio', { name: /Через СБП/ }).check();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByRole('img', { name: 'QR-код для оплаты через СБП' })).toBeVisible();
  await axe(page);
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cart/success/${orderId}$`));
  await expect(page.getByText('Оплачен', { exact: true }).first()).toBeVisible();
});

// axe needs JavaScript in the page: the same pages are checked in the tests above.
test('without JavaScript: the payment page, the SBP QR page and the card form all work', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
  const page = await context.newPage();

  const sbpOrder = await placeOrder(page.request);
  await page.goto(`/cart/payment/${sbpOrder}`);
  await page.getByRole('radio', { name: /Через СБП/ }).check();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByRole('heading', { name: 'Оплата через СБП' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR-код для оплаты через СБП' })).toBeVisible();
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cart/success/${sbpOrder}$`));
  await expect(page.getByText('Оплачен', { exact: true }).first()).toBeVisible();

  const cardOrder = await placeOrder(page.request);
  await page.goto(`/cart/payment/${cardOrder}`);
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  // A mistake comes back as field errors, then the success card pays.
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByText('Проверьте данные карты')).toBeVisible();
  await payByCard(page, '4111 1111 1111 1111');
  await expect(page).toHaveURL(new RegExp(`/cart/success/${cardOrder}$`));
  await expect(page.getByText('Оплачен', { exact: true }).first()).toBeVisible();
  await context.close();
});

test('an unknown order has no payment page, and an unknown acquirer session says so', async ({ page, axe }) => {
  const response = await page.goto('/cart/payment/999999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  const success = await page.goto('/cart/success/999999999');
  expect(success?.status()).toBe(404);

  const acquirer = await page.goto('/sandbox-acquirer/pay/sbx_unknown');
  expect(acquirer?.status()).toBe(404);
  await expect(acquirerBanner(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Платёж не найден' })).toBeVisible();
  await axe(page);
});
