// One-click and corporate fast orders (decision 0008), a courier order paid in cash on receipt through
// the checkout steps, §8 'no deliveries' on the one-click page, and the basket's cap message without
// JavaScript.
import type { Page } from '@playwright/test';
import { cityId, expect, test } from './fixtures.ts';

interface Card {
  id: number;
  url: string;
  name: string;
  offer: { available: boolean; preorder: boolean; price: number };
  city_availability: { stores: number; quantity: number };
  /** The purchase rule's answer (decision 0010): `max_qty` counts the units other cities can send too. */
  purchase: { way: string; max_qty: number };
}

/** Products of a listing in stock in Moscow, not preorders. */
async function inStock(page: Page, listing = '/catalog/holodilniki/401'): Promise<Card[]> {
  const response = await page.request.get(`/api/v3/products${listing}?per_page=24`);
  const { products } = (await response.json()) as { products: Card[] };
  return products.filter((p) => p.offer.available && !p.offer.preorder && p.city_availability.stores > 0);
}

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

async function basketLines(page: Page) {
  const response = await page.request.get('/api/basket/get-basket', { headers: XHR });
  return ((await response.json()) as { items: { product_id: number; qty: number }[] }).items.map((i) => [
    i.product_id,
    i.qty,
  ]);
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

test('«Купить в 1 клик» on the product page orders that product only; the basket stays as it was', async ({
  page,
  axe,
}) => {
  const [kept, product] = (await inStock(page)).slice(3, 5) as [Card, Card];
  await page.request.post('/api/basket/add-item', { headers: XHR, data: { product_id: kept.id, qty: 1 } });
  const before = await basketLines(page);

  await page.goto(product.url);
  await page.getByRole('region', { name: 'Покупка' }).getByRole('link', { name: 'Купить в 1 клик' }).click();
  await expect(page).toHaveURL(new RegExp(`/cart/one-click\\?product=${product.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Купить в 1 клик' })).toBeVisible();
  await expect(page.getByRole('complementary').getByRole('link', { name: product.name })).toBeVisible();
  // The nearest sensible way is preselected: collecting at a multicenter.
  await expect(page.getByRole('radio', { name: /^Самовывоз из Мультицентра/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^При получении/ })).toBeChecked();
  await axe(page);

  // Nothing filled in: the §5 messages, and the choices stay.
  await page.getByRole('button', { name: /^Оформить заказ/ }).click();
  await expect(page.getByLabel('Имя *')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Это поле необходимо заполнить.').first()).toBeVisible();
  await expect(page.locator('.loading-bar')).toBeHidden();
  await axe(page);

  await page.getByLabel('Имя *').fill('Анна');
  const phone = page.getByLabel('Мобильный телефон *');
  await phone.fill('9165550123');
  await expect(phone).toHaveValue('+7 (916) 555-01-23');
  await page.getByRole('button', { name: /^Оформить заказ/ }).click();

  await expect(page).toHaveURL(/\/cart\/success\/\d+$/);
  const orderId = /\/cart\/success\/(\d+)$/.exec(page.url())![1];
  await expect(page.getByRole('heading', { level: 1, name: `Спасибо! Заказ №${orderId} оформлен` })).toBeVisible();
  await expect(page.getByRole('complementary').getByText(product.name)).toBeVisible();
  await axe(page);
  expect(await basketLines(page)).toEqual(before);
});

test('«Купить в 1 клик» for the whole basket, by courier, paid online, goes to the payment page', async ({ page }) => {
  const [product] = (await inStock(page)).slice(5, 6) as [Card];
  await page.request.post('/api/basket/add-item', { headers: XHR, data: { product_id: product.id, qty: 1 } });
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Купить в 1 клик' }).click();
  await expect(page).toHaveURL(/\/cart\/one-click$/);
  await page.getByLabel('Имя *').fill('Олег');
  await page.getByLabel('Мобильный телефон *').fill('9165550124');
  await page.getByRole('radio', { name: /^Курьером/ }).check();
  await page.getByRole('radio', { name: /^Онлайн/ }).check();
  await page.getByRole('button', { name: /^Оформить заказ/ }).click();
  await expect(page.getByLabel('Адрес доставки (для курьера)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Имя *')).toHaveValue('Олег');
  await page.getByLabel('Адрес доставки (для курьера)').fill('ул. Тверская, д. 7, кв. 12');
  await page.getByRole('button', { name: /^Оформить заказ/ }).click();
  await expect(page).toHaveURL(/\/cart\/payment\/\d+$/);
  expect(await basketLines(page)).toEqual([]);
});

test('a city with no deliveries: the one-click page says so instead of the form (§8)', async ({
  page,
  axe,
  baseURL,
}) => {
  const [product] = (await inStock(page)).slice(6, 7) as [Card];
  const satka = await cityId(page, 'satka');
  // The visitor's city cookie (the shell falls back to a city with deliveries for its own blocks).
  await page.context().addCookies([{ name: 'city_id', value: String(satka), url: baseURL! }]);
  await page.goto(`/cart/one-click?product=${product.id}`);
  await expect(page.getByRole('alert')).toContainText('Не удалось подобрать способ получения');
  await expect(page.getByRole('button', { name: /^Оформить заказ/ })).toHaveCount(0);
  await axe(page);
});

test('«Заказ для юрлица»: the ИНН is checked, the request is sent, the contact centre will call', async ({
  page,
  axe,
}) => {
  const [product] = (await inStock(page)).slice(7, 8) as [Card];
  await page.request.post('/api/basket/add-item', { headers: XHR, data: { product_id: product.id, qty: 1 } });
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Заказ для юрлица' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Заказ для юрлица' })).toBeVisible();
  await axe(page);

  await page.getByLabel('ИНН компании *').fill('7707083894');
  await page.getByLabel('Название компании *').fill('ООО «Ромашка»');
  await page.getByLabel('Контактное лицо *').fill('Пётр');
  await page.getByLabel('Мобильный телефон *').fill('9165550125');
  await page.getByLabel('Электронная почта *').fill('zakupki@romashka.ru');
  await page.getByLabel('Комментарий').fill('Счёт с НДС');
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByText('Проверьте ИНН: такого номера не бывает')).toBeVisible();
  await expect(page.getByLabel('Название компании *')).toHaveValue('ООО «Ромашка»');
  await axe(page);

  await page.getByLabel('ИНН компании *').fill('7707083893');
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page).toHaveURL(/\/cart\/success\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Заявка отправлена: заказ №\d+$/ })).toBeVisible();
  await expect(page.getByText('С вами свяжется оператор контакт-центра')).toBeVisible();
  await axe(page);
  expect(await basketLines(page)).toEqual([]);
});

test('a courier order paid in cash on receipt through the checkout steps', async ({ page }) => {
  const [product] = (await inStock(page)).slice(8, 9) as [Card];
  await page.request.post('/api/basket/add-item', { headers: XHR, data: { product_id: product.id, qty: 1 } });
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Перейти к оформлению' }).click();
  await page.getByLabel('Имя').fill('Иван');
  await page.getByLabel('Мобильный телефон').fill('9165550126');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(/step=delivery/);
  await page.getByRole('radio', { name: /^Курьером/ }).check();
  await page.getByRole('radio', { name: '10:00–14:00' }).check();
  await page.getByLabel('Адрес доставки *').fill('ул. Тверская, д. 7, кв. 12');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(/step=payments/);
  await page.getByRole('tablist', { name: 'Способы оплаты' }).getByRole('tab', { name: 'При получении' }).click();
  await page.getByRole('radio', { name: /Наличными или картой курьеру/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(/step=summary/);
  await page.getByRole('button', { name: /Оформить заказ/ }).click();
  await expect(page).toHaveURL(/\/cart\/success\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Спасибо! Заказ №\d+ оформлен$/ })).toBeVisible();
  await expect(page.getByText('ул. Тверская, д. 7, кв. 12')).toBeVisible();
  await expect(page.getByText(/Наличными или картой курьеру/).first()).toBeVisible();
});

test('without JavaScript the cap message survives the redirect after adding from the product page', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
  const page = await context.newPage();
  // The phone with the most units in Moscow: its cap is the product's max_quantity (5 for phones), and no
  // other test buys it down meanwhile (money.spec buys the one with the fewest).
  const cards = await inStock(page, '/catalog/smartfony/224');
  const product = cards.sort((a, b) => b.city_availability.quantity - a.city_availability.quantity)[0];
  expect(product, 'a phone in stock in Moscow').toBeDefined();
  expect(product!.purchase.max_qty).toBeLessThanOrEqual(10);
  const buy = async () => {
    await page.goto(product!.url);
    await page.getByRole('region', { name: 'Покупка' }).getByRole('button', { name: 'Купить', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
  };
  const cap = product!.purchase.max_qty;
  for (let i = 0; i < cap; i++) await buy();
  await expect(page.getByRole('status').filter({ hasText: 'Можно купить не больше' })).toHaveCount(0);
  await buy();
  await expect(page.getByRole('status').filter({ hasText: `Можно купить не больше ${cap} шт.` })).toBeVisible();
  // Shown once: a reload no longer says it.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Можно купить не больше' })).toHaveCount(0);
  await context.close();
});

test('without JavaScript the one-click page is the same form and places the order', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
  const page = await context.newPage();
  const [product] = (await inStock(page)).slice(9, 10) as [Card];
  await page.goto(product.url);
  await page.getByRole('region', { name: 'Покупка' }).getByRole('link', { name: 'Купить в 1 клик' }).click();
  await expect(page).toHaveURL(new RegExp(`/cart/one-click\\?product=${product.id}$`));
  await page.getByLabel('Имя *').fill('Анна');
  await page.getByLabel('Мобильный телефон *').fill('89165550127');
  await page.getByRole('radio', { name: /^Курьером/ }).check();
  await page.getByRole('button', { name: /^Оформить заказ/ }).click();
  // The courier needs an address: the form comes back with what was typed.
  await expect(page.getByLabel('Адрес доставки (для курьера)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Мобильный телефон *')).toHaveValue('+7 (916) 555-01-27');
  await expect(page.getByRole('radio', { name: /^Курьером/ })).toBeChecked();
  await page.getByLabel('Адрес доставки (для курьера)').fill('ул. Тверская, д. 7, кв. 12');
  await page.getByRole('button', { name: /^Оформить заказ/ }).click();
  await expect(page).toHaveURL(/\/cart\/success\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Спасибо! Заказ №\d+ оформлен$/ })).toBeVisible();
  await expect(page.getByText('ул. Тверская, д. 7, кв. 12')).toBeVisible();
  await context.close();
});

test('one click on a product only a seller has: the seller’s ways, and the order is placed', async ({ page }) => {
  let found: { card: Card; seller: number } | null = null;
  for (let from = 1; from < 400 && !found; from += 20) {
    const ids = Array.from({ length: 20 }, (_, k) => from + k).join(',');
    const cards = (await (await page.request.get(`/api/v3/products?product_ids=${ids}`)).json()) as Card[];
    for (const card of cards.filter((c) => c.city_availability.quantity === 0 && !c.offer.preorder)) {
      const detail = (await (await page.request.get(`/api/v3/products/${card.id}`)).json()) as {
        supplier_offers: { supplier_id: number; qty: number }[];
      };
      const offer = detail.supplier_offers.find((o) => o.qty > 0);
      if (offer) {
        found = { card, seller: offer.supplier_id };
        break;
      }
    }
  }
  expect(found, 'a seller-only product in the demo data').not.toBeNull();
  await page.goto(`/cart/one-click?product=${found!.card.id}`);
  await expect(page.getByRole('radio', { name: /^Самовывоз из Мультицентра/ })).toHaveCount(0);
  await expect(page.getByRole('radio').first()).toBeVisible();
  await page.getByLabel('Имя *').fill('Анна');
  await page.getByLabel('Мобильный телефон *').fill('9165550128');
  const address = page.getByLabel('Адрес доставки (для курьера)');
  if ((await address.count()) > 0) await address.fill('ул. Тверская, д. 7, кв. 12');
  await page.getByRole('button', { name: /^Оформить заказ/ }).click();
  await expect(page).toHaveURL(/\/cart\/(success|payment)\/\d+$/);
});
