import type { BrowserContext, Page } from '@playwright/test';
import { cityId, expect, test } from './fixtures.ts';

interface ApiStore {
  id: number;
  name: string;
  slug: string;
  url: string;
  type: number;
  address: string;
  latitude: number;
  longitude: number;
  work_time: ({ from: string; to: string } | null)[];
  stations: { name: string }[];
}

// Wednesday 25 November 2026, 21:30 in Kazan (UTC+3): a multicenter open 10:00–22:00 is open, one
// open 09:00–21:00 or 10:00–21:00 is closed.
const EVENING = new Date('2026-11-25T18:30:00Z');
const EVENING_MINUTES = 21 * 60 + 30;

async function kazanStores(page: Page): Promise<ApiStore[]> {
  const id = await cityId(page, 'kazan');
  const response = await page.request.get(
    `/api/v2/stores?city_id=${id}&remove_pagination=1&expand=type,address,latitude,longitude,stations`,
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiStore[];
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** Open on a Wednesday evening: the test's own reading of the hours (index 2 is Wednesday). */
const openThisEvening = (store: ApiStore) => {
  const day = store.work_time[2];
  return day !== null && day !== undefined && minutes(day.from) <= EVENING_MINUTES && EVENING_MINUTES < minutes(day.to);
};

async function inKazan(context: BrowserContext, page: Page, baseURL: string) {
  await context.addCookies([
    { name: 'is_cookies_accepted', value: '1', url: baseURL },
    { name: 'city_id', value: String(await cityId(page, 'kazan')), url: baseURL },
    { name: 'cityConfirmed', value: '1', url: baseURL },
  ]);
}

const list = (page: Page) => page.getByRole('list', { name: 'Магазины и пункты выдачи' });

test('finds the nearest open multicenter in Казань, opens its page and a product in stock there', async ({
  page,
  context,
  baseURL,
}) => {
  const stores = await kazanStores(page);
  const multicenters = stores.filter((s) => s.type === 1);
  const closed = multicenters.find((s) => !openThisEvening(s));
  const open = multicenters.filter(openThisEvening);
  expect(closed, 'a Kazan multicenter closed at 21:30').toBeDefined();
  expect(open.length, 'open Kazan multicenters at 21:30').toBeGreaterThan(0);
  // Standing at the closed one: the nearest open multicenter is another one.
  const me = { latitude: closed!.latitude, longitude: closed!.longitude };
  const nearestOpen = (
    await (
      await page.request.get(
        `/api/v2/stores?ids=${open.map((s) => s.id).join(',')}&nearest=${me.latitude},${me.longitude}&expand=address,latitude,longitude`,
      )
    ).json()
  )[0] as ApiStore;

  await inKazan(context, page, baseURL!);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(me);
  await page.clock.setFixedTime(EVENING);
  await page.goto('/shops');
  await expect(page.getByRole('status')).toContainText('пункт');
  await expect(list(page).getByRole('listitem')).toHaveCount(stores.length);
  // The map: Leaflet with a pin or a cluster for the city's points.
  await expect(page.locator('.sm-leaflet[data-map-status="ready"]')).toBeVisible();
  await expect(page.locator('.sm-pin, .sm-cluster').first()).toBeVisible();

  await page.getByRole('checkbox', { name: /^ПВЗ/ }).uncheck();
  await page.getByRole('checkbox', { name: /^Постаматы/ }).uncheck();
  await expect(list(page).getByRole('listitem')).toHaveCount(multicenters.length);
  await page.getByRole('checkbox', { name: 'Открыто сейчас' }).check();
  await expect(list(page).getByRole('listitem')).toHaveCount(open.length);
  await expect(list(page).getByText(closed!.address)).toHaveCount(0);
  await page.getByRole('button', { name: 'Рядом со мной' }).click();
  await expect(page.getByRole('status')).toContainText('ближайшие — первыми');

  const first = list(page).getByRole('listitem').first();
  await expect(first.getByRole('link')).toHaveText(nearestOpen.address);
  await expect(first).toContainText('Открыто до 22:00');
  await expect(first).toContainText(/\d+(,\d)? (м|км)/);

  await first.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${nearestOpen.url}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nearestOpen.name);
  await expect(page.getByRole('row', { name: /Среда \(сегодня\)/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Проложить маршрут' })).toHaveAttribute(
    'href',
    new RegExp(`rtext=~${nearestOpen.latitude},${nearestOpen.longitude}`),
  );
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as {
    '@type': string;
    openingHoursSpecification: unknown[];
  };
  expect(ld['@type']).toBe('ElectronicsStore');
  expect(ld.openingHoursSpecification.length).toBeGreaterThan(0);

  const products = page.getByRole('region', { name: /^Товары в наличии/ });
  const productLink = products.locator('.product-card-name').first();
  const productName = (await productLink.textContent())!.trim();
  await productLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
});

test('without JavaScript /shops is a list with a search form', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  const page = await context.newPage();
  await inKazan(context, page, baseURL!);
  const stores = await kazanStores(page);
  await page.goto('/shops');
  await expect(list(page).getByRole('listitem')).toHaveCount(stores.length);
  await expect(page.getByRole('button', { name: 'Рядом со мной' })).toBeDisabled();

  await page.getByRole('searchbox', { name: 'Адрес или метро' }).fill('Тукая');
  await page.getByRole('search', { name: 'Поиск магазинов' }).getByRole('button', { name: 'Найти' }).click();
  await expect(page).toHaveURL(/q=%D0%A2%D1%83%D0%BA%D0%B0%D1%8F/);
  const nearTukaya = stores.filter((s) => s.stations.some((st) => st.name === 'Площадь Тукая'));
  expect(nearTukaya.length).toBeGreaterThan(0);
  await expect(list(page).getByRole('listitem')).toHaveCount(nearTukaya.length);

  await page.getByRole('searchbox', { name: 'Адрес или метро' }).fill('');
  await page.getByRole('checkbox', { name: /^Мультицентры/ }).uncheck();
  await page.getByRole('search', { name: 'Поиск магазинов' }).getByRole('button', { name: 'Найти' }).click();
  await expect(list(page).getByRole('listitem')).toHaveCount(stores.filter((s) => s.type !== 1).length);
  await expect(page.getByRole('checkbox', { name: /^Мультицентры/ })).not.toBeChecked();
  await context.close();
});

test('a city without parcel lockers shows that toggle disabled', async ({ page, context, baseURL }) => {
  // Сатка has a multicenter and a pickup point only.
  await context.addCookies([
    { name: 'is_cookies_accepted', value: '1', url: baseURL! },
    { name: 'city_id', value: String(await cityId(page, 'satka')), url: baseURL! },
  ]);
  await page.goto('/shops');
  await expect(page.getByRole('checkbox', { name: /^Постаматы/ })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: /^Мультицентры/ })).toBeEnabled();
});

test.describe('axe', () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    await inKazan(context, page, baseURL!);
  });

  test('/shops passes axe with its map loaded', async ({ page, axe }) => {
    await page.goto('/shops');
    await expect(page.locator('.sm-leaflet[data-map-status="ready"]')).toBeVisible();
    await axe(page);
  });

  test('a multicenter page passes axe', async ({ page, axe }) => {
    const [store] = (await kazanStores(page)).filter((s) => s.type === 1);
    await page.goto(`/store/${store!.slug}`);
    await expect(page.getByRole('heading', { name: 'Часы работы' })).toBeVisible();
    // The map loads when it nears the screen (decision 0075); a store page has it below the first screen.
    await page.locator('.sm-map').scrollIntoViewIfNeeded();
    await expect(page.locator('.sm-leaflet[data-map-status="ready"]')).toBeVisible();
    await axe(page);
  });

  test('/store lists the city stores by type and passes axe', async ({ page, axe }) => {
    await page.goto('/store');
    await expect(page.getByRole('heading', { name: /^Мультицентры/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^ПВЗ/ })).toBeVisible();
    await axe(page);
  });
});
