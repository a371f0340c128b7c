import type { Page } from '@playwright/test';
import { fridgeToPaymentStep, inStockFridgeUrl } from './checkout-steps.ts';
import { newPhone, register } from './customers.ts';
import { expect, test } from './fixtures.ts';

const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Личный кабинет' });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

test('an order placed while signed in is in Мои заказы, opens, and is cancelled', async ({ page, axe }) => {
  test.setTimeout(120_000);
  const phone = newPhone();
  await register(page, phone);
  await expect(accountMenu(page).getByRole('link', { name: /Мои заказы/ })).toContainText('0');

  // Into the basket and through the /cart steps: pickup, cash on receipt.
  await fridgeToPaymentStep(page, { name: 'Анна', phone });
  await page.getByRole('tablist', { name: 'Способы оплаты' }).getByRole('tab', { name: 'При получении' }).click();
  await page.getByRole('radio', { name: /Наличными или картой при получении/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByRole('button', { name: /Оформить заказ/ }).click();
  await expect(page).toHaveURL(/\/cart\/success\/\d+$/);
  const orderId = Number(/\/cart\/success\/(\d+)$/.exec(page.url())![1]);

  // Мои заказы: the order with its status, total and payment state.
  await page.goto('/account');
  await accountMenu(page)
    .getByRole('link', { name: /Мои заказы/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Мои заказы/ })).toBeVisible();
  await expect(accountMenu(page).getByRole('link', { name: /Мои заказы/ })).toContainText('1');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Заказ №${orderId}` }) });
  await expect(card.getByText('Принят')).toBeVisible();
  await expect(card.getByText('Оплата при получении')).toBeVisible();
  await expect(card.getByRole('img').first()).toBeVisible();
  await axe(page);

  // The order itself, then «Отменить заказ» with its confirmation.
  await card.getByRole('link', { name: `Заказ №${orderId}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Заказ №${orderId}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Статусы' })).toBeVisible();
  await expect(page.getByText(/Заказ хранится до/)).toBeVisible();
  await axe(page);
  await page.getByRole('link', { name: 'Отменить заказ' }).click();
  await expect(page.getByRole('heading', { name: `Отменить заказ №${orderId}?` })).toBeVisible();
  await axe(page);
  await page.getByRole('button', { name: 'Да, отменить заказ' }).click();
  await expect(page.locator('.ao-order-head').getByText('Отменён')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Отменить заказ' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderId}\\?cancelled=1$`));
  await expect(page.getByRole('progressbar', { name: 'Загрузка страницы' })).toHaveCount(0);
  await axe(page);
});

test('a guest opening Мои заказы signs in and comes back', async ({ page, browser, baseURL }) => {
  const phone = newPhone();
  await register(page, phone);
  const guest = await browser.newContext({ baseURL: baseURL! });
  const p = await guest.newPage();
  await p.goto('/account/orders');
  await expect(p).toHaveURL(/\/user\/login\?back=%2Faccount%2Forders$/);
  await p.getByLabel('Телефон или e-mail').fill(`+${phone}`);
  await p.getByLabel('Пароль').fill('Secret123');
  await p.getByRole('button', { name: 'Войти' }).click();
  await expect(p).toHaveURL(/\/account\/orders$/);
  await expect(p.getByRole('heading', { level: 1, name: /Мои заказы/ })).toBeVisible();
  await expect(p.getByText('Заказов пока нет.', { exact: false })).toBeVisible();
  await guest.close();
});

test('promocode pages: «Дарим промокод» for everyone, the subscribers’ page after subscribing', async ({
  page,
  axe,
}) => {
  await page.goto('/user/darim-promokod');
  await expect(page.getByRole('heading', { level: 1, name: 'Дарим промокод' })).toBeVisible();
  await expect(page.getByText('ХОЛОД2000', { exact: true })).toBeVisible();
  await axe(page);

  await page.goto('/user/promo');
  await expect(page.getByRole('heading', { level: 1, name: 'Промокод для подписчиков' })).toBeVisible();
  await expect(page.getByText('ХОЛОД2000', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Войти и получить промокод' })).toBeVisible();
  await register(page, newPhone());
  await page.goto('/user/promo');
  await page.getByRole('button', { name: 'Подписаться и получить промокод' }).click();
  await expect(page.getByText('Вы подписаны на акции. Ваши промокоды:')).toBeVisible();
  await expect(page.getByText('ХОЛОД2000', { exact: true })).toBeVisible();
  await axe(page);
  await page.goto('/account/mailings');
  await expect(page.getByLabel('Акции и скидки по e-mail')).toBeChecked();
});

test('account Отзывы and Вопросы и ответы list the customer’s own posts', async ({ page, axe }) => {
  await register(page, newPhone());
  await accountMenu(page)
    .getByRole('link', { name: /Отзывы/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Отзывы' })).toBeVisible();
  await expect(page.getByText('Вы ещё не писали отзывов.', { exact: false })).toBeVisible();
  await axe(page);
  const product = await inStockFridgeUrl(page.request);
  const id = Number(product.split('/').pop());
  const posted = await page.request.post('/api/v2/comments/create', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    data: { product_id: id, type: 'question', text: 'Сколько шумит компрессор ночью?' },
  });
  expect(posted.status()).toBe(201);
  await accountMenu(page).getByRole('link', { name: 'Вопросы и ответы' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Вопросы и ответы/ })).toBeVisible();
  await expect(page.getByText('Сколько шумит компрессор ночью?')).toBeVisible();
  await expect(page.getByText('На модерации')).toBeVisible();
  await axe(page);
});
