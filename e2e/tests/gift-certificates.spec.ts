import { randomBytes } from 'node:crypto';
import { fridgeToPaymentStep, payOrderByCard, receiptPayments } from './checkout-steps.ts';
import { buyCertificate, kopecks } from './gift-certificate-steps.ts';
import { expect, test } from './fixtures.ts';

// Gift certificates (issue 15): a guest buys one on /certificate and pays it at the sandbox acquirer, the
// code comes by e-mail (the outbox), its balance is checked on the page, and it pays part of a fridge in
// checkout; the aside, the acquirer's amount and the stored order agree to the kopeck.

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

test('buy a certificate, check its balance, and refuse a wrong code in the field', async ({ page, axe }) => {
  // Buying walks the form, the payment page and the acquirer.
  test.setTimeout(240_000);
  await page.goto('/certificate');
  await axe(page);
  const recipient = `gift-${randomBytes(4).toString('hex')}@example.ru`;
  const code = await buyCertificate(page, '3 000 ₽', recipient);

  await page.goto('/cert');
  const check = page.getByRole('region', { name: 'Проверить баланс' });
  await check.getByLabel('Код сертификата').fill(code.toLowerCase());
  await check.getByRole('button', { name: 'Проверить' }).click();
  await expect(check.getByRole('status')).toContainText('3 000 ₽');
  await expect(check.getByRole('status')).toContainText('Действует');

  await check.getByLabel('Код сертификата').fill('XZZZ-ZZZZ-ZZZZ-ZZZZ');
  await check.getByRole('button', { name: 'Проверить' }).click();
  await expect(check.getByText('Сертификат не найден')).toBeVisible();
  await expect(check.getByLabel('Код сертификата')).toHaveAttribute('aria-invalid', 'true');
  await axe(page);
});

test('a certificate pays part of an order in checkout; the acquirer takes the rest to the kopeck', async ({
  page,
  axe,
}) => {
  // Buying a certificate, then the whole checkout and the acquirer again.
  test.setTimeout(240_000);
  const recipient = `gift-${randomBytes(4).toString('hex')}@example.ru`;
  const code = await buyCertificate(page, '5 000 ₽', recipient);

  await fridgeToPaymentStep(page, { name: 'Ольга', phone: '79165551234' });

  const panel = page.getByRole('region', { name: 'Подарочные сертификаты' });
  await panel.getByLabel('Код сертификата').fill('XZZZZZZZZZZZZZZZ');
  await panel.getByRole('button', { name: 'Применить' }).click();
  await expect(panel.getByText('Сертификат не найден')).toBeVisible();
  await panel.getByLabel('Код сертификата').fill(code);
  await panel.getByRole('button', { name: 'Применить' }).click();
  await expect(panel.getByText(code)).toBeVisible();
  await expect(panel.getByText(/Спишется 5\s000\s₽ из 5\s000\s₽/)).toBeVisible();
  const total = kopecks(await page.getByTestId('order-total').textContent());
  await expect(page.getByTestId('certificates-paid')).toHaveText(/5\s000\s₽/);
  const due = kopecks(await page.getByTestId('order-due').textContent());
  expect(due).toBe(total - 500_000);
  await axe(page);

  await page.getByRole('radio', { name: /Банковской картой онлайн/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  // The summary's aside still asks for the same rest.
  await expect(page.getByTestId('order-due')).toHaveText(/\d/);
  expect(kopecks(await page.getByTestId('order-due').textContent())).toBe(due);
  await page.getByRole('button', { name: /Оформить заказ/ }).click();
  await expect(page).toHaveURL(/\/cart\/payment\/\d+$/);
  const orderId = Number(/\/cart\/payment\/(\d+)$/.exec(page.url())![1]);
  const placed = (await (await page.request.get(`/api/v3/customer/orders/${orderId}`)).json()) as {
    total_sum: number;
    waiting_sum: number;
    sum_prepaid: number;
  };
  expect(placed).toMatchObject({ total_sum: total, waiting_sum: due, sum_prepaid: 500_000 });

  await payOrderByCard(page, orderId);
  // The receipt settles the whole order: the card's part and the certificate offset as an advance (0048).
  expect(await receiptPayments(page.request, orderId)).toEqual({ total, electronic: due, prepayment: 500_000 });
  const info = (await (await page.request.get(`/api/payment-info/${orderId}`)).json()) as {
    last_payment: { amount: number; status: string };
  };
  expect(info.last_payment).toMatchObject({ amount: due, status: 'succeeded' });
  const after = (await (await page.request.get(`/api/v2/gift-certificates/balance?code=${code}`)).json()) as {
    balance: number;
    state: string;
  };
  expect(after).toMatchObject({ balance: 0, state: 'spent' });
});
