// Information pages: delivery and payment terms per city (a city without express courier and one
// with it), the corporate fast order with and without JavaScript, the site map; axe on each page.
import type { Page } from '@playwright/test';
import { demoCompany, pageWithoutJavaScript } from './companies.ts';
import { expect, test } from './fixtures.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

interface Terms {
  ways: { delivery_type_id: number; seller: boolean; name: string }[];
  express: { area: string } | null;
}

test('delivery in Moscow: the express courier, its area, and a card per way checkout offers', async ({ page, axe }) => {
  await page.goto('/delivery');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('в Москве');
  const moscow = (await (await page.request.get('/api/v2/delivery/terms')).json()) as Terms;
  expect(moscow.express).not.toBeNull();
  const express = page.getByRole('region', { name: 'Экспресс-доставка' });
  await expect(express).toContainText(moscow.express!.area);
  await expect(page.getByRole('article', { name: 'Экспресс-доставка' })).toBeVisible();
  // One card per way checkout offers for the store's goods.
  const own = moscow.ways.filter((w) => !w.seller);
  await expect(page.getByRole('region', { name: 'Способы получения' }).getByRole('article')).toHaveCount(own.length);
  await axe(page);
});

test('delivery in a city without express courier, chosen on the page, and its payments', async ({ page, axe }) => {
  await page.goto('/delivery');
  // The city switch is a plain form: the start-up sets the city and comes back to the page.
  await page.getByLabel('Город', { exact: true }).selectOption({ label: 'Новосибирск' });
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/\/delivery$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('в Новосибирске');
  await expect(page.getByRole('note')).toHaveText(/Экспресс-доставки в Новосибирске нет/);
  await expect(page.getByRole('article', { name: 'Экспресс-доставка' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Курьер', exact: true })).toContainText('бесплатно от');
  await expect(page.getByRole('article', { name: 'Самовывоз', exact: true })).toContainText('через 15 минут');

  await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Оплата' }).click();
  await expect(page).toHaveURL(/\/delivery\/pay$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('в Новосибирске');
  await expect(page.getByRole('heading', { level: 2, name: 'Онлайн' })).toBeVisible();
  await expect(page.locator('[data-payment="17"]')).toContainText('до 1 000 000 ₽');
  await axe(page);
});

const corpForm = (page: Page) => page.getByRole('form', { name: 'Заявка на закупку' });

async function fillRequest(page: Page) {
  const form = corpForm(page);
  await form.getByLabel(/^Контактное лицо/).fill('Анна Смирнова');
  await form.getByLabel(/^Мобильный телефон/).fill('9165550127');
  await form.getByLabel(/^Электронная почта/).fill('zakupki@romashka.example');
  await form.getByLabel(/^Что нужно/).fill('Ноутбуки для офиса — 12 шт., мониторы 27" — 12 шт.');
}

test('a corporate fast order: the ИНН fills the company, the request is sent and operators see it', async ({
  page,
  axe,
}) => {
  // Two forms posted, two axe runs and the operator's sign-in.
  test.setTimeout(60_000);
  const company = await demoCompany(page.request);
  await page.goto('/service/corporate');
  await expect(page.getByRole('heading', { level: 1, name: 'Корпоративным клиентам' })).toBeVisible();
  await axe(page);
  await corpForm(page).getByLabel(/^ИНН/).pressSequentially(company.inn);
  await expect(corpForm(page).getByLabel(/^Компания/)).toHaveValue(company.name);
  await expect(page.getByRole('status').filter({ hasText: 'Найдено' })).toHaveText(`Найдено: ${company.name}`);
  await fillRequest(page);
  // Without consent the form says so and keeps what was typed.
  await corpForm(page).getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByText('Для завершения необходимо согласие.')).toBeVisible();
  await expect(corpForm(page).getByLabel(/^Компания/)).toHaveValue(company.name);
  await corpForm(page)
    .getByLabel(/^Согласен/)
    .check();
  await corpForm(page).getByRole('button', { name: 'Отправить заявку' }).click();
  const sent = page.getByRole('heading', { level: 2, name: /^Заявка №\d+ отправлена$/ });
  await expect(sent).toBeVisible();
  const id = Number(/№(\d+)/.exec((await sent.textContent())!)![1]);
  await axe(page);

  // Confirmed in the outbox, and on the operators' list for an employee with the operator role.
  const outbox = await page.request.get('/api/dev/outbox?recipient=zakupki%40romashka.example&limit=20');
  const messages = (await outbox.json()) as { subject: string }[];
  expect(messages.map((m) => m.subject)).toContain(`Заявка №${id} для юрлица принята`);
  expect((await page.request.get('/api/ops/corp-orders')).status()).toBe(401);
  const signIn = await page.request.post('/api/user/register-upos', {
    headers: XHR,
    data: { mode: 'token', code: 'XEMP000000005005' },
  });
  expect(signIn.ok()).toBe(true);
  const list = (await (await page.request.get('/api/ops/corp-orders?per_page=50')).json()) as {
    id: number;
    company: string;
  }[];
  expect(list.find((o) => o.id === id)?.company).toBe(company.name);
});

test('without JavaScript the corporate form finds the company, shows errors and sends', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await pageWithoutJavaScript(browser, baseURL!);
  const company = await demoCompany(page.request);
  await page.goto('/service/corporate');
  await corpForm(page).getByLabel(/^ИНН/).fill('7707083894');
  await corpForm(page).getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByText('Проверьте ИНН: такого номера не бывает').first()).toBeVisible();
  await corpForm(page).getByLabel(/^ИНН/).fill(company.inn);
  await corpForm(page).getByRole('button', { name: 'Найти' }).click();
  await expect(corpForm(page).getByLabel(/^Компания/)).toHaveValue(company.name);
  await fillRequest(page);
  await corpForm(page)
    .getByLabel(/^Согласен/)
    .check();
  await corpForm(page).getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Заявка №\d+ отправлена$/ })).toBeVisible();
  await context.close();
});

test('the service landing links repair, trade-in and the corporate order', async ({ page, axe }) => {
  await page.goto('/service');
  await expect(page.getByRole('link', { name: 'Оформить ремонт' })).toHaveAttribute('href', '/service/repair');
  await expect(page.getByRole('link', { name: 'Оценить устройство' })).toHaveAttribute('href', '/service/trade-in');
  await expect(page.getByRole('link', { name: 'Оставить заявку' })).toHaveAttribute('href', '/service/corporate');
  await axe(page);
});

test('the site map from the footer, and sitemap.xml named in robots.txt', async ({ page, axe, baseURL }) => {
  await page.goto('/delivery');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Карта сайта' }).click();
  await expect(page).toHaveURL(/\/sitemap$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Карта сайта' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Смартфоны', exact: true })).toHaveAttribute('href', /\/catalog\/\w/);
  await expect(
    page.getByRole('region', { name: 'Магазины по городам' }).getByRole('link', { name: 'Казань' }),
  ).toHaveAttribute('href', /^\/shops\?city_id=\d+$/);
  await axe(page);

  const robots = await (await page.request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const index = await (await page.request.get('/sitemap.xml')).text();
  const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(parts).toContain(`${baseURL}/sitemap/products-1.xml`);
  const products = await page.request.get('/sitemap/products-1.xml');
  expect(products.headers()['content-type']).toContain('application/xml');
  const first = /<loc>([^<]+)<\/loc>/.exec(await products.text())![1]!;
  expect((await page.request.get(first.replace(baseURL!, ''))).status()).toBe(200);
});
