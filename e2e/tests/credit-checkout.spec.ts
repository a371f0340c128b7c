// Issue 17: credit in checkout — bank instalment (20) offered as 0-0-24 and 0-0-36 for a basket of
// bank-flagged products, each with its monthly payment; the chosen variant is the application's, and
// a signed-in customer finds the application in the account's order page and list.
import type { Page } from '@playwright/test';
import { contactsStep, pickUpAtMulticenter } from './checkout-steps.ts';
import { newPhone, register } from './customers.ts';
import { expect, test } from './fixtures.ts';

interface Card {
  id: number;
  offer: { available: boolean; preorder: boolean; price: number };
  city_availability: { stores: number };
}
interface Options {
  instalments: { label: string; monthly_payment: number }[];
}

/** A whole-ruble sum as the store prints it (thousands grouped by a space), e.g. /5\s?000\s₽/. */
const rub = (kopecks: number) => new RegExp(`${String(kopecks / 100).replace(/\B(?=(\d{3})+(?!\d))/g, '\\s?')}\\s₽`);

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

/** A TV in stock in Moscow that qualifies for both variants; put in the basket. Answers its variants. */
async function basketWithInstalmentTv(page: Page) {
  const listing = await page.request.get('/api/v3/products/catalog/televizory/201?per_page=24');
  const { products } = (await listing.json()) as { products: Card[] };
  for (const p of products.filter((c) => c.offer.available && !c.offer.preorder && c.city_availability.stores > 0)) {
    const answer = await page.request.get(`/api/v2/credit/checkout-options?product_ids=${p.id}&sum=${p.offer.price}`);
    const options = (await answer.json()) as Options;
    if (options.instalments.length < 2) continue;
    const added = await page.request.post('/api/basket/add-item', {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      data: { product_id: p.id },
    });
    expect(added.status()).toBe(200);
    return options.instalments;
  }
  throw new Error('no TV with both bank instalments in stock');
}

/** Checkout from the basket to the bank application with bank instalment `label`; answers the order id. */
async function orderByInstalment(page: Page, label: string, phone: string, axe?: (page: Page) => Promise<void>) {
  const variants = await basketWithInstalmentTv(page);
  await contactsStep(page, { name: 'Ольга', surname: 'Миронова', phone });
  await pickUpAtMulticenter(page);

  await expect(page).toHaveURL(/step=payments/);
  await page.getByRole('tablist', { name: 'Способы оплаты' }).getByRole('tab', { name: 'Рассрочка' }).click();
  for (const v of variants) {
    const radio = page.getByRole('radio', { name: new RegExp(`^Рассрочка ${v.label}`) });
    await expect(radio).toBeEnabled();
    await expect(page.locator('.co-way').filter({ has: radio })).toContainText(rub(v.monthly_payment));
  }
  if (axe) await axe(page);
  await page.getByRole('radio', { name: new RegExp(`^Рассрочка ${label}`) }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  // The summary step names the chosen plan. (An exact getByText also matched the payment step's own label,
  // so it passed before the summary came, and failed when the summary came first: its line ends in «Изменить».)
  await expect(
    page
      .getByRole('region', { name: 'Проверьте заказ' })
      .locator('dd')
      .filter({ hasText: `Рассрочка ${label}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: /Оформить заказ/ }).click();

  await expect(page).toHaveURL(/\/cart\/credit\/\d+$/);
  const orderId = Number(/\/cart\/credit\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: `Рассрочка от банка на заказ №${orderId}` })).toBeVisible();
  const months = label.split('-')[2];
  await expect(page.locator('.credit-facts')).toContainText(`${months} мес. (${label})`);
  const shown = variants.find((v) => v.label === label)!;
  await expect(page.locator('.credit-facts')).toContainText(rub(shown.monthly_payment));
  return { orderId, monthly: shown.monthly_payment };
}

/** Cancels the application with its order (stock released), so repeated runs do not use up the TV. */
async function cancelOrder(page: Page, orderId: number) {
  const cancelled = await page.request.post(`/api/v2/credit/applications/${orderId}/cancel`, {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
}

test('bank instalment 0-0-36 chosen in checkout opens the bank application for 36 months', async ({ page, axe }) => {
  test.setTimeout(120_000);
  const { orderId } = await orderByInstalment(page, '0-0-36', newPhone(), axe);
  await cancelOrder(page, orderId);
});

test('a signed-in customer sees the application in the account’s order page and order list', async ({ page, axe }) => {
  test.setTimeout(150_000);
  const phone = newPhone();
  await register(page, phone);
  const { orderId, monthly } = await orderByInstalment(page, '0-0-24', phone);

  await page.goto(`/account/orders/${orderId}`);
  const block = page.getByRole('region', { name: 'Рассрочка от банка' });
  await expect(block.getByText('Анкета не отправлена', { exact: true })).toBeVisible();
  await expect(block.getByText('24 мес. (0-0-24)')).toBeVisible();
  await expect(block).toContainText(rub(monthly));
  await expect(block.getByText('Заполните анкету и подтвердите телефон, чтобы отправить заявку в банки')).toBeVisible();
  await axe(page);

  await page.goto('/account/orders');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Заказ №${orderId}` }) });
  await expect(card.getByText('Анкета не отправлена')).toBeVisible();
  await card.getByRole('link', { name: 'Перейти к заявке' }).click();
  await expect(page).toHaveURL(new RegExp(`/cart/credit/${orderId}$`));
  await cancelOrder(page, orderId);
});

test('a TV the rental partner rents out shows its monthly fees on the product page; a fridge shows none', async ({
  page,
  axe,
}) => {
  test.setTimeout(120_000);
  const listing = await page.request.get('/api/v3/products/catalog/televizory/201?per_page=24');
  const { products } = (await listing.json()) as { products: (Card & { url: string })[] };
  const tv = products.find((p) => p.offer.available && p.offer.price >= 1_500_000)!;
  const rent = (await (await page.request.get(`/api/v2/arenter/availability?item_id=${tv.id}&counter=2`)).json()) as {
    plans: { months: number; monthly_fee: number }[];
  };
  expect(rent.plans.length).toBe(2);
  await page.goto(tv.url);
  const block = page.getByRole('region', { name: 'Аренда вместо покупки' });
  for (const plan of rent.plans) {
    await expect(block.getByRole('listitem').filter({ hasText: `На ${plan.months}` })).toContainText(
      rub(plan.monthly_fee),
    );
  }
  await axe(page);

  const fridges = await page.request.get('/api/v3/products/catalog/holodilniki/401?per_page=24');
  const fridge = ((await fridges.json()) as { products: (Card & { url: string })[] }).products.find(
    (p) => p.offer.available,
  )!;
  await page.goto(fridge.url);
  await expect(page.getByRole('region', { name: 'Покупка' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Аренда вместо покупки' })).toHaveCount(0);
});
