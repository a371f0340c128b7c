// Security headers and cross-site writes (issue 11 §3, decision 0012), in the browser. The fixture
// in fixtures.ts fails every test of the suite on a Content-Security-Policy violation.
import type { APIRequestContext, Page } from '@playwright/test';
import { newPhone, registerCode } from './customers.ts';
import { expect, someProductUrl, test } from './fixtures.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** Registers a customer through the API in this request context (its cookies are the browser's). */
async function signUp(request: APIRequestContext): Promise<string> {
  const phone = newPhone();
  expect((await request.post('/api/auth/v2/users/register/send-code', { data: { phone }, headers: XHR })).ok()).toBe(
    true,
  );
  const code = await registerCode(request, phone);
  const registered = await request.post('/api/user/register-site', {
    headers: XHR,
    data: {
      phone,
      code,
      first_name: 'Анна',
      password: 'Secret123',
      password_repeat: 'Secret123',
      consent: true,
    },
  });
  expect(registered.status()).toBe(200);
  return phone;
}

const signedIn = async (request: APIRequestContext) =>
  (await request.get('/api/v2/users/me/profile', { headers: XHR })).status() === 200;

/** The nonce of a CSP header's script-src. */
function nonceOf(policy: string | undefined): string {
  const nonce = /script-src[^;]*'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? '')?.[1];
  expect(nonce, `nonce in ${policy}`).toBeTruthy();
  return nonce!;
}

/** Every inline script of the HTML carries this nonce. */
function expectInlineScriptsNonced(html: string, nonce: string) {
  const inline = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!).filter((attrs) => !/\ssrc=/.test(attrs));
  expect(inline.length).toBeGreaterThan(0);
  for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
}

test('a product page: a new CSP nonce per visitor, even from the page cache, on every inline script', async ({
  page,
}) => {
  const url = await someProductUrl(page);
  // The first visit draws the branch and city cookies; the next two share one cache key.
  await page.request.get(url);
  const first = await page.request.get(url);
  const second = await page.request.get(url);
  expect(second.headers()['x-page-cache']).toBe('HIT');
  const nonces = [
    nonceOf(first.headers()['content-security-policy']),
    nonceOf(second.headers()['content-security-policy']),
  ];
  expect(nonces[0]).not.toBe(nonces[1]);
  expectInlineScriptsNonced(await first.text(), nonces[0]!);
  const cached = await second.text();
  expectInlineScriptsNonced(cached, nonces[1]!);
  expect(cached).not.toContain(nonces[0]!);
  for (const headers of [first.headers(), second.headers()]) {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('geolocation=(self)');
    expect(headers['strict-transport-security']).toBeUndefined();
  }

  // In the browser the page hydrates and works under the policy (the fixture fails on any violation).
  await page.goto(url);
  // React hydrates the document only when its scripts ran: it marks the container it listens on.
  // (A function, not a string: a string predicate runs through eval, which the policy forbids.)
  await page.waitForFunction(() =>
    Object.keys((globalThis as unknown as { document: object }).document).some((key) =>
      key.startsWith('_reactListening'),
    ),
  );
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the API docs page draws the operations under its policy', async ({ page }) => {
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.locator('#ops section.op').first()).toBeVisible();
});

async function evilPage(page: Page, form: string) {
  await page.route('https://evil.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><title>Prize</title></head><body>${form}</body></html>`,
    }),
  );
  await page.goto('https://evil.example/');
}

test('another site cannot sign a customer out or fill their basket, with or without an Origin header', async ({
  page,
  baseURL,
}) => {
  await signUp(page.request);
  expect(await signedIn(page.request)).toBe(true);

  await evilPage(page, `<form method="post" action="${baseURL}/user/logout"><button>Claim the prize</button></form>`);
  await page.getByRole('button', { name: 'Claim the prize' }).click();
  await expect(page.getByRole('heading', { name: 'Запрос отклонён' })).toBeVisible();
  expect(await signedIn(page.request)).toBe(true);

  // A post with no Origin, Referer or Sec-Fetch-Site at all (a script outside a browser, an old proxy).
  const bare = await page.request.post('/user/logout', { form: {} });
  expect(bare.status()).toBe(403);
  const product = await page.request.get('/api/v2/categories/224');
  expect(product.ok()).toBe(true);
  const add = await page.request.post('/cart', { form: { intent: 'add', product_id: '1' } });
  expect(add.status()).toBe(403);
  expect(await signedIn(page.request)).toBe(true);
});

test('without JavaScript the store’s own forms still post: sign-out works', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL! }]);
  const page = await context.newPage();
  await signUp(page.request);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL('/');
  expect(await signedIn(page.request)).toBe(false);
  await context.close();
});

test('the CSP fixture sees a blocked inline script (so a missing nonce fails the suite)', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/api/docs');
  await expect(page.locator('#ops section.op').first()).toBeVisible();
  // An inline script without the nonce, as an injected or forgotten one would be.
  await page.evaluate(
    "(() => { const script = document.createElement('script'); script.textContent = 'window.injected = true'; document.body.append(script); })()",
  );
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(await page.evaluate("'injected' in window")).toBe(false);
  // Seen and asserted here: emptied so the fixture's own check passes.
  cspViolations.splice(0);
});
