import type { Page } from '@playwright/test';
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

const buyBox = (page: Page) => page.getByRole('region', { name: 'Покупка' });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

test('a fridge with a warranty goes into the basket; /cart caps, removes and restores it', async ({ page, axe }) => {
  const product = await fridge(page);
  await page.goto(product.url);
  // Hydrated: the list buttons are enabled once React runs, and the basket buttons then add in place.
  await expect(buyBox(page).getByRole('button', { name: 'В избранное' })).toBeEnabled();
  await buyBox(page).getByRole('button', { name: 'Купить с гарантией на 1 год' }).click();
  await expect(buyBox(page).getByRole('link', { name: 'В корзине' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Корзина: 1' })).toBeVisible();

  // Reloaded (the page may come from the page cache): the in-basket state is drawn by the browser.
  await page.reload();
  await expect(buyBox(page).getByRole('link', { name: 'В корзине' }).first()).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible();
  const lines = page.getByRole('region', { name: 'Товары в корзине' });
  await expect(lines.getByRole('link', { name: product.name })).toBeVisible();
  const extras = lines.getByRole('list', { name: `Дополнительно к товару ${product.name}` });
  await expect(extras.getByText('Дополнительная гарантия на 1 год')).toBeVisible();
  await axe(page);

  // Up to the cap: «+» turns off at the most that can be bought, and the page says why.
  const quantity = page.getByRole('form', { name: `Количество: ${product.name}` });
  const plus = quantity.getByRole('button', { name: 'Увеличить количество' });
  let qty = 1;
  while (await plus.isEnabled()) {
    await plus.click();
    qty += 1;
    await expect(quantity.getByText(`${qty} шт.`)).toBeVisible();
    expect(qty).toBeLessThan(50);
  }
  await expect(page.getByText(`Можно купить не больше ${qty} шт.`)).toBeVisible();
  // The warranty follows the product's quantity.
  await expect(extras.getByText(`${qty} шт.`)).toBeVisible();

  await lines.getByRole('button', { name: `Удалить: ${product.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Корзина пуста' })).toBeVisible();
  await page.getByRole('button', { name: `Вернуть: ${product.name}` }).click();
  await expect(lines.getByRole('link', { name: product.name })).toBeVisible();
  await expect(extras.getByText('Дополнительная гарантия на 1 год')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Перейти к оформлению' })).toBeEnabled();
  await axe(page);
});

test('without JavaScript «Купить» posts a form that adds the product and opens /cart', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
  const page = await context.newPage();
  const product = await fridge(page);
  await page.goto(product.url);
  await buyBox(page).getByRole('button', { name: 'Купить', exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.getByRole('region', { name: 'Товары в корзине' });
  await expect(lines.getByRole('link', { name: product.name })).toBeVisible();
  // Quantity and removal work as plain forms too.
  await lines.getByRole('button', { name: 'Увеличить количество' }).click();
  await expect(lines.getByText('2 шт.').first()).toBeVisible();
  await lines.getByRole('button', { name: `Удалить: ${product.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Корзина пуста' })).toBeVisible();
  await page.getByRole('button', { name: `Вернуть: ${product.name}` }).click();
  await expect(lines.getByRole('link', { name: product.name })).toBeVisible();
  await context.close();
});
