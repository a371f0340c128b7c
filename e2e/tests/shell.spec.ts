import { cityId, expect, someProductUrl, test } from './fixtures.ts';

test.describe('store shell', () => {
  test('the home page renders in Russian with the city in the header', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page).toHaveTitle(/Мультицентр/);
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Москва' })).toBeVisible();
    await expect(header.getByRole('search')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Каталог товаров' })).toBeVisible();
  });

  test('choosing Санкт-Петербург survives a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Москва' }).click();
    const dialog = page.getByRole('dialog', { name: 'Выберите город' });
    // The list is redrawn when the search answers: click the link of the answered list, not the one it replaces.
    const searched = page.waitForResponse((r) => r.url().includes('/api/v2/cities?') && r.url().includes('query='));
    await dialog.getByRole('searchbox', { name: 'Поиск города' }).fill('Санкт');
    await searched;
    await dialog.getByRole('link', { name: /^Санкт-Петербург/ }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Санкт-Петербург' })).toBeVisible();
    await expect(page).not.toHaveURL(/city_id/);
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Санкт-Петербург' })).toBeVisible();
  });

  test('?city_id= of another city sets it and the address loses the parameter', async ({ page }) => {
    const id = await cityId(page, 'novosibirsk');
    await page.goto(`/shops?city_id=${id}`);
    await expect(page).toHaveURL(/\/shops$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Новосибирск' })).toBeVisible();
  });

  test('a city without delivery types falls back to Москва and resets the cookie', async ({
    page,
    context,
    baseURL,
  }) => {
    const response = await page.request.get('/api/v2/cities?per_page=100');
    const cities = (await response.json()) as { id: number; delivery_type_ids: number[] }[];
    const dead = cities.find((c) => c.delivery_type_ids.length === 0);
    expect(dead, 'demo data has a city without delivery').toBeDefined();
    await context.addCookies([{ name: 'city_id', value: String(dead!.id), url: baseURL! }]);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Москва' })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'city_id');
    expect(cookie?.value).toBe(String(await cityId(page, 'moskva')));
  });

  for (const path of ['/catalog/smartfony/abc/1', '/no/such/page']) {
    test(`${path} shows the 404 page with breadcrumbs and status 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
      const crumbs = page.getByRole('navigation', { name: 'Хлебные крошки' });
      await expect(crumbs.getByRole('link', { name: 'Главная' })).toHaveAttribute('href', '/');
      await expect(crumbs.getByText('404')).toBeVisible();
      await expect(page).toHaveTitle('Страница не найдена');
    });
  }

  test('a legacy path is redirected by the SEO service', async ({ page }) => {
    const response = await page.request.get('/old-catalog', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/catalog');
  });

  test('the top info banner stays closed after a reload', async ({ page }) => {
    await page.goto('/');
    const close = page.getByRole('button', { name: 'Закрыть баннер' });
    await expect(close).toBeVisible();
    await close.click();
    await expect(close).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Закрыть баннер' })).toBeHidden();
  });

  test('the cookie notice goes away once accepted', async ({ page }) => {
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Уведомление о cookie' });
    await notice.getByRole('button', { name: 'Принять' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Уведомление о cookie' })).toBeHidden();
  });

  test('the footer loads lazily and the scroll-up button appears after scrolling', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Наверх' })).toBeHidden();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Покупателям' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Наверх' })).toBeVisible();
  });

  test('a category page has its SEO title, h1 and breadcrumbs', async ({ page }) => {
    await page.goto('/catalog');
    await page
      .getByRole('main')
      .getByRole('link', { name: /Смартфоны и гаджеты/ })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Смартфоны и гаджеты');
    await expect(
      page.getByRole('navigation', { name: 'Хлебные крошки' }).getByRole('link', { name: 'Каталог' }),
    ).toBeVisible();
    const product = await someProductUrl(page);
    await page.goto(product);
    await expect(page).toHaveTitle(/купить в интернет-магазине Мультицентр/);
    // Absolute on the public origin (localhost's own here: PUBLIC_ORIGIN is unset).
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new URL(product, page.url()).href);
  });
});

test.describe('layouts', () => {
  test('checkout has the logo only and the mini footer', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByRole('link', { name: 'Мультицентр — на главную' })).toBeVisible();
    await expect(page.getByRole('search')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Политика обработки персональных данных' })).toBeVisible();
    await expect(page.getByText(/© 2009–\d{4} ООО «Мультицентр»/)).toBeVisible();
  });

  test('insurance pages link back to the store', async ({ page }) => {
    await page.goto('/insurance/osago');
    await expect(page.getByRole('link', { name: 'Назад в магазин' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страхование ОСАГО');
  });

  test('mobile-app mode hides the header and footer', async ({ page }) => {
    await page.goto('/shops?mobile_app=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Магазины' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the tab bar shows at 375 px and hides on a product page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Разделы' })).toBeVisible();
    await page.goto(await someProductUrl(page));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Разделы' })).toHaveCount(0);
    await page.goto('/certificate');
    await expect(page.getByRole('navigation', { name: 'Разделы' })).toHaveCount(0);
  });

  test('the menu button is disabled until the page is hydrated, so an early tap is not lost', async ({ page }) => {
    // Hold the app's scripts: the server's HTML is on screen and React has not hydrated it yet.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    const menuButton = page.getByRole('button', { name: 'Меню', exact: true });
    await expect(menuButton).toBeDisabled();
    release();
    await expect(menuButton).toBeEnabled();
    await menuButton.click();
    await expect(page.getByRole('dialog', { name: 'Меню' })).toBeVisible();
  });

  test('the mobile menu opens its catalogue panel and goes back up the stack', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Меню', exact: true }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('button', { name: /Каталог товаров/ }).click();
    await menu.getByRole('button', { name: /Бытовая техника/ }).click();
    await expect(menu.getByRole('heading', { level: 2, name: 'Бытовая техника', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Все товары раздела' })).toBeVisible();
    await menu.getByRole('button', { name: 'Назад' }).click();
    await expect(menu.getByRole('heading', { level: 2, name: 'Каталог', exact: true })).toBeVisible();
    await menu.getByRole('button', { name: 'Назад' }).click();
    await expect(menu.getByRole('heading', { level: 2, name: 'Меню', exact: true })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  test('axe finds no violations on the home page', async ({ page, axe }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Каталог товаров' })).toBeVisible();
    await axe(page);
  });

  test('axe finds no violations on the 404 page', async ({ page, axe }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
    await axe(page);
  });

  test('axe finds no violations while the loading bar shows a page on its way', async ({ page, axe }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Каталог товаров' })).toBeVisible();
    // Hold the next page's data until axe has looked, so the bar is on screen while it does.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*.data*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Акции' }).first().click();
    await expect(page.getByRole('progressbar', { name: 'Загрузка страницы' })).toBeVisible();
    await axe(page);
    release();
    await expect(page.getByRole('progressbar', { name: 'Загрузка страницы' })).toHaveCount(0);
  });

  test('axe finds no violations on the mobile home page with the menu open', async ({ page, axe }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Меню', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Меню' })).toBeVisible();
    await axe(page);
  });
});
