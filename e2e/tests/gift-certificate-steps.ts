// Shared by the specs that buy gift certificates and read the checkout's money: a guest buys one on
// /certificate, pays it at the sandbox acquirer, and reads its code in the e-mail outbox.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { payOrderByCard } from './checkout-steps.ts';

/** Kopecks of a price text ('61 990 ₽' → 6199000). */
export const kopecks = (text: string | null) =>
  Math.round(Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.')) * 100);

/** The code e-mailed to `recipient` once the certificate's order was paid. */
async function mailedCode(page: Page, recipient: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await page.request.get(`/api/dev/outbox?recipient=${encodeURIComponent(recipient)}&limit=5`);
    const messages = (await response.json()) as { body: string; template: string }[];
    code = /Код сертификата: (X[0-9A-Z-]{18})/.exec(
      messages.find((m) => m.template === 'gift-certificate')?.body ?? '',
    )?.[1];
    expect(code).toBeTruthy();
  }).toPass();
  return code!;
}

export async function buyCertificate(page: Page, nominal: string, recipient: string) {
  await page.goto('/certificate');
  await expect(page.getByRole('heading', { level: 1, name: 'Подарочные сертификаты' })).toBeVisible();
  const buy = page.getByRole('region', { name: 'Купить сертификат' });
  await buy.getByRole('radio', { name: nominal, exact: true }).check();
  await buy.getByLabel('Ваше имя').fill('Ольга');
  await buy.getByLabel('Телефон').fill('+7 916 555-12-34');
  await buy.getByLabel('Ваш e-mail').fill('olga@example.ru');
  await buy.getByLabel('Имя получателя').fill('Мария');
  await buy.getByLabel('E-mail получателя').fill(recipient);
  await buy.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page).toHaveURL(/\/cart\/payment\/\d+$/);
  await payOrderByCard(page, Number(/\/cart\/payment\/(\d+)$/.exec(page.url())![1]));
  return mailedCode(page, recipient);
}
