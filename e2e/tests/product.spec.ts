import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

interface ListingCard {
  id: number;
  name: string;
  url: string;
  reviews_count: number;
  offer: { price: number; available: boolean; preorder: boolean };
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Вкладки товара' });
const reviews = (page: Page) => page.getByRole('list', { name: 'Отзывы' }).getByRole('article', { name: /^Отзыв:/ });

/** A fridge in stock with more than one page of reviews (3 per page), from the store's own API. */
async function fridgeWithReviews(page: Page): Promise<ListingCard> {
  const response = await page.request.get('/api/v3/products/catalog/holodilniki/401?per_page=24');
  const { products } = (await response.json()) as { products: ListingCard[] };
  const unique = (name: string) => products.filter((p) => p.name === name).length === 1;
  const fridge = products.find((p) => p.reviews_count > 3 && p.offer.available && !p.offer.preorder && unique(p.name));
  expect(fridge, 'a fridge with 4 or more reviews').toBeDefined();
  return fridge!;
}

/** An id the demo data holds whose product is not active (status ≠ 1): the by-ids call leaves it out. */
async function inactiveProductId(page: Page): Promise<number> {
  for (let start = 1; start < 3000; start += 20) {
    const ids = Array.from({ length: 20 }, (_, i) => start + i);
    const response = await page.request.get(`/api/v3/products?product_ids=${ids.join(',')}`);
    const found = new Set(((await response.json()) as { id: number }[]).map((p) => p.id));
    if (found.size === 0) break;
    const missing = ids.find((id) => !found.has(id) && id < Math.max(...found));
    if (missing !== undefined) return missing;
  }
  throw new Error('no inactive product in the demo data');
}

test.beforeEach(async ({ context, baseURL }) => {
  // The cookie notice is covered by the shell tests; here it would only sit over the buttons.
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

test.describe('product page', () => {
  test('opens from the fridges listing, switches tabs by route and pages through reviews', async ({ page }) => {
    const fridge = await fridgeWithReviews(page);
    await page.goto('/catalog/holodilniki/401');
    await page.getByRole('main').getByRole('link', { name: fridge.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${fridge.url}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fridge.name);
    await expect(
      page.getByRole('region', { name: 'Покупка' }).getByRole('button', { name: 'Купить', exact: true }),
    ).toBeVisible();

    await expect(tabs(page).getByRole('link', { name: /^Отзывы/ })).toHaveAttribute('aria-current', 'page');
    await expect(reviews(page)).toHaveCount(3);
    await page.getByRole('button', { name: 'Показать ещё' }).click();
    await expect(reviews(page)).toHaveCount(Math.min(fridge.reviews_count, 6));
    await expect(page.getByRole('status').filter({ hasText: /^Показано/ })).toHaveText(
      `Показано ${Math.min(fridge.reviews_count, 6)} из ${fridge.reviews_count}`,
    );

    await tabs(page)
      .getByRole('link', { name: /^Вопрос-ответ/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`${fridge.url}/faq$`));
    await expect(page.getByRole('heading', { name: 'Вопросы и ответы' })).toBeVisible();
    await expect(tabs(page).getByRole('link', { name: /^Вопрос-ответ/ })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle(/вопросы и ответы/);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${fridge.url}$`));
    await expect(tabs(page).getByRole('link', { name: /^Отзывы/ })).toHaveAttribute('aria-current', 'page');
    await expect(reviews(page).first()).toBeVisible();

    await page.getByRole('button', { name: 'Написать отзыв' }).click();
    await expect(page.getByText('Войдите, чтобы оставить отзыв')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Войти' })).toHaveAttribute(
      'href',
      `/user/login?back=${encodeURIComponent(fridge.url)}`,
    );
  });

  test('a like on an answer counts once', async ({ page }) => {
    const fridge = await fridgeWithReviews(page);
    await page.goto(`${fridge.url}/faq`);
    const answer = page.getByRole('list', { name: 'Ответы' }).first().getByRole('article').first();
    const like = answer.getByRole('button', { name: /^Нравится/ });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    const before = Number(await like.textContent().then((t) => t?.replace(/\D/g, '')));

    const first = page.waitForResponse(
      (r) => new URL(r.url()).pathname.endsWith('/like') && r.request().method() === 'POST',
    );
    await like.click();
    expect((await first).ok()).toBe(true);
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveText(`Нравится ${before + 1}`);

    const second = page.waitForResponse(
      (r) => new URL(r.url()).pathname.endsWith('/like') && r.request().method() === 'POST',
    );
    await like.click();
    expect((await second).ok()).toBe(true);
    await expect(like).toHaveText(`Нравится ${before + 1}`);

    await page.reload();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveText(`Нравится ${before + 1}`);
  });

  test('remembers watched products and shows them on the next one', async ({ page }) => {
    const response = await page.request.get('/api/v3/products/catalog/holodilniki/401?per_page=2');
    const [first, second] = ((await response.json()) as { products: ListingCard[] }).products;
    await page.goto(first!.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.name);
    // The browser keeps the list (the page itself may come from the page cache).
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'productYouWatched')?.value)
      .toBe(String(first!.id));
    await page.goto(second!.url);
    const watched = page.getByRole('region', { name: 'Вы недавно смотрели' });
    await expect(watched.getByRole('article', { name: first!.name })).toBeVisible();
  });

  test('the gallery opens a picture large in a dialog', async ({ page }) => {
    const fridge = await fridgeWithReviews(page);
    const detail = (await (await page.request.get(`/api/v3/products/${fridge.id}`)).json()) as { images: string[] };
    expect(detail.images.length).toBeGreaterThan(1);
    await page.goto(fridge.url);
    await page.getByRole('button', { name: /Увеличить фото$/ }).click();
    const dialog = page.getByRole('dialog', { name: `Фото: ${fridge.name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`Фото 1 из ${detail.images.length}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Следующее фото' }).click();
    await expect(dialog.getByText(`Фото 2 из ${detail.images.length}`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Фото 2', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  test('the availability tab lists where to get it, by type of point', async ({ page }) => {
    const fridge = await fridgeWithReviews(page);
    await page.goto(fridge.url);
    await page.getByRole('region', { name: 'Покупка' }).getByRole('link', { name: 'Наличие в магазинах' }).click();
    await expect(page).toHaveURL(new RegExp(`${fridge.url}/availability$`));
    await expect(page.getByRole('heading', { name: 'Наличие и доставка: Москва' })).toBeVisible();
    const points = page.getByRole('list', { name: 'Пункты получения' });
    await page.getByRole('button', { name: 'Показать все пункты' }).click();
    await expect(points.getByRole('link', { name: /^Постамат/ }).first()).toBeVisible();
    await page.getByRole('checkbox', { name: 'Постаматы' }).uncheck();
    await expect(points.getByRole('link', { name: /^Постамат/ })).toHaveCount(0);
    await expect(points.getByRole('link', { name: /^Мультицентр/ }).first()).toBeVisible();
  });

  test('a product that is not active shows the 404 page', async ({ page }) => {
    const id = await inactiveProductId(page);
    expect((await page.request.get(`/api/v3/products/${id}`)).status()).toBe(404);
    const response = await page.goto(`/catalog/holodilniki/401/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
    await expect(page).toHaveTitle('Страница не найдена');
  });

  test('carries JSON-LD with the price in rubles', async ({ page }) => {
    const fridge = await fridgeWithReviews(page);
    await page.goto(fridge.url);
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const ld = JSON.parse(json!) as {
      '@type': string;
      name: string;
      offers: { price: string; priceCurrency: string; availability: string };
      aggregateRating?: { reviewCount: number };
    };
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe(fridge.name);
    expect(ld.offers).toMatchObject({
      price: (fridge.offer.price / 100).toFixed(2),
      priceCurrency: 'RUB',
      availability: 'https://schema.org/InStock',
    });
    expect(ld.aggregateRating?.reviewCount).toBe(fridge.reviews_count);
  });
});

test.describe('product accessibility', () => {
  test('axe finds no violations on the product page', async ({ page, axe }) => {
    const fridge = await fridgeWithReviews(page);
    await page.goto(fridge.url);
    await expect(reviews(page).first()).toBeVisible();
    await axe(page);
  });

  test('axe finds no violations on the availability tab', async ({ page, axe }) => {
    const fridge = await fridgeWithReviews(page);
    await page.goto(`${fridge.url}/availability`);
    await expect(page.getByRole('list', { name: 'Пункты получения' })).toBeVisible();
    await axe(page);
  });

  test('axe finds no violations on the Q&A tab', async ({ page, axe }) => {
    const fridge = await fridgeWithReviews(page);
    await page.goto(`${fridge.url}/faq`);
    await expect(page.getByRole('heading', { name: 'Вопросы и ответы' })).toBeVisible();
    await page.getByRole('button', { name: 'Задать вопрос' }).click();
    await expect(page.getByText('Войдите, чтобы задать вопрос')).toBeVisible();
    await axe(page);
  });
});
