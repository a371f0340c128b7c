// Steps of the /cart checkout that several specs walk through the same way in the browser.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

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
