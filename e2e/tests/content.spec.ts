// Content pages (issue 14): an offer opened from the home page and its product added to the basket,
// the offer list's filters, review articles filtered by brand and badge through URL segments, the
// advent calendar's open day and locked future day (ADVENT_CALENDAR_DATE=2026-12-15 in the test
// store), a constructor promo page, news, /honor, and axe on every new page.
import { expect, test } from './fixtures.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: 'is_cookies_accepted', value: '1', url: baseURL! },
    { name: 'city_confirmed', value: '1', url: baseURL! },
  ]);
});

test('an offer opened from the home page adds its product to the basket', async ({ page, axe }) => {
  await page.goto('/');
  // The main slider is the region «Акции»; the offer previews are «Спецпредложения».
  const offers = page.getByRole('region', { name: 'Спецпредложения' });
  await expect(offers.getByRole('article')).toHaveCount(4);
  const first = offers.getByRole('article').first().getByRole('heading').getByRole('link');
  const title = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/special-offers\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText('Срок проведения')).toBeVisible();
  const previews = page.getByRole('region', { name: 'Другие акции' }).getByRole('article');
  await expect(previews).toHaveCount(3);
  await expect(previews.getByRole('heading', { name: title, exact: true })).toHaveCount(0);
  const products = page.getByRole('region', { name: 'Товары акции' });
  const buy = products.getByRole('button', { name: /^В корзину:/ }).first();
  await buy.click();
  await expect(products.getByRole('link', { name: 'В корзине' }).first()).toBeVisible();
  await axe(page);
});

test('an offer with conditions shows what is left to do', async ({ page }) => {
  await page.goto('/special-offers/4');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Скидка 10% на аксессуары к смартфону');
  const progress = page.getByRole('region', { name: 'Ваш прогресс по акции' });
  await expect(progress).toContainText('Добавьте в корзину 1 товар из акции');
  await expect(progress).toContainText('Добавьте аксессуары ещё на 3 000 ₽');
  await page
    .getByRole('region', { name: 'Товары акции' })
    .getByRole('button', { name: /^В корзину:/ })
    .first()
    .click();
  await expect(progress).toContainText('✓ Товар из акции в корзине');
});

test('the offer list filters by channel through a form and pages', async ({ page, axe }) => {
  await page.goto('/special-offers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Акции и скидки');
  await expect(page.getByRole('list', { name: 'Акции' }).getByRole('article')).toHaveCount(12);
  await page.getByLabel('Где действует').selectOption('stores');
  await page.getByRole('button', { name: 'Показать', exact: true }).click();
  await expect(page).toHaveURL(/channel=stores/);
  const cards = page.getByRole('list', { name: 'Акции' }).getByRole('article');
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(cards.nth(i)).toContainText('В магазинах');
  await axe(page);
  expect((await page.goto('/special-offers/999999'))?.status()).toBe(404);
});

test('review articles filter by brand and badge through URL segments', async ({ page, axe }) => {
  await page.goto('/reviews/list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Обзоры и статьи');
  await page
    .getByRole('navigation', { name: 'Бренды' })
    .getByRole('link', { name: /^Samsung/ })
    .click();
  await expect(page).toHaveURL(/\/reviews\/list\/brand-samsung$/);
  // The URL changes before the new list renders: click «Текст» once its link carries the brand.
  const textBadge = page.getByRole('navigation', { name: 'Формат' }).getByRole('link', { name: /^Текст/ });
  await expect(textBadge).toHaveAttribute('href', /\/reviews\/list\/brand-samsung\/badge-text$/);
  await textBadge.click();
  await expect(page).toHaveURL(/\/reviews\/list\/brand-samsung\/badge-text$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Обзоры и статьи: Samsung, текстовые');
  const cards = page.getByRole('list', { name: 'Обзоры и статьи' }).getByRole('article');
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(cards.filter({ hasText: 'Видео' })).toHaveCount(0);
  await axe(page);

  // Each repeat of this test votes on its own article: repeats run in parallel, and on a shared
  // article one would count another's vote.
  await page.goto('/reviews/list');
  await cards.nth(test.info().repeatEachIndex).getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/reviews\/view\//);
  await expect(page.getByRole('region', { name: 'Товары из статьи' }).getByRole('article').first()).toBeVisible();
  const like = page.getByRole('group', { name: 'Оценка статьи' }).getByRole('button', { name: /Да/ });
  const before = Number(await like.locator('.vote-count').textContent());
  await like.click();
  await expect(like.locator('.vote-count')).toHaveText(String(before + 1));
  await like.click();
  await expect(like.locator('.vote-count')).toHaveText(String(before + 1));
  await axe(page);
  expect((await page.goto('/reviews/list/brand-net-takogo-brenda'))?.status()).toBe(404);
});

test("the advent calendar opens the server's day and keeps a future day locked", async ({ page, axe }) => {
  await page.goto('/promo/advent-calendar');
  const today = page.getByRole('listitem', { name: '15 декабря: Подарок дня' });
  await expect(today.getByRole('link', { name: 'Забрать подарок' })).toBeVisible();
  const past = page.getByRole('listitem', { name: '11 декабря: Этот день прошёл' });
  await expect(past).toContainText('Скидка 10% на наушники');
  const locked = page.getByRole('listitem', { name: '16 декабря: Откроется в свой день' });
  await expect(locked).toContainText('Секрет до 16 декабря');
  await expect(locked.getByRole('link')).toHaveCount(0);
  await axe(page);
  // The home page shows the calendar in December (the test store's date is 15 December).
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Адвент-календарь' })).toBeVisible();
});

test('a constructor promo page draws its banner, countdown, products, offers and FAQ', async ({ page, axe }) => {
  await page.goto('/promo/novogodnie-podarki');
  await expect(page.getByRole('region', { name: 'Новогодние подарки' })).toBeVisible();
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Идеи подарков' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Акции к празднику' }).getByRole('article')).toHaveCount(3);
  const faq = page.getByRole('region', { name: 'Вопросы и ответы' });
  await faq.getByText('Можно ли вернуть подарок?').click();
  await expect(faq.getByText('в течение 14 дней')).toBeVisible();
  await axe(page);
});

test('news, press, a static promo page and the honor board', async ({ page, axe }) => {
  await page.goto('/news');
  await expect(page.getByRole('list', { name: 'Новости' }).getByRole('article')).toHaveCount(12);
  await axe(page);
  await page.getByRole('link', { name: 'Пресс-релизы' }).click();
  await expect(page).toHaveURL(/\/news\/press$/);
  const item = page.getByRole('list', { name: 'Новости' }).getByRole('article').first();
  await item.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/news\/\d+$/);
  await expect(page.getByText(/Пресс-релиз · \d+ [а-я]+ \d{4}/)).toBeVisible();
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(ld!)).toMatchObject([{ '@type': 'NewsArticle' }, { '@type': 'BreadcrumbList' }]);
  await axe(page);
  await page.goto('/prm/rassrochka-0-0-24');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Рассрочка 0-0-24 без переплаты');
  await axe(page);
  await page.goto('/honor');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Доска почёта');
  await expect(page.getByRole('region', { name: 'Награды' }).getByRole('listitem')).toHaveCount(6);
  await axe(page);
});
