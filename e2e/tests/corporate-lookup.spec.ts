// «Заказ для юрлица»: the company's name comes from its ИНН through the suggestions API, as the
// ИНН is typed once the page is hydrated, and through «Найти» (the form's action) without JavaScript.
import { demoCompany, fillBasket, pageWithoutJavaScript } from './companies.ts';
import { expect, test } from './fixtures.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

test('typing the ИНН fills the company name; «Найти» says when nothing is found', async ({ page, axe }) => {
  const company = await demoCompany(page.request);
  await fillBasket(page.request);
  await page.goto('/cart/corporate');
  await expect(page.getByRole('heading', { level: 1, name: 'Заказ для юрлица' })).toBeVisible();
  // Hydrated: React has attached its props to the ИНН field.
  await expect
    .poll(() =>
      page
        .getByLabel('ИНН компании *')
        .evaluate((input: object) => Object.keys(input).some((key) => key.startsWith('__reactProps'))),
    )
    .toBe(true);
  await page.getByLabel('ИНН компании *').pressSequentially(company.inn);
  await expect(page.getByLabel('Название компании *')).toHaveValue(company.name);
  await expect(page.getByRole('status').filter({ hasText: 'Найдено' })).toHaveText(`Найдено: ${company.name}`);
  await axe(page);

  // A real ИНН without a company: «Найти» says so and keeps the name typed by hand.
  await page.getByLabel('Название компании *').fill('ООО «Ромашка»');
  await page.getByLabel('ИНН компании *').fill('7707083893');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByText('Компания с таким ИНН не найдена — введите название вручную.')).toBeVisible();
  await expect(page.getByLabel('Название компании *')).toHaveValue('ООО «Ромашка»');
  await expect(page).toHaveURL(/\/cart\/corporate$/);
});

test('without JavaScript «Найти» fills the name through the form, and the request is sent', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await pageWithoutJavaScript(browser, baseURL!);
  const company = await demoCompany(page.request);
  await fillBasket(page.request);
  await page.goto('/cart/corporate');
  await page.getByLabel('ИНН компании *').fill(company.inn);
  await page.getByLabel('Контактное лицо *').fill('Пётр');
  await page.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByLabel('Название компании *')).toHaveValue(company.name);
  await expect(page.getByText(`Найдено: ${company.name}`)).toBeVisible();
  await expect(page.getByLabel('Контактное лицо *')).toHaveValue('Пётр');

  await page.getByLabel('Мобильный телефон *').fill('9165550126');
  await page.getByLabel('Электронная почта *').fill('zakupki@example.ru');
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page).toHaveURL(/\/cart\/success\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Заявка отправлена: заказ №\d+$/ })).toBeVisible();
  await context.close();
});
