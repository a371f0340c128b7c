import { expect, test } from './fixtures.ts';
import { acquirerBanner, payByCard, placeOrder } from './sandbox-orders.ts';

// Paying an order in the sandbox acquirer. The order comes from POST /api/create-order with the
// page's own cookies, as the checkout would make it.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
});

test('3-D Secure card: the success page shows the order paid and its status', async ({ page, axe }) => {
  const orderId = await placeOrder(page.request);
  await page.goto(`/cart/payment/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Оплата заказа №${orderId}` })).toBeVisible();
  await axe(page);
  await page.getByRole('radio', { name: /Банковской картой/ }).check();
  await page.getByRole('button', { name: /^Оплатить/ }).click();

  await expect(page).toHaveURL(/\/sandbox-acquirer\/pay\/sbx_\w+$/);
  await axe(page);
  // An empty form comes back with field errors.
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Проверьте данные карты');
  await axe(page);
  await payByCard(page, '4000 0000 0000 3220');
  await expect(page).toHaveURL(/\/3ds$/);
  await expect(page.getByRole('heading', { name: 'Подтверждение покупки' })).toBeVisible();
  await axe(page);
  await page.getByLabel('Код из SMS').fill('123456');
  await page.getByRole('button', { name: 'Подтвердить' }).click();

  await expect(page).toHaveURL(new RegExp(`/cart/success/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Спасибо! Заказ №${orderId} оформлен` })).toBeVisible();
  await expect(page.getByText('Оплачен', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Самовывоз')).toBeVisible();
  await expect(page.getByText(/Заказ хранится до/)).toBeVisible();
  await axe(page);

  // A paid order's repayment page leads to the order in the account; a guest signs in first and comes back.
  await page.goto(`/cart/payment/${orderId}`);
  await expect(page).toHaveURL(new RegExp(`/user/login\\?back=%2Faccount%2Forders%2F${orderId}$`));
});

test('decline card leaves the order unpaid; the repayment page offers to pay again and it succeeds', async ({
  page,
  axe,
}) => {
  const orderId = await placeOrder(page.request);
  await page.goto(`/cart/payment/${orderId}`);
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await payByCard(page, '4000 0000 0000 0002');

  await expect(page).toHaveURL(new RegExp(`/cart/success/${orderId}$`));
  await expect(page.getByRole('alert')).toContainText('Платёж отклонён: Недостаточно средств');
  await axe(page);
  await page.getByRole('link', { name: /Оплатить снова/ }).click();

  await expect(page).toHaveURL(new RegExp(`/cart/payment/${orderId}$`));
  await expect(page.getByRole('alert')).toContainText('Платёж отклонён');
  await expect(page.getByRole('radio', { name: /Банковской картой/ })).toBeVisible();
  await axe(page);
  // This time through SBP: the QR page, and the bank app's «Оплатить».
  await page.getByRole('radio', { name: /Через СБП/ }).check();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByRole('img', { name: 'QR-код для оплаты через СБП' })).toBeVisible();
  await axe(page);
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cart/success/${orderId}$`));
  await expect(page.getByText('Оплачен', { exact: true }).first()).toBeVisible();
});

// axe needs JavaScript in the page: the same pages are checked in the tests above.
test('without JavaScript: the payment page, the SBP QR page and the card form all work', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
  const page = await context.newPage();

  const sbpOrder = await placeOrder(page.request);
  await page.goto(`/cart/payment/${sbpOrder}`);
  await page.getByRole('radio', { name: /Через СБП/ }).check();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByRole('heading', { name: 'Оплата через СБП' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR-код для оплаты через СБП' })).toBeVisible();
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cart/success/${sbpOrder}$`));
  await expect(page.getByText('Оплачен', { exact: true }).first()).toBeVisible();

  const cardOrder = await placeOrder(page.request);
  await page.goto(`/cart/payment/${cardOrder}`);
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  // A mistake comes back as field errors, then the success card pays.
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByText('Проверьте данные карты')).toBeVisible();
  await payByCard(page, '4111 1111 1111 1111');
  await expect(page).toHaveURL(new RegExp(`/cart/success/${cardOrder}$`));
  await expect(page.getByText('Оплачен', { exact: true }).first()).toBeVisible();
  await context.close();
});

test('an unknown order has no payment page, and an unknown acquirer session says so', async ({ page, axe }) => {
  const response = await page.goto('/cart/payment/999999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  const success = await page.goto('/cart/success/999999999');
  expect(success?.status()).toBe(404);

  const acquirer = await page.goto('/sandbox-acquirer/pay/sbx_unknown');
  expect(acquirer?.status()).toBe(404);
  await expect(acquirerBanner(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Платёж не найден' })).toBeVisible();
  await axe(page);
});
