import { expect, test } from './fixtures.ts';
import { payByCard, placeOrder } from './sandbox-orders.ts';

// The receipt of a paid order (/cart/receipt/{id}): a guest pays with the success card in the sandbox
// acquirer, follows «Кассовый чек» from the success page and reads the receipt; before paying, and
// for another browser, there is no receipt.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

test('a paid order links to its receipt: seller, items with VAT, totals, payment and the test note', async ({
  page,
  browser,
  baseURL,
  axe,
}) => {
  const orderId = await placeOrder(page.request);
  expect((await page.request.get(`/cart/receipt/${orderId}`)).status()).toBe(404);

  await page.goto(`/cart/payment/${orderId}`);
  await page.getByRole('radio', { name: /Банковской картой/ }).check();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await payByCard(page, '4111 1111 1111 1111');
  await expect(page).toHaveURL(new RegExp(`/cart/success/${orderId}$`));

  await page.getByRole('link', { name: 'Кассовый чек' }).click();
  await expect(page).toHaveURL(new RegExp(`/cart/receipt/${orderId}$`));
  const receipt = page.getByRole('article', { name: 'Кассовый чек (тестовый)' });
  await expect(receipt).toBeVisible();
  await expect(receipt.getByText(`Приход · заказ №${orderId}`)).toBeVisible();
  await expect(receipt.getByRole('note')).toContainText('фискальные данные');
  await expect(receipt.getByText('ООО «Мультицентр»')).toBeVisible();
  await expect(receipt.getByText('Банковской картой', { exact: true })).toBeVisible();
  await expect(receipt.getByText(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/)).toBeVisible();
  const rows = receipt.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('rowheader')).toContainText('Товар · Предоплата 100%');
  // The standard VAT of the moment of the sale: 22 % from 1 January 2026 (425-ФЗ), 20 % before.
  await expect(rows.nth(1)).toContainText(
    Date.now() >= Date.parse('2026-01-01T00:00:00+03:00') ? 'НДС 22%' : 'НДС 20%',
  );

  const api = (await (await page.request.get(`/api/v3/customer/orders/${orderId}/receipt`)).json()) as {
    total: number;
    items: { name: string; qty: number }[];
  };
  await expect(rows.nth(1).getByRole('rowheader')).toContainText(api.items[0]!.name);
  await expect(receipt.getByText('Итого')).toBeVisible();
  await axe(page);

  // Another browser (another basket) cannot open it.
  const other = await browser.newContext({ baseURL: baseURL! });
  expect((await other.request.get(`/cart/receipt/${orderId}`)).status()).toBe(404);
  await other.close();
});

test('a cancelled paid order shows the refund: «Возврат прихода» after the sale, to the kopeck', async ({
  page,
  axe,
}) => {
  const orderId = await placeOrder(page.request);
  await page.goto(`/cart/payment/${orderId}`);
  await page.getByRole('radio', { name: /Банковской картой/ }).check();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await payByCard(page, '4111 1111 1111 1111');
  await expect(page).toHaveURL(new RegExp(`/cart/success/${orderId}$`));

  const cancelled = await page.request.post(`/api/v3/customer/orders/${orderId}/cancel`, {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(cancelled.status()).toBe(200);
  const order = (await cancelled.json()) as { total_sum: number; refund: { amount: number; text: string } };
  expect(order.refund.amount).toBe(order.total_sum);
  expect(order.refund.text).toMatch(/^Возврат .+ оформлен: деньги вернутся на карту в течение 10 дней\.$/);

  await page.goto(`/cart/receipt/${orderId}`);
  const sale = page.getByRole('article', { name: /Приход · заказ/ });
  const refund = page.getByRole('article', { name: /Возврат прихода · заказ/ });
  await expect(sale).toBeVisible();
  await expect(refund).toBeVisible();
  await expect(refund.getByRole('heading', { level: 2 })).toHaveText('Кассовый чек (тестовый)');
  // The same lines and total as the sale.
  const saleRows = await sale.getByRole('table').getByRole('row').allInnerTexts();
  expect(await refund.getByRole('table').getByRole('row').allInnerTexts()).toEqual(saleRows);
  const total = (article: typeof sale) => article.locator('.receipt-total dd').innerText();
  expect(await total(refund)).toBe(await total(sale));
  await axe(page);
});

test('an operator’s refund of a paid order is printed after the sale, and nothing more is refunded', async ({
  page,
  browser,
  baseURL,
  axe,
}) => {
  const orderId = await placeOrder(page.request);
  await page.goto(`/cart/payment/${orderId}`);
  await page.getByRole('radio', { name: /Банковской картой/ }).check();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await payByCard(page, '4111 1111 1111 1111');
  await expect(page).toHaveURL(new RegExp(`/cart/success/${orderId}$`));

  // An operator (employee 5005) gives back the one unit of the sale's first position (decision 0058).
  const staff = await browser.newContext({ baseURL: baseURL! });
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  expect(
    (
      await staff.request.post('/api/user/register-upos', {
        headers,
        data: { mode: 'token', code: 'XEMP000000005005' },
      })
    ).status(),
  ).toBe(200);
  const ask = (key: string) =>
    staff.request.post(`/api/ops/orders/${orderId}/refunds`, {
      headers,
      data: { items: [{ position: 0, qty: 1 }], reason: 'Возврат товара', idempotency_key: key },
    });
  const made = await ask(`e2e-refund-${orderId}-1`);
  expect(made.status()).toBe(201);
  const refund = (await made.json()) as { amount: number; status: string };
  expect(refund.status).toBe('succeeded');
  const again = await ask(`e2e-refund-${orderId}-2`);
  expect(again.status()).toBe(422);
  await staff.close();

  await page.goto(`/cart/receipt/${orderId}`);
  const sale = page.getByRole('article', { name: /Приход · заказ/ });
  const back = page.getByRole('article', { name: /Возврат прихода · заказ/ });
  await expect(sale).toBeVisible();
  await expect(back).toBeVisible();
  const saleRows = await sale.getByRole('table').getByRole('row').allInnerTexts();
  expect(await back.getByRole('table').getByRole('row').allInnerTexts()).toEqual(saleRows);
  const total = (article: typeof sale) => article.locator('.receipt-total dd').innerText();
  // The fridge was the order's one line: the refund is the whole sale, to the kopeck.
  expect(await total(back)).toBe(await total(sale));
  const api = (await (await page.request.get(`/api/v3/customer/orders/${orderId}/receipt`)).json()) as {
    total: number;
    refunds: { total: number }[];
  };
  expect(api.refunds.map((r) => r.total)).toEqual([refund.amount]);
  expect(refund.amount).toBe(api.total);
  await axe(page);
});
