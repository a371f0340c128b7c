// «Подтвердить компанию через банк» (issue 17, decision 0047): a corporate order's company confirmed
// by its representative signing in at the sandbox business bank, which the store serves itself.
import type { Page } from '@playwright/test';
import { demoCompany, fillBasket, pageWithoutJavaScript } from './companies.ts';
import { expect, test } from './fixtures.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

/** «Заказ для юрлица» of the basket for the company: its thank-you page. */
async function placeCorporateOrder(page: Page, company: { inn: string; name: string }) {
  await fillBasket(page.request);
  await page.goto('/cart/corporate');
  await page.getByLabel('ИНН компании *').fill(company.inn);
  await page.getByLabel('Название компании *').fill(company.name);
  await page.getByLabel('Контактное лицо *').fill('Анна');
  await page.getByLabel('Мобильный телефон *').fill('9165550127');
  await page.getByLabel('Электронная почта *').fill('zakupki@example.ru');
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await expect(page).toHaveURL(/\/cart\/success\/\d+$/);
  return page.url();
}

/** The sandbox bank's sign-in form, filled. */
async function fillBankForm(page: Page, company: { inn: string; kpp: string }, representative: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Вход для бизнеса' })).toBeVisible();
  await page.getByLabel('ИНН организации').fill(company.inn);
  await page.getByLabel('КПП', { exact: true }).fill(company.kpp);
  await page.getByLabel('Представитель').fill(representative);
}

test("a corporate order's company confirmed through the sandbox bank shows on the order page", async ({
  page,
  axe,
}) => {
  const company = await demoCompany(page.request);
  const orderUrl = await placeCorporateOrder(page, company);
  const panel = page.getByRole('region', { name: 'Компания', exact: true });
  await expect(panel).toContainText(`${company.name}, ИНН ${company.inn}`);
  await axe(page);

  await panel.getByRole('link', { name: 'Подтвердить компанию через банк' }).click();
  await expect(page).toHaveURL(/\/sandbox-business-bank\/ic\/sso\/api\/v2\/oauth\/authorize\?/);
  // A wrong КПП is refused by the bank's form.
  await fillBankForm(page, { inn: company.inn, kpp: '773601001' }, 'Смирнова Анна Петровна');
  await page.getByRole('button', { name: 'Войти и подтвердить' }).click();
  await expect(page.getByText('КПП не совпадает с данными банка об организации')).toBeVisible();
  await axe(page);

  await page.getByLabel('КПП', { exact: true }).fill(company.kpp);
  await page.getByRole('button', { name: 'Войти и подтвердить' }).click();
  await expect(page).toHaveURL(`${orderUrl}?company=confirmed`);
  await expect(page.getByRole('status').filter({ hasText: 'банк подтвердил компанию' })).toBeVisible();
  await expect(panel).toContainText(`Компания подтверждена банком: ${company.name}, ИНН ${company.inn}`);
  await expect(panel).toContainText('Смирнова Анна Петровна');
  await expect(panel.getByRole('link', { name: 'Подтвердить компанию через банк' })).toHaveCount(0);
  await axe(page);
});

test('without JavaScript: «Отказаться» at the bank says so, and a second try confirms', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await pageWithoutJavaScript(browser, baseURL!);
  const company = await demoCompany(page.request);
  const orderUrl = await placeCorporateOrder(page, company);
  const link = page.getByRole('link', { name: 'Подтвердить компанию через банк' });

  await link.click();
  await page.getByRole('button', { name: 'Отказаться' }).click();
  await expect(page).toHaveURL(`${orderUrl}?company_error=denied`);
  await expect(page.getByText('Вход в банк отменён: компания не подтверждена')).toBeVisible();

  await link.click();
  await fillBankForm(page, company, 'Кузнецов Илья');
  await page.getByRole('button', { name: 'Войти и подтвердить' }).click();
  await expect(page).toHaveURL(`${orderUrl}?company=confirmed`);
  await expect(page.getByText(`Компания подтверждена банком: ${company.name}, ИНН ${company.inn}`)).toBeVisible();
  await context.close();
});
