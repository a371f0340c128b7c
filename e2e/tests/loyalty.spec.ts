// «Мультионы» (issue 15): a customer joins the programme on /account/loyalty, gets bonuses from an
// operator, spends them on an order, cancels it and sees the write-off and its return in the history.
import type { Page } from '@playwright/test';
import { inStockFridgeUrl } from './checkout-steps.ts';
import { codeFor, newPhone, register } from './customers.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { grantBonuses } from './loyalty-steps.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** The product page's «можно оплатить до N бонусами»: N, the most bonuses one unit can take. */
async function perUnitLimit(page: Page) {
  const text = await page
    .getByText(/можно оплатить до/)
    .first()
    .textContent();
  return Number(/можно оплатить до ([\d\s]+) бонус/.exec(text!)![1]!.replace(/\D/g, ''));
}

/** The guest's balance line for a card of `bonuses` (under a few thousand) on a product of `perUnit`. */
const balanceLine = (bonuses: number, perUnit: number) =>
  new RegExp(`^На вашей карте ${bonuses} бонусов: можно оплатить до ${Math.min(perUnit, bonuses)} бонус(ом|ами)$`);

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
  await grantBonuses(browser, baseURL!, cardId, 500, 'Бонусы за отзыв');

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
  // axe over a whole product page takes tens of seconds on a loaded machine.
  test.setTimeout(90_000);
  const listing = await page.request.get('/api/v3/products/catalog/holodilniki/401?per_page=24');
  const { products } = (await listing.json()) as { products: { url: string; offer: { available: boolean } }[] };
  await page.goto(products.find((p) => p.offer.available)!.url);
  const line = page.getByText(/можно оплатить до/);
  await expect(line).toContainText(/\+\d[\d\s]* бонус(а|ов)? за покупку/);
  await expect(line).toContainText(/можно оплатить до \d[\d\s]* бонус(ом|ами)/);
  await axe(page);
});

test('a guest signs in to «Мультионы» by SMS on a product page and sees what the card can pay', async ({
  page,
  axe,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const phone = newPhone();
  const productUrl = await inStockFridgeUrl(page.request);
  await page.goto(productUrl);
  const perUnit = await perUnitLimit(page);
  await waitForHydration(page);
  await page.getByText('Войти в «Мультионы» и узнать свой баланс').click();
  const phoneField = page.getByLabel('Телефон', { exact: true });
  await phoneField.fill('12345');
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(phoneField).toHaveAttribute('aria-invalid', 'true');
  await phoneField.fill(phone.slice(1));
  await page.getByRole('button', { name: 'Получить код' }).click();
  const code = page.getByLabel('Код из SMS');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Неверный код')).toBeVisible();
  await axe(page);
  await code.fill(await codeFor(page.request, phone, 'loyalty'));
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  // The action redirects back: the product page loads again, then asks the card's limit.
  await expect(page.getByTestId('loyalty-balance')).toHaveText('На вашей карте «Мультионы» пока нет бонусов', {
    timeout: 30_000,
  });

  // The card lives in the loyaltyCard cookie; an operator grants it 700 bonuses.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'loyaltyCard')!;
  await grantBonuses(browser, baseURL!, cookie.value.split('.')[0]!, 700, 'Бонусы за отзыв');
  await page.reload();
  const line = balanceLine(700, perUnit);
  await expect(page.getByTestId('loyalty-balance')).toHaveText(line);
  await axe(page);
  // The answer a sign-in without JavaScript comes to (/user/loyalty?signed=1) shows the same line.
  const productId = productUrl.split('/').pop()!;
  await page.goto(`/user/loyalty?back=${encodeURIComponent(productUrl)}&product=${productId}&signed=1`);
  await expect(page.getByTestId('loyalty-balance')).toHaveText(line);
  await axe(page);
});

test('the loyalty sign-in works before the scripts load: the answer shows the card’s balance', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: false });
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
  const page = await context.newPage();
  const phone = newPhone();
  const productUrl = await inStockFridgeUrl(page.request);
  await page.goto(productUrl);
  const perUnit = await perUnitLimit(page);
  await page.getByText('Войти в «Мультионы» и узнать свой баланс').click();
  await page.getByLabel('Телефон', { exact: true }).fill(phone.slice(1));
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page).toHaveURL(/\/user\/loyalty\?back=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Вход в «Мультионы»' })).toBeVisible();
  await page.getByLabel('Код из SMS').fill(await codeFor(page.request, phone, 'loyalty'));
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  // The product page is cached and the same for everyone: the answer is /user/loyalty with the balance.
  await expect(page).toHaveURL(/\/user\/loyalty\?.*signed=1/);
  await expect(page.getByRole('heading', { level: 1, name: 'Вы вошли в «Мультионы»' })).toBeVisible();
  await expect(page.getByTestId('loyalty-balance')).toHaveText('На вашей карте «Мультионы» пока нет бонусов');

  // An operator grants the card 700 bonuses: the same answer, not cached, shows them.
  const cookie = (await context.cookies()).find((c) => c.name === 'loyaltyCard')!;
  await grantBonuses(browser, baseURL!, cookie.value.split('.')[0]!, 700, 'Бонусы за отзыв');
  await page.reload();
  await expect(page.getByTestId('loyalty-balance')).toHaveText(balanceLine(700, perUnit));
  await page.getByRole('link', { name: 'Вернуться к товару' }).click();
  await expect(page).toHaveURL(new RegExp(`${productUrl}$`));
  await context.close();
});
