// Shared by the «Мультионы» specs: a signed-in customer joins the programme, and an operator (employee
// 5005) grants bonuses to a card with a comment (POST /api/ops/loyalty/custom).
import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

export async function grantBonuses(browser: Browser, baseURL: string, cardId: string, amount: number, comment: string) {
  const staff = await browser.newContext({ baseURL });
  const signIn = await staff.request.post('/api/user/register-upos', {
    headers: XHR,
    data: { mode: 'token', code: 'XEMP000000005005' },
  });
  expect(signIn.status()).toBe(200);
  const granted = await staff.request.post('/api/ops/loyalty/custom', {
    headers: XHR,
    data: { card_id: cardId, amount, comment, idempotency_key: `e2e-${cardId}-${amount}` },
  });
  expect(granted.status()).toBe(201);
  await staff.close();
}

/** The signed-in customer of `page` joins the programme through the API; answers the card number. */
export async function joinProgramme(page: Page): Promise<string> {
  const joined = await page.request.post('/api/v2/plus-card/add', { headers: XHR, data: {} });
  expect(joined.status()).toBe(201);
  return ((await joined.json()) as { card_id: string }).card_id;
}
