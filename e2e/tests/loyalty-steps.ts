// Shared by the «Мультионы» specs: a signed-in customer joins the programme, and an operator (employee
// 5005) grants bonuses to a card with a comment (POST /api/ops/loyalty/custom) or marks an order
// completed so its bonuses are accrued (POST /api/ops/orders/{id}/complete).
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** Runs `work` as a signed-in operator in a context of its own. */
async function asOperator<T>(browser: Browser, baseURL: string, work: (staff: APIRequestContext) => Promise<T>) {
  const staff = await browser.newContext({ baseURL });
  try {
    const signIn = await staff.request.post('/api/user/register-upos', {
      headers: XHR,
      data: { mode: 'token', code: 'XEMP000000005005' },
    });
    expect(signIn.status()).toBe(200);
    return await work(staff.request);
  } finally {
    await staff.close();
  }
}

export async function grantBonuses(browser: Browser, baseURL: string, cardId: string, amount: number, comment: string) {
  await asOperator(browser, baseURL, async (staff) => {
    const granted = await staff.post('/api/ops/loyalty/custom', {
      headers: XHR,
      data: { card_id: cardId, amount, comment, idempotency_key: `e2e-${cardId}-${amount}` },
    });
    expect(granted.status()).toBe(201);
  });
}

/** Staff mark an order completed (status F); answers the bonuses its card was accrued (usable after 14 days). */
export async function completeOrder(browser: Browser, baseURL: string, orderId: number): Promise<number> {
  return asOperator(browser, baseURL, async (staff) => {
    const done = await staff.post(`/api/ops/orders/${orderId}/complete`, { headers: XHR });
    expect(done.status()).toBe(200);
    return ((await done.json()) as { accrued: number }).accrued;
  });
}

/** The signed-in customer of `page` joins the programme through the API; answers the card number. */
export async function joinProgramme(page: Page): Promise<string> {
  const joined = await page.request.post('/api/v2/plus-card/add', { headers: XHR, data: {} });
  expect(joined.status()).toBe(201);
  return ((await joined.json()) as { card_id: string }).card_id;
}
