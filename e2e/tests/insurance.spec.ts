// Insurance and finance pages (issue 17 item 6): the insurance layout, the ОСАГО calculator (a GET form
// the server computes, with JavaScript and without), an application confirmed by an SMS code end to end
// and seen by an operator, the deposit calculator, and axe on every page.
import type { APIRequestContext, Page } from '@playwright/test';
import { pageWithoutJavaScript } from './companies.ts';
import { codeFor, newPhone } from './customers.ts';
import { expect, test } from './fixtures.ts';

const PAGES = [
  ['/insurance/osago', 'Страхование ОСАГО'],
  ['/insurance/property', 'Страхование имущества'],
  ['/insurance/travel', 'Страхование путешественников'],
  ['/insurance/ipoteka', 'Ипотечное страхование'],
  ['/insurance/accident', 'Страхование от несчастных случаев'],
  ['/finance/deposit', 'Вклады'],
  ['/finance/osago', 'ОСАГО онлайн'],
  ['/finance/agents', 'Агентам'],
] as const;

// Every test is several server round trips (a calculation or each post of the application renders the page).
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

/** Fills the application form's contacts, asks for the code, types it from the outbox and sends. */
async function sendApplication(page: Page, phone: string, extra: (page: Page) => Promise<void> = async () => {}) {
  const form = page.getByRole('form', { name: /Оставить заявку|Оформить полис|Открыть вклад|Заявка агента/ });
  await form.getByLabel('Имя *').fill('Марина Лебедева');
  await form.getByLabel('Мобильный телефон *').fill(phone.slice(1));
  await extra(page);
  await form.getByLabel(/Согласен на/).check();
  await form.getByRole('button', { name: 'Получить код в SMS' }).click();
  await expect(form.getByText(/Код отправлен в SMS/)).toBeVisible();
  await form.getByLabel('Код из SMS *').fill(await codeFor(page.request, phone, 'finance-phone'));
  await form.getByRole('button', { name: 'Отправить заявку' }).click();
  const thanks = page.getByRole('heading', { name: /Спасибо! Заявка №\d+ принята/ });
  await expect(thanks).toBeVisible();
  return Number(/№(\d+)/.exec((await thanks.textContent()) ?? '')![1]);
}

async function operatorList(request: APIRequestContext, query: string) {
  const signIn = await request.post('/api/user/register-upos', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    data: { mode: 'token', code: 'XEMP000000005005' },
  });
  expect(signIn.ok()).toBe(true);
  const response = await request.get(`/api/ops/finance-requests?${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: number; phone: string; kind: string; details: Record<string, unknown> }[];
}

test('every page is in the insurance layout, has its content and passes axe', async ({ page, axe }) => {
  test.setTimeout(180_000);
  for (const [path, h1] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page.getByRole('link', { name: 'Назад в магазин' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('search')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Частые вопросы' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Получить код в SMS' })).toBeVisible();
    await axe(page);
  }
});

test('the ОСАГО calculator recomputes the estimate by the formula', async ({ page, axe }) => {
  await page.goto('/insurance/osago');
  const calc = page.getByRole('region', { name: 'Калькулятор ОСАГО' });
  await calc.getByLabel('Регион регистрации собственника').selectOption('moskva');
  await calc.getByLabel('Мощность двигателя, л. с.').fill('150');
  await calc.getByLabel('Возраст самого молодого водителя').fill('35');
  await calc.getByLabel('Наименьший стаж вождения, лет').fill('10');
  await calc.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(page).toHaveURL(/power=150/);
  // 1646…7535 ₽ × КТ 1,8 × КБМ 1,17 × КВС 0,96 × КО 1 × КМ 1,4 × КС 1
  await expect(calc.getByText('от 4 659 ₽ до 21 328 ₽')).toBeVisible();
  await expect(calc.getByText('Это оценка, а не цена полиса', { exact: false })).toBeVisible();

  // Anyone may drive a 200 hp car in Kazan: КО 2,32, and the legal cap of 3 × ТБ × КТ applies.
  await calc.getByLabel('Регион регистрации собственника').selectOption('kazan');
  await calc.getByLabel('Мощность двигателя, л. с.').fill('200');
  await calc.getByLabel('Без ограничений').check();
  await calc.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(calc.getByText('от 7 802 ₽ до 35 716 ₽')).toBeVisible();
  await expect(calc.getByText(/Премия ограничена законом/)).toBeVisible();

  await calc.getByLabel('Мощность двигателя, л. с.').fill('сто');
  await calc.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(calc.getByText('Допустимы только цифры.')).toBeVisible();
  await axe(page);
});

test('an ОСАГО application with the calculation reaches the operator', async ({ page, axe }) => {
  const phone = newPhone();
  await page.goto('/insurance/osago?region=kazan&power=110&drivers=limited&age=40&experience=15&kbmClass=5&months=12');
  const id = await sendApplication(page, phone, async (p) => {
    await p.getByLabel('Марка и модель автомобиля').fill('Kia Rio 2019');
  });
  await axe(page);
  const [found] = (await operatorList(page.request, 'kind=osago&status=new')).filter((r) => r.id === id);
  expect(found).toMatchObject({ phone, kind: 'osago', details: { comment: 'Kia Rio 2019', page: '/insurance/osago' } });
  expect(found!.details.osago).toMatchObject({ region: 'kazan', power: 110, age: 40, experience: 15 });
  expect(found!.details.estimate).toMatchObject({ kt: 1.58, km: 1.2, kbm: 0.91, kvs: 0.96 });
});

test('without JavaScript: the calculator and a property application work by plain forms', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await pageWithoutJavaScript(browser, baseURL!);
  await page.goto('/finance/osago');
  await page.getByLabel('Мощность двигателя, л. с.').fill('150');
  await page.getByLabel('Регион регистрации собственника').selectOption('moskva');
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(page.getByText('от 4 659 ₽ до 21 328 ₽')).toBeVisible();

  await page.goto('/insurance/property');
  await page.getByRole('button', { name: 'Получить код в SMS' }).click();
  await expect(page.getByText('Это поле необходимо заполнить.').first()).toBeVisible();
  await expect(page.getByText('Для завершения необходимо согласие.')).toBeVisible();
  const phone = newPhone();
  const id = await sendApplication(page, phone);
  const [found] = (await operatorList(page.request, 'kind=property')).filter((r) => r.id === id);
  expect(found).toMatchObject({ phone, kind: 'property' });
  await context.close();
});

test('the deposit calculator and rate table', async ({ page, axe }) => {
  await page.goto('/finance/deposit');
  await expect(page.getByRole('table', { name: 'Ставки по вкладам, % годовых' })).toContainText('Доходный');
  const calc = page.getByRole('region', { name: 'Калькулятор дохода' });
  await calc.getByLabel('Вклад').selectOption('dohodny');
  await calc.getByLabel('Сумма, ₽').fill('100 000');
  await calc.getByLabel('Срок').selectOption('12');
  await calc.getByRole('button', { name: 'Рассчитать доход' }).click();
  // 100 000 ₽ × 15,50 % × 12/12, paid at the end
  await expect(calc.getByText('15 500 ₽', { exact: true })).toBeVisible();
  await expect(calc.getByText('115 500 ₽')).toBeVisible();

  // Monthly capitalisation at 16 % for 3 months: 1 333,33 + 1 351,11 + 1 369,13, each month rounded
  await calc.getByLabel('Вклад').selectOption('kopilka');
  await calc.getByLabel('Срок').selectOption('3');
  await calc.getByRole('button', { name: 'Рассчитать доход' }).click();
  await expect(calc.getByText('4 053,57 ₽', { exact: true })).toBeVisible();
  await expect(calc.getByText(/Эффективная ставка/)).toBeVisible();
  await calc.getByText('Начисления по месяцам').click();
  await expect(calc.getByRole('row')).toHaveCount(4);

  await calc.getByLabel('Сумма, ₽').fill('500');
  await calc.getByRole('button', { name: 'Рассчитать доход' }).click();
  await expect(calc.getByText('Минимальная сумма вклада «Копилка» — 1 000 ₽')).toBeVisible();
  await axe(page);
});
