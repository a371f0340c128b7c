// The security headers on every kind of answer the store's process gives (decision 0012), through
// the real store app on a test database. Pages themselves are rendered in e2e/tests/security.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createMemoryCache } from '@store/api';
import type { ServerBuild } from 'react-router';
import { createHarness, type Harness } from '../../api/src/test/api-harness.ts';
import { CROSS_SITE_REFUSED, isSameOriginWrite } from './request-origin.ts';
import { createStoreApp } from './store-app.ts';
import type { Runtime } from './runtime.ts';

let plain: { h: Harness; app: ReturnType<typeof createStoreApp> };
let proxied: { h: Harness; app: ReturnType<typeof createStoreApp> };

async function storeOn(env: Record<string, string>) {
  const h = await createHarness(env);
  const runtime = {
    config: h.config,
    logger: createLogger('silent'),
    handle: h.handle,
    cache: createMemoryCache(),
    api: h.api,
    close: async () => {},
  } as unknown as Runtime;
  // Pages are not rendered here: a render would be a test failure.
  const build = () => Promise.reject(new Error('no page render in this test')) as Promise<ServerBuild>;
  return { h, app: createStoreApp(runtime, { build, mode: 'production' }) };
}

beforeAll(async () => {
  plain = await storeOn({});
  proxied = await storeOn({ TRUST_PROXY: 'on' });
});
afterAll(async () => {
  await plain?.h.close();
  await proxied?.h.close();
});

const get = (app: ReturnType<typeof createStoreApp>, path: string, init: RequestInit = {}) =>
  app.fetch(new Request(`http://store.test${path}`, init));

function expectCommonHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
}

const directive = (policy: string | null, name: string) =>
  (policy ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('security headers', () => {
  it('API answers (JSON and errors) allow nothing to run', async () => {
    for (const path of ['/api/v2/cities?query=', '/api/no-such-call']) {
      const response = await get(plain.app, path);
      expectCommonHeaders(response);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('the docs page runs its script from our origin, with a nonce policy and no inline script', async () => {
    const page = await get(plain.app, '/api/docs');
    expectCommonHeaders(page);
    const policy = page.headers.get('content-security-policy');
    const scripts = directive(policy, 'script-src');
    expect(scripts).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' *$/);
    expect(scripts).not.toContain('unsafe-inline');
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/api/docs.js"></script>');
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const script = await get(plain.app, '/api/docs.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('fetch("/api/openapi.json")');
    // Each answer has its own nonce.
    const again = await get(plain.app, '/api/docs');
    expect(directive(again.headers.get('content-security-policy'), 'script-src')).not.toBe(scripts);
  });

  it('the sandbox acquirer pages and the pictures carry them too', async () => {
    const sandbox = await get(plain.app, '/sandbox-acquirer/pay/unknown');
    expect(sandbox.headers.get('content-type')).toMatch(/^text\/html/);
    expectCommonHeaders(sandbox);
    expect(directive(sandbox.headers.get('content-security-policy'), 'form-action')).toBe("form-action 'self'");
    const picture = await get(plain.app, '/img/category/holodilniki.svg');
    expect(picture.status).toBe(200);
    expectCommonHeaders(picture);
    expect(picture.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('HSTS and Secure cookies only over HTTPS, and X-Forwarded-Proto only from our own proxy', async () => {
    const https = { 'x-forwarded-proto': 'https', 'x-requested-with': 'XMLHttpRequest' };
    const add = (app: ReturnType<typeof createStoreApp>, headers: Record<string, string>) =>
      get(app, '/api/basket/get-basket', { headers });

    const behindProxy = await add(proxied.app, https);
    expect(behindProxy.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(behindProxy.headers.get('content-security-policy')).toContain("default-src 'none'");
    const basketCookies = behindProxy.headers.getSetCookie();
    expect(basketCookies.length).toBeGreaterThan(0);
    for (const cookie of basketCookies) expect(cookie).toMatch(/;\s*Secure/i);

    const docs = await get(proxied.app, '/api/docs', { headers: https });
    expect(docs.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');

    // A client's own X-Forwarded-Proto is not believed without TRUST_PROXY=on.
    const direct = await add(plain.app, https);
    expect(direct.headers.get('strict-transport-security')).toBeNull();
    for (const cookie of direct.headers.getSetCookie()) expect(cookie).not.toMatch(/;\s*Secure/i);
    const overHttp = await add(proxied.app, { 'x-requested-with': 'XMLHttpRequest' });
    expect(overHttp.headers.get('strict-transport-security')).toBeNull();
  });

  it('basket_id is Secure behind HTTPS, set by the API helper itself', async () => {
    const products = await proxied.h.handle.query<{ id: number }>(
      `select p.id from products p join product_offers o on o.product_id = p.id
        where p.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
          and exists (select 1 from stock st join stores s on s.id = st.store_id
                       where st.product_id = p.id and st.quantity > 0 and s.city_id = 1 and s.status = 1)
        order by p.id limit 1`,
    );
    const response = await proxied.h.call(`/api/basket/add-item`, {
      method: 'POST',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        'x-forwarded-proto': 'https',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ product_id: products[0]!.id, qty: 1 }),
    });
    const basketId = response.headers.getSetCookie().find((cookie) => cookie.startsWith('basket_id='));
    expect(basketId).toMatch(/;\s*HttpOnly/i);
    expect(basketId).toMatch(/;\s*Secure/i);
    expect(basketId).toMatch(/;\s*SameSite=Lax/i);
  });
});

describe('cross-site writes to pages', () => {
  it('refuses a sign-out posted by another site or with no origin at all, before any render', async () => {
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'http://shop.store.test' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      {},
    ];
    for (const headers of cases) {
      const response = await get(plain.app, '/user/logout', {
        method: 'POST',
        headers: { cookie: 'access_token=a; refresh_token=r', ...headers },
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toContain(CROSS_SITE_REFUSED);
      expect(response.headers.get('set-cookie')).toBeNull();
      expectCommonHeaders(response);
    }
  });

  it('takes writes from its own origin by Sec-Fetch-Site, Origin or Referer', () => {
    const config = { TRUST_PROXY: 'off' } as const;
    const post = (headers: Record<string, string>, url = 'http://store.test/cart') =>
      isSameOriginWrite(config, new Request(url, { method: 'POST', headers }));
    expect(post({ 'sec-fetch-site': 'same-origin' })).toBe(true);
    expect(post({ origin: 'http://store.test' })).toBe(true);
    expect(post({ referer: 'http://store.test/cart?step=2' })).toBe(true);
    expect(post({ origin: 'http://store.test.evil.example' })).toBe(false);
    expect(post({ referer: 'not a url' })).toBe(false);
    expect(post({ origin: 'https://store.test' })).toBe(false);
    expect(isSameOriginWrite(config, new Request('http://store.test/cart'))).toBe(true);
    // Behind our HTTPS proxy the browser's origin is https.
    const proxied = new Request('http://store.test/cart', {
      method: 'POST',
      headers: { origin: 'https://store.test', 'x-forwarded-proto': 'https' },
    });
    expect(isSameOriginWrite({ TRUST_PROXY: 'on' }, proxied)).toBe(true);
    expect(isSameOriginWrite(config, proxied)).toBe(false);
  });
});
