// Buyback «Выкуп» (issue 16 item 5, docs/decisions/0043): from /service to /likenew, brand → model → memory →
// condition with the price the API answers, the booking at a multicenter, its SMS in the outbox and the booking
// in the account; axe on every new page. Then the same page without JavaScript: the links, a refused booking
// with its messages under the fields, and a guest's booking.
import { expect, test } from './fixtures.ts';
import { newPhone, register } from './customers.ts';
import type { Page } from '@playwright/test';

/** Chooses Apple iPhone 13, 128 ГБ, «Разбит экран» on /likenew by its links. */
async function chooseIphone13(page: Page) {
  const buyback = page.locator('#buyback');
  await buyback.getByRole('link', { name: 'Apple', exact: true }).click();
  await buyback.getByRole('link', { name: /^Apple iPhone 13 2021/ }).click();
  await buyback.getByRole('link', { name: /^128 ГБ/ }).click();
  await buyback.getByRole('link', { name: /^Разбит экран/ }).click();
  await expect(page.getByRole('heading', { name: '5. Запись на сдачу устройства' })).toBeVisible();
}

/** The buyback price of iPhone 13 128 ГБ with a broken screen, as the API answers it, in kopecks. */
async function expectedPrice(page: Page): Promise<number> {
  const brands = (await (await page.request.get('/api/v1/calculator/brands')).json()) as { id: number; name: string }[];
  const apple = brands.find((b) => b.name === 'Apple')!;
  const models = (await (await page.request.get(`/api/v1/calculator/brands/${apple.id}/models`)).json()) as {
    id: number;
    name: string;
  }[];
  const iphone = models.find((m) => m.name === 'iPhone 13')!;
  const prices = (await (await page.request.get(`/api/v1/calculator/models/${iphone.id}/prices`)).json()) as {
    prices: { memory_gb: number; broken_screen: number }[];
  };
  return prices.prices.find((p) => p.memory_gb === 128)!.broken_screen;
}

const kopecksOf = (text: string) => Number(text.replace(/[^\d]/g, '')) * 100;

test('values a used phone, books its hand-in and finds the booking in the account; axe on every page', async ({
  page,
  axe,
}) => {
  // Registration, five page loads and four axe scans: a long walk on a busy machine.
  test.setTimeout(180_000);
  const phone = newPhone();
  await register(page, phone, 'Ольга');
  await page.goto('/service');
  await page.getByRole('link', { name: 'Узнать цену выкупа' }).click();
  await expect(page).toHaveURL(/\/likenew$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Выкуп техники' })).toBeVisible();
  await axe(page);

  await chooseIphone13(page);
  const price = await expectedPrice(page);
  expect(kopecksOf(await page.locator('.bb-price').innerText())).toBe(price);
  await axe(page);

  // The signed-in seller's name and phone are filled in.
  const form = page.locator('.bb-form');
  await expect(form.getByLabel('Имя')).toHaveValue('Ольга');
  const store = await form
    .getByRole('radio')
    .first()
    .evaluate((r) => (r as unknown as { value: string }).value);
  await form.getByRole('button', { name: 'Записаться на выкуп' }).click();
  await expect(page.getByRole('heading', { name: 'Вы записаны на выкуп' })).toBeVisible();
  await axe(page);
  const title = await page.getByRole('heading', { name: /^Выкуп №\d+$/ }).innerText();

  const outbox = (await (
    await page.request.get(`/api/dev/outbox?recipient=${encodeURIComponent(phone)}&limit=5`)
  ).json()) as { template: string; body: string }[];
  expect(outbox.find((m) => m.template === 'buyback-booking')?.body).toContain(
    `Запись на выкуп №${title.replace(/\D/g, '')}: Apple iPhone 13 128 ГБ`,
  );

  await page.getByRole('link', { name: 'Мои записи на выкуп' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Выкуп' })).toBeVisible();
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('Apple iPhone 13, 128 ГБ');
  await expect(card).toContainText('Запись принята');
  expect(kopecksOf(await card.locator('strong').first().innerText())).toBe(price);
  const mine = (await (await page.request.get('/api/v2/users/me/buyback-bookings')).json()) as {
    store: { id: number };
  }[];
  expect(String(mine[0]!.store.id)).toBe(store);
  await axe(page);
});

test('without JavaScript the links choose the device, a bad form comes back with its messages, a guest books', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  const page = await context.newPage();
  await page.goto('/service/trade-in');
  await page.getByRole('link', { name: 'Продайте устройство нам' }).click();
  await chooseIphone13(page);
  const form = page.locator('.bb-form');
  await form.getByLabel('Телефон').fill('+7 (495) 123-45-67');
  await form.getByRole('button', { name: 'Записаться на выкуп' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Проверьте данные записи' })).toBeVisible();
  await expect(form.getByText('Это поле необходимо заполнить.')).toBeVisible();
  await expect(form.getByText('Код номера мобильного телефона должен начинаться с «9»')).toBeVisible();
  // The choice stayed in the address.
  await expect(page.locator('.bb-price')).toBeVisible();

  await form.getByLabel('Имя').fill('Игорь');
  await form.getByLabel('Телефон').fill(`+${newPhone()}`);
  await form.getByRole('button', { name: 'Записаться на выкуп' }).click();
  await expect(page.getByRole('heading', { name: 'Вы записаны на выкуп' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('Apple iPhone 13, 128 ГБ');
  await context.close();
});
