// Issue 17: buying on credit with the offline sandbox bank — the approve passport signed by SMS, and the
// decline passport leaving the order cancelled.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

interface Card {
  id: number;
  offer: { available: boolean; preorder: boolean };
  city_availability: { stores: number };
}

/** A guest pickup order of an in-stock fridge paid by «Кредит онлайн» (13). */
async function creditOrder(request: APIRequestContext, phone: string): Promise<number> {
  const listing = await request.get('/api/v3/products/catalog/holodilniki/401?per_page=24');
  const { products } = (await listing.json()) as { products: Card[] };
  const product = products.find((p) => p.offer.available && !p.offer.preorder && p.city_availability.stores > 0)!;
  const added = await request.post('/api/basket/add-item', { headers: XHR, data: { product_id: product.id } });
  const basket = (await added.json()) as { items: { id: number; product_id: number }[] };
  const line = basket.items.find((i) => i.product_id === product.id)!;
  const availability = await request.post('/api/v2/products/availability', {
    headers: XHR,
    data: { product_id: product.id },
  });
  const { stores } = (await availability.json()) as { stores: { id: number; group: string; availability: string }[] };
  const store = stores.find((s) => s.group === 'multicenter' && s.availability === 'in-stock')!;
  const created = await request.post('/api/create-order', {
    headers: XHR,
    data: {
      idempotency_key: randomBytes(16).toString('hex'),
      line_ids: [line.id],
      contacts: { contact_name: 'Анна', mobile_phone: phone },
      delivery: { delivery_type: 1, store_id: store.id },
      payment_type: 13,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { id: number; status: { id: string } };
  expect(order.status.id).toBe('23');
  return order.id;
}

async function smsCode(page: Page, phone: string, template: string) {
  let code: string | undefined;
  await expect(async () => {
    const r = await page.request.get(`/api/dev/outbox?recipient=${phone}&limit=10`);
    const messages = (await r.json()) as { template: string; body: string }[];
    code = /(\d{6})\. Никому/.exec(messages.find((m) => m.template === template)?.body ?? '')?.[1];
    expect(code).toBeDefined();
  }).toPass();
  return code!;
}

async function fillApplicant(page: Page, passport: string, phone: string) {
  await page.getByLabel('Фамилия').fill('Соколова');
  await page.getByLabel(/^Имя/).fill('Анна');
  await page.getByLabel('Дата рождения').fill('1990-04-12');
  await page.getByLabel('Серия паспорта').fill('4510');
  await page.getByLabel('Номер паспорта').fill(passport);
  await page.getByLabel('Доход в месяц, ₽').fill('150000');
  await page.getByLabel('Занятость').selectOption('employee');
  await page.getByRole('button', { name: 'Получить код по SMS' }).click();
  await expect(page.getByText('Код отправлен на номер')).toBeVisible();
  await page.getByLabel('Согласен на запрос кредитной истории').check();
  await page.getByLabel('Код из SMS', { exact: true }).fill(await smsCode(page, phone, 'credit-code-phone'));
  await page.getByRole('button', { name: 'Отправить заявку в банки' }).click();
}

test('buys on credit with the approve passport and signs the offer by SMS', async ({ page, axe }) => {
  const phone = '79165550101';
  const orderId = await creditOrder(page.request, `+${phone}`);
  await page.goto(`/cart/credit/${orderId}`);
  await expect(page.getByRole('heading', { name: `Кредит онлайн на заказ №${orderId}` })).toBeVisible();
  await axe(page);
  await fillApplicant(page, '111111', phone);
  // The page asks again by itself while the banks decide.
  await expect(page.getByRole('heading', { name: 'Предложения банков' })).toBeVisible({ timeout: 20_000 });
  await axe(page);
  await page.getByRole('button', { name: 'Выбрать и получить код по SMS' }).click();
  await page.getByLabel('Код из SMS для подписания договора').fill(await smsCode(page, phone, 'credit-code-sign'));
  await page.getByRole('button', { name: 'Подписать договор' }).click();
  await expect(page.getByRole('heading', { name: 'График платежей' })).toBeVisible();
  await expect(page.getByText('Договор подписан.')).toBeVisible();
  await axe(page);
});

test('the decline passport leaves the order cancelled', async ({ page }) => {
  const phone = '79165550102';
  const orderId = await creditOrder(page.request, `+${phone}`);
  await page.goto(`/cart/credit/${orderId}`);
  await fillApplicant(page, '222222', phone);
  await expect(page.getByRole('heading', { name: 'Заказ отменён' })).toBeVisible({ timeout: 20_000 });
  const order = await page.request.get(`/api/v3/customer/orders/${orderId}`);
  expect(((await order.json()) as { status: { id: string } }).status.id).toBe('I');
});
