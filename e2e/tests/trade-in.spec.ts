// Trade-in (issue 16): from a phone's product page, two old phones valued (one with a broken screen),
// the new price, removing one and the blank device that follows; axe on the calculator's steps. Then
// the whole purchase: the product page's sticker, the calculator, the basket, every checkout step showing
// the trade-in, a pickup order and its page with the devices and the same kopecks.
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { pickUpAtMulticenter } from './checkout-steps.ts';

/** One old device valued in the calculator: searched, its model, memory and condition picked. */
async function valueDevice(calculator: Locator, query: string, model: RegExp, memory: RegExp, condition: RegExp) {
  await calculator.getByRole('searchbox', { name: 'Бренд или модель' }).fill(query);
  await calculator.getByRole('button', { name: 'Найти' }).click();
  await calculator.getByRole('button', { name: model }).click();
  await calculator.getByRole('button', { name: memory }).click();
  await calculator.getByRole('button', { name: condition }).click();
}

test('values two old phones for a new one from its product page, removes them, axe on every step', async ({
  page,
  axe,
}) => {
  const listing = await page.request.get('/api/v3/products/catalog/smartfony/224?per_page=24');
  const { products } = (await listing.json()) as { products: { id: number; url: string; offer: { price: number } }[] };
  const phone = products.find((p) => p.offer.price > 5_000_000)!;
  await page.goto(phone.url);
  await page.goto(`/service/trade-in?product=${phone.id}`);
  await expect(page.getByRole('heading', { name: 'Оцените старое устройство' })).toBeVisible();
  await axe(page);

  const calculator = page.locator('#calculator');
  await calculator.getByRole('button', { name: 'Оценить устройство' }).click();
  await expect(calculator.getByRole('heading', { name: /Шаг 1/ })).toBeVisible();
  await axe(page);
  await valueDevice(calculator, 'iphone 13', /^Apple iPhone 13 2021/, /128 ГБ/, /Разбит экран/);
  await expect(calculator.getByText('Apple iPhone 13 128 ГБ')).toBeVisible();
  await calculator.getByRole('button', { name: '+ Добавить ещё устройство' }).click();
  await valueDevice(calculator, 'galaxy s22', /^Samsung Galaxy S22 2022/, /256 ГБ/, /Отличное/);
  await axe(page);

  const state = (await (await page.request.get('/api/trade-in-derivable')).json()) as {
    total_discount: number;
    devices: { price: number }[];
    derivable: { newPrice: number };
  };
  expect(state.devices).toHaveLength(2);
  expect(state.total_discount).toBe(state.devices[0]!.price + state.devices[1]!.price + 300_000);
  const newPrice = page.locator('.ti-new-price dd');
  await expect(newPrice).toBeVisible();
  expect(Number((await newPrice.innerText()).replace(/\D/g, ''))).toBe(state.derivable.newPrice / 100);

  // The first «Удалить» is held on its way while the second is pressed: the second waits for it (a
  // second navigation would cancel the first, and one device would stay).
  let held = false;
  await page.route('**/service/trade-in.data*', async (route) => {
    if (route.request().method() === 'POST' && !held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // A request the page gave up on meanwhile cannot be continued.
    await route.continue().catch(() => undefined);
  });
  await calculator.getByRole('button', { name: 'Удалить Apple iPhone 13 128 ГБ' }).click();
  await calculator.getByRole('button', { name: 'Удалить Samsung Galaxy S22 256 ГБ' }).click();
  // None left: a blank device waits at the first step.
  await expect(calculator.getByRole('heading', { name: /Шаг 1/ })).toBeVisible();
});

/** Kopecks of a price text ('204 890 ₽' → 20489000). */
const kopecks = (text: string | null) => {
  const [rub, kop = '0'] = (text ?? '').replace(/[^\d,]/g, '').split(',');
  return Number(rub) * 100 + Number(kop.padEnd(2, '0'));
};

test('product sticker → calculator → basket → pickup order: the trade-in on every checkout step and in the order', async ({
  page,
  axe,
  baseURL,
  context,
}) => {
  test.setTimeout(180_000);
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
  const listing = await page.request.get('/api/v3/products/catalog/smartfony/224?per_page=48');
  const { products } = (await listing.json()) as {
    products: {
      id: number;
      url: string;
      offer: { price: number; available: boolean; preorder: boolean };
      city_availability: { stores: number };
    }[];
  };
  // A phone in stock in Moscow's stores, dear enough for two old phones and the bonus.
  const phone = products.find(
    (p) => p.offer.available && !p.offer.preorder && p.city_availability.stores > 0 && p.offer.price > 6_000_000,
  )!;
  expect(phone, 'a phone from 60 000 ₽ in stock').toBeDefined();

  // The product page's trade-in sticker leads to the calculator for this phone.
  await page.goto(phone.url);
  const buyBox = page.getByRole('region', { name: 'Покупка' });
  await buyBox.getByRole('link', { name: 'Оценить старое устройство' }).click();
  await expect(page).toHaveURL(new RegExp(`/service/trade-in\\?product=${phone.id}`));
  const calculator = page.locator('#calculator');
  await calculator.getByRole('button', { name: 'Оценить устройство' }).click();
  await valueDevice(calculator, 'iphone 12', /^Apple iPhone 12 2020/, /128 ГБ/, /Разбит экран/);
  await calculator.getByRole('button', { name: '+ Добавить ещё устройство' }).click();
  await valueDevice(calculator, 'galaxy s21', /^Samsung Galaxy S21 2021/, /256 ГБ/, /Рабочее/);
  await expect(calculator.getByText('Samsung Galaxy S21 256 ГБ')).toBeVisible();
  await axe(page);
  const state = (await (await page.request.get('/api/trade-in-derivable')).json()) as {
    total_discount: number;
    devices: { name: string; price: number }[];
  };
  expect(state.devices).toHaveLength(2);
  const discount = state.total_discount;
  const expected = phone.offer.price - discount;

  // «Оформить с Trade-in»: the phone goes into the basket; the aside shows the trade-in on every step.
  await page.getByRole('button', { name: 'Оформить с Trade-in' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const aside = page.getByRole('complementary', { name: 'Ваш заказ' });
  const checkAside = async () => {
    await expect(aside.getByTestId('trade-in-discount')).toBeVisible();
    expect(kopecks(await aside.getByTestId('trade-in-discount').locator('dd').textContent())).toBe(discount);
    expect(kopecks(await aside.getByTestId('order-total').textContent())).toBe(expected);
    const handIn = aside.getByRole('region', { name: 'Сдаёте в Trade-in' });
    await expect(handIn.getByText('Apple iPhone 12 128 ГБ, разбит экран')).toBeVisible();
    await expect(handIn.getByText('Samsung Galaxy S21 256 ГБ, рабочее')).toBeVisible();
    await axe(page);
  };
  await checkAside();

  await page.getByRole('button', { name: 'Перейти к оформлению' }).click();
  await expect(page.getByRole('heading', { name: 'Контактные данные' })).toBeVisible();
  await checkAside();
  await page.getByLabel('Имя').fill('Ирина');
  await page.getByLabel('Мобильный телефон').fill('9161234577');
  await page.getByRole('button', { name: 'Продолжить' }).click();

  await expect(page.getByRole('heading', { name: 'Способ получения' })).toBeVisible();
  await checkAside();
  // The old phones are handed in at a multicenter: a courier cannot take them.
  await expect(page.getByRole('radio', { name: /^Курьером/ })).toBeDisabled();
  await pickUpAtMulticenter(page);

  await page.getByRole('tablist', { name: 'Способы оплаты' }).getByRole('tab', { name: 'При получении' }).click();
  await page.getByRole('radio', { name: /Наличными или картой при получении/ }).check();
  await checkAside();
  await page.getByRole('button', { name: 'Продолжить' }).click();

  await expect(page.getByRole('heading', { name: 'Проверьте заказ' })).toBeVisible();
  await checkAside();
  const place = page.getByRole('button', { name: /Оформить заказ на/ });
  expect(kopecks(await place.textContent())).toBe(expected);
  await place.click();

  // The order page: what to bring, and the same kopecks as the summary and the stored order.
  await expect(page).toHaveURL(/\/cart\/success\/\d+$/);
  const orderId = Number(/\/cart\/success\/(\d+)$/.exec(page.url())![1]);
  const bring = page.getByRole('region', { name: 'Trade-in: что взять с собой' });
  await expect(bring.getByText(/Apple iPhone 12, 128 ГБ — разбит экран/)).toBeVisible();
  await expect(bring.getByText(/Samsung Galaxy S21, 256 ГБ — рабочее/)).toBeVisible();
  const total = page.locator('.order-totals > div').filter({ has: page.getByText('Итого', { exact: true }) });
  expect(kopecks(await total.locator('dd').textContent())).toBe(expected);
  await axe(page);
  const order = (await (await page.request.get(`/api/v3/customer/orders/${orderId}`)).json()) as {
    total_sum: number;
    discount: number;
    trade_in: { discount: number; discount_trade_in: number }[];
  };
  expect(order).toMatchObject({ total_sum: expected, discount });
  expect(order.trade_in.reduce((s, d) => s + d.discount + d.discount_trade_in, 0)).toBe(discount);
});
