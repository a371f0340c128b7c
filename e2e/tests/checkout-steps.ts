// Steps of the /cart checkout that several specs walk through the same way in the browser.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { payByCard } from './sandbox-orders.ts';

/**
 * From a product's page into the basket: waits for the buy box to come alive (its «В избранное» is
 * enabled once the page is interactive), presses `button` and waits for «В корзине».
 */
export async function addFromProductPage(page: Page, url: string, button: string) {
  const buyBox = page.getByRole('region', { name: 'Покупка' });
  await page.goto(url);
  await expect(buyBox.getByRole('button', { name: 'В избранное' })).toBeEnabled();
  await buyBox.getByRole('button', { name: button, exact: true }).click();
  await expect(buyBox.getByRole('link', { name: 'В корзине' }).first()).toBeVisible();
}

/** The delivery step: pickup at the first multicenter offered, then «Продолжить». */
export async function pickUpAtMulticenter(page: Page) {
  await page.getByRole('radio', { name: /^Самовывоз из Мультицентра/ }).check();
  await page
    .getByRole('group', { name: /Самовывоз из Мультицентра: выберите пункт/ })
    .getByRole('radio')
    .first()
    .check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
}

/** The page of a fridge in stock at a Moscow multicenter, not a pre-order. */
export async function inStockFridgeUrl(request: APIRequestContext): Promise<string> {
  const listing = await request.get('/api/v3/products/catalog/holodilniki/401?per_page=24');
  const { products } = (await listing.json()) as {
    products: {
      url: string;
      offer: { available: boolean; preorder: boolean };
      city_availability: { stores: number };
    }[];
  };
  const fridge = products.find((p) => p.offer.available && !p.offer.preorder && p.city_availability.stores > 0);
  expect(fridge, 'a fridge in stock').toBeDefined();
  return fridge!.url;
}

/** From /cart to the delivery step: «Перейти к оформлению», the contacts (phone without the leading 7), «Продолжить». */
export async function contactsStep(page: Page, contacts: { name: string; surname?: string; phone: string }) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Перейти к оформлению' }).click();
  await page.getByLabel('Имя').fill(contacts.name);
  if (contacts.surname) await page.getByLabel('Фамилия').fill(contacts.surname);
  await page.getByLabel('Мобильный телефон').fill(contacts.phone.slice(1));
  await page.getByRole('button', { name: 'Продолжить' }).click();
}

/**
 * A fridge in stock from its page into the basket, then through the /cart steps to the payment step:
 * the contacts, pickup at a multicenter.
 */
export async function fridgeToPaymentStep(page: Page, contacts: { name: string; phone: string }) {
  await addFromProductPage(page, await inStockFridgeUrl(page.request), 'Купить');
  await contactsStep(page, contacts);
  await pickUpAtMulticenter(page);
  await expect(page).toHaveURL(/step=payments/);
}

/** On the order's payment page (/cart/payment/{id}): «Банковской картой», the sandbox card form, back to success. */
export async function payOrderByCard(page: Page, orderId: number) {
  await page.getByRole('radio', { name: /Банковской картой/ }).check();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await payByCard(page, '4111 1111 1111 1111');
  await expect(page).toHaveURL(new RegExp(`/cart/success/${orderId}$`));
}

/** The order's 54-FZ receipt as the API answers it: what it totals and how it was paid (decision 0048). */
export async function receiptPayments(request: APIRequestContext, orderId: number) {
  const response = await request.get(`/api/v3/customer/orders/${orderId}/receipt`);
  expect(response.status()).toBe(200);
  const { total, payments } = (await response.json()) as {
    total: number;
    payments: { electronic: number; prepayment: number };
  };
  return { total, electronic: payments.electronic, prepayment: payments.prepayment };
}
