// Trade-in (issue 16): from a phone's product page, two old phones valued (one with a broken screen),
// the new price, removing one and the blank device that follows; axe on the calculator's steps.
import { expect, test } from './fixtures.ts';

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
  const value = async (query: string, model: RegExp, memory: RegExp, condition: RegExp) => {
    await calculator.getByRole('searchbox', { name: 'Бренд или модель' }).fill(query);
    await calculator.getByRole('button', { name: 'Найти' }).click();
    await calculator.getByRole('button', { name: model }).click();
    await calculator.getByRole('button', { name: memory }).click();
    await calculator.getByRole('button', { name: condition }).click();
  };
  await calculator.getByRole('button', { name: 'Оценить устройство' }).click();
  await expect(calculator.getByRole('heading', { name: /Шаг 1/ })).toBeVisible();
  await axe(page);
  await value('iphone 13', /^Apple iPhone 13 2021/, /128 ГБ/, /Разбит экран/);
  await expect(calculator.getByText('Apple iPhone 13 128 ГБ')).toBeVisible();
  await calculator.getByRole('button', { name: '+ Добавить ещё устройство' }).click();
  await value('galaxy s22', /^Samsung Galaxy S22 2022/, /256 ГБ/, /Отличное/);
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

  await calculator.getByRole('button', { name: 'Удалить Apple iPhone 13 128 ГБ' }).click();
  await calculator.getByRole('button', { name: 'Удалить Samsung Galaxy S22 256 ГБ' }).click();
  // None left: a blank device waits at the first step.
  await expect(calculator.getByRole('heading', { name: /Шаг 1/ })).toBeVisible();
});
