// «Мультионы» in checkout (issue 15): a customer earns bonuses on an order staff complete (pending for
// the return window), chooses the bonuses to spend on the payment step and adds a gift certificate; the
// aside, the summary, the acquirer, the receipt and the order agree to the kopeck; the order page shows
// both; cancelling returns the bonuses (the history) and the certificate's money (/cert).
// The running store cannot make 14 days pass, so the bonuses spent here are an operator's grant;
// apps/api/src/routes/loyalty-journey.test.ts spends an accrual after moving its completion back.
import { randomBytes } from 'node:crypto';
import { fridgeToPaymentStep, payOrderByCard, receiptPayments } from './checkout-steps.ts';
import { newPhone, register } from './customers.ts';
import { expect, test } from './fixtures.ts';
import { buyCertificate, kopecks } from './gift-certificate-steps.ts';
import { completeOrder, grantBonuses, joinProgramme } from './loyalty-steps.ts';
import { placeOrder } from './sandbox-orders.ts';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

test('bonuses and a gift certificate pay one order together; cancelling gives both back', async ({
  page,
  axe,
  browser,
  baseURL,
}) => {
  // A certificate bought at the acquirer, the whole checkout, the acquirer again and the cancellation.
  test.setTimeout(300_000);
  const code = await buyCertificate(page, '3 000 ₽', `gift-${randomBytes(4).toString('hex')}@example.ru`);
  const phone = newPhone();
  await register(page, phone);
  const cardId = await joinProgramme(page);
  // An earlier order, paid and then completed by staff: its bonuses are accrued but wait out the return window.
  const earlier = await placeOrder(page.request);
  await page.goto(`/cart/payment/${earlier}`);
  await payOrderByCard(page, earlier);
  const accrued = await completeOrder(browser, baseURL!, earlier);
  expect(accrued).toBeGreaterThan(0);
  await grantBonuses(browser, baseURL!, cardId, 1000, 'Приветственные бонусы');

  await fridgeToPaymentStep(page, { name: 'Анна', phone });
  const before = kopecks(await page.getByTestId('order-total').textContent());

  const bonuses = page.getByRole('region', { name: 'Бонусы «Мультионы»' });
  await expect(bonuses.getByTestId('bonuses-available')).toHaveText(/1\s000 бонусов/);
  await bonuses.getByLabel('Сколько бонусов списать').fill('12а');
  await bonuses.getByRole('button', { name: 'Списать', exact: true }).click();
  await expect(bonuses.getByText('Допустимы только цифры.')).toBeVisible();
  await bonuses.getByLabel('Сколько бонусов списать').fill('5000');
  await bonuses.getByRole('button', { name: 'Списать', exact: true }).click();
  await expect(bonuses.getByText(/^Можно списать не больше|^Недостаточно бонусов на карте$/)).toBeVisible();
  await bonuses.getByLabel('Сколько бонусов списать').fill('600');
  await bonuses.getByRole('button', { name: 'Списать', exact: true }).click();
  await expect(page.getByTestId('bonuses-paid')).toHaveText(/600\s₽/);
  const total = kopecks(await page.getByTestId('order-total').textContent());
  expect(total).toBe(before - 60_000);

  const certificates = page.getByRole('region', { name: 'Подарочные сертификаты' });
  await certificates.getByLabel('Код сертификата').fill(code);
  await certificates.getByRole('button', { name: 'Применить' }).click();
  await expect(page.getByTestId('certificates-paid')).toHaveText(/3\s000\s₽/);
  const due = kopecks(await page.getByTestId('order-due').textContent());
  expect(due).toBe(total - 300_000);
  // The bonuses survived the certificate's post.
  await expect(page.getByTestId('bonuses-paid')).toHaveText(/600\s₽/);
  await axe(page);

  await page.getByRole('radio', { name: /Банковской картой онлайн/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(/step=summary/);
  await expect(page.getByTestId('bonuses-paid')).toHaveText(/600\s₽/);
  expect(kopecks(await page.getByTestId('order-due').textContent())).toBe(due);
  await page.getByRole('button', { name: /Оформить заказ/ }).click();
  await expect(page).toHaveURL(/\/cart\/payment\/\d+$/);
  const orderId = Number(/\/cart\/payment\/(\d+)$/.exec(page.url())![1]);
  const placed = await (await page.request.get(`/api/v3/customer/orders/${orderId}`)).json();
  expect(placed).toMatchObject({ total_sum: total, waiting_sum: due, sum_prepaid: 300_000, bonuses_spent: 600 });

  await payOrderByCard(page, orderId);
  // The bonuses are a discount on the lines; the certificate is offset as an advance (0048).
  expect(await receiptPayments(page.request, orderId)).toEqual({ total, electronic: due, prepayment: 300_000 });

  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByTestId('order-bonuses')).toContainText(/600\s₽/);
  await expect(page.getByTestId('order-certificate')).toContainText(code.slice(-4));
  await expect(page.getByTestId('order-certificate')).toContainText(/3\s000\s₽/);
  await axe(page);
  await page.getByRole('link', { name: 'Отменить заказ' }).click();
  await page.getByRole('button', { name: 'Да, отменить заказ' }).click();
  await expect(page.getByTestId('order-certificate')).toContainText('возвращено на сертификат');

  await page.goto('/account/loyalty');
  await expect(page.getByText('Возврат списанных бонусов')).toBeVisible();
  await expect(page.getByText('+600')).toBeVisible();
  // Every step is in the history: the pending accrual, the grant, the write-off and its return.
  const history = page.getByRole('region', { name: 'История операций' });
  await expect(history.getByRole('listitem')).toHaveText([
    /^Возврат списанных бонусов/,
    new RegExp(`^Оплата заказа №${orderId}`),
    /^Приветственные бонусы/,
    new RegExp(`^Начисление за заказ №${earlier}, станут доступны \\d{2}\\.\\d{2}`),
  ]);
  const pending = page.locator('dt:has-text("Ожидают начисления") + dd');
  expect(Number((await pending.textContent())!.replace(/\D/g, ''))).toBe(accrued);
  await axe(page);

  await page.goto('/cert');
  const check = page.getByRole('region', { name: 'Проверить баланс' });
  await check.getByLabel('Код сертификата').fill(code);
  await check.getByRole('button', { name: 'Проверить' }).click();
  await expect(check.getByRole('status')).toContainText(/3\s000\s₽/);
  await expect(check.getByRole('status')).toContainText('Действует');
  await axe(page);
});
