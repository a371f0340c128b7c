// Shared by the specs that register customers: a fresh phone, the codes the SMS outbox holds for it,
// and registration through the sign-in page.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** A phone no other test uses: 79 + 9 digits from the time and a random part. */
export function newPhone(): string {
  const digits = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`.padStart(9, '0').slice(-9);
  return `79${digits}`;
}

/** The newest six-digit code of this purpose the local SMS/e-mail adapter wrote for `recipient`. */
export async function codeFor(
  request: APIRequestContext,
  recipient: string,
  purpose: 'login' | 'register' | 'finance-phone' | 'loyalty',
): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(recipient)}&limit=5`);
    const messages = (await response.json()) as { body: string; template: string }[];
    code = /(\d{6})/.exec(messages.find((m) => m.template === `code-${purpose}`)?.body ?? '')?.[1];
    expect(code).toBeTruthy();
  }).toPass();
  return code!;
}

/** The registration code last sent to `phone`. */
export const registerCode = (request: APIRequestContext, phone: string) => codeFor(request, phone, 'register');

/** Registers a customer with this phone on the sign-in page; ends on the account page. */
export async function register(page: Page, phone: string, firstName = 'Анна') {
  await page.goto('/user/login?tab=register');
  await page.getByLabel('Телефон', { exact: true }).fill(phone.slice(1));
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByLabel('Код из SMS')).toBeVisible();
  await page.getByLabel('Код из SMS').fill(await registerCode(page.request, phone));
  await page.getByLabel('Имя').fill(firstName);
  await page.getByLabel('Фамилия').fill('Смирнова');
  await page.getByLabel('Пароль', { exact: true }).fill('Secret123');
  await page.getByLabel('Повторите пароль').fill('Secret123');
  await page.getByLabel('Я согласен на обработку персональных данных').check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
}
