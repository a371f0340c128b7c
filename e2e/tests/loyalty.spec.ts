// «Мультионы» (issue 15): a customer joins the programme on /account/loyalty, gets bonuses from an
// operator, spends them on an order, cancels it and sees the write-off and its return in the history.
import { newPhone, register } from './customers.ts';
import { expect, test } from './fixtures.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

test('join the programme, spend bonuses on an order, cancel it and get them back', async ({
  page,
  axe,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await register(page, newPhone());
  await page.goto('/account/loyalty');
  await expect(page.getByRole('heading', { level: 1, name: 'Мультионы' })).toBeVisible();
  await axe(page);
  await page.getByRole('button', { name: 'Вступить в программу' }).click();
  const barcode = page.getByRole('img', { name: /^Штрихкод карты \d{13}$/ });
  await expect(barcode).toBeVisible();
  const cardId = /(\d{13})$/.exec((await barcode.getAttribute('aria-label'))!)![1]!;
  await expect(page.getByText('Пока нет бонусов.')).toBeVisible();

  // An operator grants 500 bonuses with a comment (POST /api/ops/loyalty/custom).
  const staff = await browser.newContext({ baseURL: baseURL! });
  const signIn = await staff.request.post('/api/user/register-upos', {
    headers: XHR,
    data: { mode: 'token', code: 'XEMP000000005005' },
  });
  expect(signIn.status()).toBe(200);
  const granted = await staff.request.post('/api/ops/loyalty/custom', {
    headers: XHR,
    data: { card_id: cardId, amount: 500, comment: 'Бонусы за отзыв', idempotency_key: `e2e-${cardId}` },
  });
  expect(granted.status()).toBe(201);
  await staff.close();

  await page.reload();
  await expect(page.getByText('Бонусы за отзыв')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('link', { name: /Мультионы/ }),
  ).toContainText('500');

  // An order paying 200 of them: a fridge in stock, picked up at a multicenter, cash on receipt.
  const listing = await page.request.get('/api/v3/products/catalog/holodilniki/401?per_page=24');
  const { products } = (await listing.json()) as {
    products: { id: number; offer: { available: boolean; preorder: boolean }; city_availability: { stores: number } }[];
  };
  const fridge = products.find((p) => p.offer.available && !p.offer.preorder && p.city_availability.stores > 0)!;
  const basket = await page.request.post('/api/basket/add-item', { headers: XHR, data: { product_id: fridge.id } });
  const lineId = ((await basket.json()) as { items: { id: number; product_id: number }[] }).items.find(
    (i) => i.product_id === fridge.id,
  )!.id;
  const moscow = ((await (await page.request.get('/api/v2/cities/alias/moskva')).json()) as { id: number }).id;
  const ways = await page.request.get(`/api/v2/stores?city_id=${moscow}&remove_pagination=1&expand=type`);
  const store = ((await ways.json()) as { id: number; type: number }[]).find((s) => s.type === 1)!;
  const placed = await page.request.post(`/api/create-order?city_id=${moscow}`, {
    headers: XHR,
    data: {
      idempotency_key: `e2e-loyalty-${cardId}-order`,
      line_ids: [lineId],
      contacts: { contact_name: 'Анна', mobile_phone: '+7 (916) 000-00-00' },
      delivery: { delivery_type: 1, store_id: store.id },
      payment_type: 1,
      bonuses: 200,
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { id: number };

  await page.reload();
  await expect(page.getByText(`Заблокировано для оплаты заказа №${order.id}`)).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '200 бонусов' }).first()).toBeVisible();

  const cancelled = await page.request.post(`/api/v3/customer/orders/${order.id}/cancel`, { headers: XHR });
  expect(cancelled.status()).toBe(200);
  await page.reload();
  await expect(page.getByText('Возврат списанных бонусов')).toBeVisible();
  await expect(page.getByText('+200')).toBeVisible();
  await axe(page);
});

test('a product page says how many bonuses the product earns and how many can pay for it', async ({ page, axe }) => {
  const listing = await page.request.get('/api/v3/products/catalog/holodilniki/401?per_page=24');
  const { products } = (await listing.json()) as { products: { url: string; offer: { available: boolean } }[] };
  await page.goto(products.find((p) => p.offer.available)!.url);
  const line = page.getByText(/можно оплатить до/);
  await expect(line).toContainText(/\+\d[\d\s]* бонус(а|ов)? за покупку/);
  await expect(line).toContainText(/можно оплатить до \d[\d\s]* бонус(ом|ами)/);
  await axe(page);
});
