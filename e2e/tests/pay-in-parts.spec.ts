// Issue 17: «Частями» (payment 19) in checkout — the limit by the order's phone, then the first of four
// payments through the sandbox acquirer.
import type { Page } from '@playwright/test';
import { pickUpAtMulticenter } from './checkout-steps.ts';
import { newPhone } from './customers.ts';
import { expect, test } from './fixtures.ts';
import { payByCard } from './sandbox-orders.ts';

interface Card {
  id: number;
  offer: { available: boolean; preorder: boolean; price: number };
  city_availability: { stores: number };
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

/** A fridge in stock in Moscow for at most 60 000 ₽ (the sandbox's larger limit), put in the basket. */
async function basketWithFridge(page: Page) {
  const listing = await page.request.get('/api/v3/products/catalog/holodilniki/401?per_page=24&sort=price');
  const { products } = (await listing.json()) as { products: Card[] };
  const product = products.find(
    (p) => p.offer.available && !p.offer.preorder && p.city_availability.stores > 0 && p.offer.price <= 6_000_000,
  )!;
  const added = await page.request.post('/api/basket/add-item', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    data: { product_id: product.id },
  });
  expect(added.status()).toBe(200);
}

test('pays in parts: the limit for the order’s phone, then the first payment through the sandbox acquirer', async ({
  page,
  axe,
}) => {
  test.setTimeout(120_000);
  // A phone of this run only, ending in an even digit: the sandbox's 60 000 ₽ limit.
  const phone = `${newPhone().slice(0, -1)}2`;
  await basketWithFridge(page);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Перейти к оформлению' }).click();
  await page.getByLabel('Имя').fill('Ольга');
  await page.getByLabel('Фамилия').fill('Миронова');
  await page.getByLabel('Мобильный телефон').fill(phone.slice(1));
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await pickUpAtMulticenter(page);

  await expect(page).toHaveURL(/step=payments/);
  await page.getByRole('tab', { name: 'Частями' }).click();
  const parts = page.getByRole('radio', { name: /Оплата частями/ });
  await expect(parts).toBeDisabled();
  await expect(page.getByText('Узнайте лимит «Частями» для номера телефона из заказа')).toBeVisible();
  await expect(page.getByRole('list', { name: '4 платежа раз в две недели' }).getByRole('listitem')).toHaveCount(4);
  await axe(page);
  await page.getByRole('button', { name: 'Узнать лимит' }).click();
  await expect(page.getByText('Ваш лимит «Частями»: 60 000 ₽')).toBeVisible();
  await page.getByRole('tab', { name: 'Частями' }).click();
  await expect(parts).toBeEnabled();
  await parts.check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByRole('button', { name: /Оформить заказ/ }).click();

  await expect(page).toHaveURL(/\/cart\/payment\/\d+$/);
  const orderId = Number(/\/cart\/payment\/(\d+)$/.exec(page.url())![1]);
  const before = (await (await page.request.get(`/api/payment-info/${orderId}`)).json()) as {
    order: { total_sum: number; waiting_sum: number };
  };
  // Only the first of the four parts is paid now.
  expect(before.order.waiting_sum).toBe(before.order.total_sum - 3 * Math.floor(before.order.total_sum / 4));
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await payByCard(page, '4111 1111 1111 1111');
  await expect(page).toHaveURL(new RegExp(`/cart/success/${orderId}$`));
  await expect(page.getByText('Оплачен', { exact: true }).first()).toBeVisible();
  const outbox = await page.request.get(`/api/dev/outbox?recipient=${phone}&limit=10`);
  const messages = (await outbox.json()) as { template: string; body: string }[];
  const schedules = messages.filter((m) => m.template === 'parts-schedule' && m.body.includes(`№${orderId} `));
  expect(schedules).toHaveLength(1);
});
