import type { Browser, Page } from '@playwright/test';
import { addFromProductPage, pickUpAtMulticenter } from './checkout-steps.ts';
import { expect, test } from './fixtures.ts';

interface Card {
  id: number;
  url: string;
  name: string;
  offer: { available: boolean; preorder: boolean; order_type: string };
  city_availability: { stores: number };
}

/** A fridge in stock in Moscow that takes an extended warranty, from the store's own API. */
async function fridge(page: Page): Promise<Card> {
  const response = await page.request.get('/api/v3/products/catalog/holodilniki/401?per_page=24');
  const { products } = (await response.json()) as { products: Card[] };
  for (const p of products) {
    if (!p.offer.available || p.offer.preorder || p.city_availability.stores === 0) continue;
    const warranties = (await (await page.request.get(`/api/v2/products/${p.id}/warranties`)).json()) as unknown[];
    if (warranties.length > 0) return p;
  }
  throw new Error('no fridge in stock with a warranty');
}

/** What the basket costs now (goods and warranties), from the API with this page's cookies. */
async function basketSum(page: Page): Promise<number> {
  const response = await page.request.get('/api/basket/get-basket', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  return ((await response.json()) as { totals: { sum: number } }).totals.sum;
}

/** Rubles shown in a price text ('61 990 ₽' → 61990). */
const rubles = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(/,\d+$/, ''));

const buyBox = (page: Page) => page.getByRole('region', { name: 'Покупка' });
const steps = (page: Page) => page.getByRole('navigation', { name: 'Шаги оформления' });
const total = (page: Page) => page.getByTestId('order-total');

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

async function fillContacts(page: Page, phone: string) {
  await page.getByLabel('Имя').fill('Иван');
  await page.getByLabel('Фамилия').fill('Петров');
  await page.getByLabel('Мобильный телефон').fill(phone);
  await page.getByLabel('Электронная почта').fill('ivan@example.ru');
  await page.getByRole('button', { name: 'Продолжить' }).click();
}

test('a fridge with a warranty through contacts, delivery, payments and the summary', async ({ page, axe }) => {
  test.setTimeout(120_000);
  const product = await fridge(page);
  await page.goto(product.url);
  await expect(buyBox(page).getByRole('button', { name: 'В избранное' })).toBeEnabled();
  await buyBox(page).getByRole('button', { name: 'Купить с гарантией на 1 год' }).click();
  await expect(buyBox(page).getByRole('link', { name: 'В корзине' }).first()).toBeVisible();

  // Basket step: the order's promotions, the total and the way on.
  await page.goto('/cart');
  await expect(steps(page).getByText('Корзина')).toBeVisible();
  const sum = await basketSum(page);
  await expect(total(page)).toHaveText(/\d/);
  expect(rubles(await total(page).textContent())).toBe(sum / 100);
  await axe(page);
  await page.getByRole('button', { name: 'Перейти к оформлению' }).click();

  // Contacts: a phone not starting with 9 gets the §5 message; what was typed stays.
  await expect(page).toHaveURL(/step=contacts/);
  await expect(page.getByRole('heading', { name: 'Контактные данные' })).toBeVisible();
  await fillContacts(page, '+7 (816) 123-45-67');
  const phone = page.getByLabel('Мобильный телефон');
  await expect(page.getByText('Код номера мобильного телефона должен начинаться с «9»')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Имя')).toHaveValue('Иван');
  await expect(page.getByLabel('Электронная почта')).toHaveValue('ivan@example.ru');
  await axe(page);
  await phone.fill('9161234567');
  await expect(phone).toHaveValue('+7 (916) 123-45-67');
  await page.getByRole('button', { name: 'Продолжить' }).click();

  // Delivery: a courier needs an address; its day and time slot are chosen.
  await expect(page).toHaveURL(/step=delivery/);
  await expect(page.getByRole('heading', { name: 'Способ получения' })).toBeVisible();
  await page.getByRole('radio', { name: /^Курьером/ }).check();
  await page.getByLabel('День доставки').selectOption({ index: 1 });
  await page.getByRole('radio', { name: '14:00–18:00' }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByText('Это поле необходимо заполнить.')).toBeVisible();
  await expect(page.getByLabel('Адрес доставки *')).toHaveAttribute('aria-invalid', 'true');
  await axe(page);
  await page.getByLabel('Адрес доставки *').fill('ул. Тверская, д. 7, кв. 12');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(/step=payments/);

  // Back to delivery: the courier choice is kept; switch to collecting at a multicenter.
  await steps(page)
    .getByRole('link', { name: /Доставка/ })
    .click();
  await expect(page.getByRole('radio', { name: /^Курьером/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Самовывоз из Мультицентра/ }).check();
  const stores = page.getByRole('group', { name: /Самовывоз из Мультицентра: выберите пункт/ });
  await expect(stores.getByRole('radio').first()).toBeVisible();
  await expect(page.getByRole('group', { name: /Карта: \d+ пунктов получения/ })).toBeVisible();
  await expect(stores.getByText(/Получить (через 15 минут|сегодня c|завтра c|\d+ \S+ c)/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByText('Выберите пункт получения')).toBeVisible();
  await stores.getByRole('radio').first().check();
  await axe(page);
  await page.getByRole('button', { name: 'Продолжить' }).click();

  // Payments: the five tabs, each with its methods.
  await expect(page).toHaveURL(/step=payments/);
  const tabs = page.getByRole('tablist', { name: 'Способы оплаты' });
  await expect(tabs.getByRole('tab')).toHaveText(['Онлайн', 'При получении', 'Рассрочка', 'Кредит', 'Частями']);
  await tabs.getByRole('tab', { name: 'Кредит' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Кредит' }).getByRole('radio').first()).toBeVisible();
  await tabs.getByRole('tab', { name: 'Онлайн' }).click();
  await page.getByRole('radio', { name: /Банковской картой онлайн/ }).check();
  await axe(page);
  await page.getByRole('button', { name: 'Продолжить' }).click();

  // Summary: everything the shopper pays; pickup is free, so the total is the basket's.
  await expect(page).toHaveURL(/step=summary/);
  await expect(page.getByRole('heading', { name: 'Проверьте заказ' })).toBeVisible();
  const summary = page.getByRole('list', { name: 'Товары заказа' });
  await expect(summary.getByRole('link', { name: product.name })).toBeVisible();
  await expect(summary.getByText(/Гарантия: Дополнительная гарантия на 1 год/)).toBeVisible();
  await expect(page.getByText('Иван Петров, +7 (916) 123-45-67, ivan@example.ru')).toBeVisible();
  await expect(page.getByText(/Самовывоз из Мультицентра: .+ · бесплатно/)).toBeVisible();
  await expect(page.getByText('Банковской картой онлайн')).toBeVisible();
  expect(rubles(await total(page).textContent())).toBe(sum / 100);
  await axe(page);

  // Reloading keeps everything: the draft is on the server.
  await page.reload();
  await expect(page.getByText('Иван Петров, +7 (916) 123-45-67, ivan@example.ru')).toBeVisible();
});

test('«Оформить заказ» places the order; the 3-D Secure card pays it and the success page shows its status', async ({
  page,
  axe,
}) => {
  const product = await fridge(page);
  await addFromProductPage(page, product.url, 'Купить с гарантией на 1 год');
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Перейти к оформлению' }).click();
  await fillContacts(page, '9161234567');
  await pickUpAtMulticenter(page);
  await page.getByRole('radio', { name: /Банковской картой онлайн/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByRole('button', { name: /Оформить заказ/ }).click();
  await expect(page).toHaveURL(/\/cart\/payment\/\d+$/);
  const orderId = Number(/\/cart\/payment\/(\d+)$/.exec(page.url())![1]);
  // The header counter's cookie already knows the basket is empty.
  const counter = (await page.context().cookies()).find((c) => c.name === 'basket_count');
  expect(counter?.value).toBe('0');
  await axe(page);

  // The sandbox acquirer: the 3-D Secure test card, then its confirmation code.
  await page.getByRole('radio', { name: /Банковской картой/ }).check();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByText('Тестовая платёжная страница')).toBeVisible();
  await page.getByLabel('Номер карты').fill('4000 0000 0000 3220');
  await page.getByLabel('Срок действия').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Имя владельца').fill('IVAN PETROV');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByRole('heading', { name: 'Подтверждение покупки' })).toBeVisible();
  await page.getByLabel('Код из SMS').fill('123456');
  await page.getByRole('button', { name: 'Подтвердить' }).click();

  await expect(page).toHaveURL(new RegExp(`/cart/success/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Спасибо! Заказ №${orderId} оформлен` })).toBeVisible();
  await expect(page.getByText('Оплачен', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Заказ хранится до/)).toBeVisible();
  await axe(page);

  // The guest finds the same order by its number and phone.
  await page.goto('/order-status');
  await page.getByLabel('Номер заказа').fill(String(orderId));
  await page.getByLabel(/Телефон/).fill('9161234567');
  await page.getByRole('button', { name: 'Узнать статус' }).click();
  await expect(page.getByText('Оплачен', { exact: true }).first()).toBeVisible();

  // The ordered lines left the basket.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Корзина пуста' })).toBeVisible();
});

async function noScriptPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL }]);
  return { context, page: await context.newPage() };
}

test('without JavaScript every step works as plain forms and the order reaches the payment page', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await noScriptPage(browser, baseURL!);
  const product = await fridge(page);
  await page.goto(product.url);
  await buyBox(page).getByRole('button', { name: 'Купить', exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const sum = await basketSum(page);
  await page.getByRole('button', { name: 'Перейти к оформлению' }).click();

  await expect(page).toHaveURL(/step=contacts/);
  await fillContacts(page, '+7 (816) 123-45-67');
  await expect(page.getByText('Код номера мобильного телефона должен начинаться с «9»')).toBeVisible();
  await expect(page.getByLabel('Имя')).toHaveValue('Иван');
  await page.getByLabel('Мобильный телефон').fill('+7 (916) 123-45-67');
  await page.getByRole('button', { name: 'Продолжить' }).click();

  // Every way's details are on the page without JavaScript; the chosen radio decides.
  await expect(page).toHaveURL(/step=delivery/);
  await pickUpAtMulticenter(page);

  // All five tabs are sections without JavaScript.
  await expect(page).toHaveURL(/step=payments/);
  for (const label of ['Онлайн', 'При получении', 'Рассрочка', 'Кредит', 'Частями']) {
    await expect(page.getByRole('heading', { level: 3, name: label })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByText('Выберите способ оплаты')).toBeVisible();
  await page.getByRole('radio', { name: /Банковской картой онлайн/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();

  await expect(page).toHaveURL(/step=summary/);
  await expect(page.getByText('Иван Петров, +7 (916) 123-45-67, ivan@example.ru')).toBeVisible();
  expect(rubles(await total(page).textContent())).toBe(sum / 100);

  // Placing the order is a plain form too, and it reaches the payment page.
  await page.getByRole('button', { name: /Оформить заказ/ }).click();
  await expect(page).toHaveURL(/\/cart\/payment\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Оплата заказа №\d+$/ })).toBeVisible();
  await context.close();
});

test('a step cannot be opened before the ones it needs', async ({ page }) => {
  const product = await fridge(page);
  await page.goto(product.url);
  await expect(buyBox(page).getByRole('button', { name: 'В избранное' })).toBeEnabled();
  await buyBox(page).getByRole('button', { name: 'Купить', exact: true }).click();
  await expect(buyBox(page).getByRole('link', { name: 'В корзине' }).first()).toBeVisible();
  await page.goto('/cart?step=summary');
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('button', { name: 'Перейти к оформлению' }).click();
  // The button starts the checkout on the server; typing the next address before that
  // answer arrives would ask about a checkout that has not begun yet.
  await expect(page).toHaveURL(/step=contacts/);
  await page.goto('/cart?step=payments');
  await expect(page).toHaveURL(/step=contacts/);
});
