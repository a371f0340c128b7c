import type { Page } from '@playwright/test';
import { cityId, expect, test } from './fixtures.ts';

interface Card {
  id: number;
  name: string;
  offer: { available: boolean; preorder: boolean; price: number };
  city_availability: { stores: number };
}

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/**
 * A guest order placed through the API with the page's cookies (the checkout UI is another spec's):
 * a fridge in stock in Moscow, collected at a multicenter that has it, paid on collection.
 */
async function placeOrder(page: Page, phone: string) {
  const moscow = await cityId(page, 'moskva');
  const listing = await page.request.get('/api/v3/products/catalog/holodilniki/401?per_page=24');
  const { products } = (await listing.json()) as { products: Card[] };
  for (const product of products) {
    if (!product.offer.available || product.offer.preorder || product.city_availability.stores === 0) continue;
    const availability = await page.request.post('/api/v2/products/availability', {
      headers: XHR,
      data: { product_id: product.id, city_id: moscow },
    });
    const { stores } = (await availability.json()) as { stores: { id: number; type: number; quantity: number }[] };
    const store = stores.find((s) => s.type === 1 && s.quantity > 0);
    if (!store) continue;
    const added = await page.request.post(`/api/basket/add-item?city_id=${moscow}`, {
      headers: XHR,
      data: { product_id: product.id, qty: 1 },
    });
    const basket = (await added.json()) as { items: { id: number; product_id: number }[] };
    const line = basket.items.find((i) => i.product_id === product.id)!;
    const created = await page.request.post(`/api/create-order?city_id=${moscow}`, {
      headers: XHR,
      data: {
        idempotency_key: `e2e-order-status-${Date.now()}-${product.id}`,
        line_ids: [line.id],
        contacts: { contact_name: 'Анна', mobile_phone: phone, email: 'anna@example.ru' },
        delivery: { delivery_type: 1, store_id: store.id },
        payment_type: 1,
      },
    });
    expect(created.status()).toBe(201);
    return { order: (await created.json()) as { id: number; mobile_phone: string }, product };
  }
  throw new Error('no fridge in stock at a Moscow multicenter');
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

test('a guest finds an order by number and phone; a wrong phone is «Заказ не найден»', async ({ page, axe }) => {
  const { order, product } = await placeOrder(page, '+7 (916) 555-01-01');
  await page.goto('/order-status');
  await expect(page.getByRole('heading', { level: 1, name: 'Статус заказа' })).toBeVisible();
  await axe(page);

  await page.getByLabel('Номер заказа').fill(String(order.id));
  const phone = page.getByLabel('Телефон, указанный в заказе');
  await phone.pressSequentially('9165550000');
  // Hydrated, the field follows the mask as the shopper types.
  await expect(phone).toHaveValue('+7 (916) 555-00-00');
  await page.getByRole('button', { name: 'Узнать статус' }).click();
  await expect(page.getByRole('alert')).toHaveText('Заказ не найден');

  await phone.fill('');
  await phone.pressSequentially('89165550101');
  await expect(phone).toHaveValue('+7 (916) 555-01-01');
  await page.getByRole('button', { name: 'Узнать статус' }).click();
  const card = page.getByRole('region', { name: `Заказ №${order.id}` });
  await expect(card.getByText('Принят', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: product.name })).toBeVisible();
  await expect(card.getByText(/^Можно забрать с \d+ \S+$/)).toBeVisible();
  await expect(card.getByText(/^до \d+ \S+ включительно$/)).toBeVisible();
  await expect(card.getByText('Итого')).toBeVisible();
  await axe(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the lookup form posts and shows the order, and field errors come back', async ({ page }) => {
    const { order } = await placeOrder(page, '+7 (916) 555-02-02');
    await page.goto(`/order-status?order_id=${order.id}`);
    await expect(page.getByLabel('Номер заказа')).toHaveValue(String(order.id));
    await page.getByLabel('Телефон, указанный в заказе').fill('+7 (816) 555-02-02');
    await page.getByRole('button', { name: 'Узнать статус' }).click();
    await expect(page.getByText('Код номера мобильного телефона должен начинаться с «9»')).toBeVisible();
    await page.getByLabel('Телефон, указанный в заказе').fill('8 916 555 02 02');
    await page.getByRole('button', { name: 'Узнать статус' }).click();
    await expect(page.getByRole('heading', { name: `Заказ №${order.id}` })).toBeVisible();
  });
});

test('operators read the order confirmation at /dev/outbox, filtered by recipient', async ({ page, axe }) => {
  // A phone of this run only, so the filtered table holds this order's message alone.
  const digits = String(Date.now()).slice(-7);
  const { order } = await placeOrder(page, `+7 916 ${digits}`);
  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Исходящие сообщения' })).toBeVisible();
  await page.getByLabel('Получатель').fill(order.mobile_phone);
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(new RegExp(`recipient=${order.mobile_phone}`));
  const table = page.getByRole('table', { name: 'Исходящие e-mail и SMS' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText(`заказ №${order.id} принят`, { exact: false })).toBeVisible();
  await axe(page);
});
