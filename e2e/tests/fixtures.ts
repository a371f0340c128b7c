import AxeBuilder from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

/**
 * The address one test's shopper comes from. The store limits sign-in codes and attempts per IP
 * (decision 0012: 20 codes an hour); from one 127.0.0.1 the suite's shoppers would share that budget,
 * and a second run against the same store (--repeat-each) would be refused. The e2e store runs with
 * TRUST_PROXY=on and takes the address from X-Real-IP, like behind the store's own proxy.
 */
function visitorIpOf(testInfo: TestInfo): string {
  const [a, b, c] = createHash('sha256')
    .update(`${testInfo.testId}:${testInfo.repeatEachIndex}:${testInfo.retry}`)
    .digest();
  return `10.${a}.${b}.${(c! % 254) + 1}`;
}

export const test = base.extend<{ axe: (page: Page) => Promise<void>; cspViolations: string[]; visitorIp: string }>({
  // Every context of the test, the default one and those the test opens, sends the test's own address.
  visitorIp: [
    async ({ browser }, use, testInfo) => {
      const ip = visitorIpOf(testInfo);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = (options = {}) =>
        newContext({ ...options, extraHTTPHeaders: { 'x-real-ip': ip, ...options.extraHTTPHeaders } });
      await use(ip);
      browser.newContext = newContext;
    },
    { auto: true },
  ],
  extraHTTPHeaders: async ({ extraHTTPHeaders, visitorIp }, use) => {
    await use({ ...extraHTTPHeaders, 'x-real-ip': visitorIp });
  },
  // Every test fails on a Content-Security-Policy violation in any page of its context, so a script,
  // style or frame the policy blocks cannot break a page silently (decision 0012). Chromium reports
  // a violation on the console; the securitypolicyviolation event is echoed there too.
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      // A string: the e2e code is typed without the DOM library.
      await context.addInitScript(`document.addEventListener('securitypolicyviolation', (event) => {
        console.error('CSP violation: ' + event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' in ' + event.documentURI);
      });`);
      context.on('console', (message) => {
        const text = message.text();
        if (/Content Security Policy|CSP violation/i.test(text)) violations.push(text);
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  // page.goto() returns once React has hydrated the page (<html data-hydrated>, set by root.tsx), so a test
  // never clicks the server's HTML before its handlers exist. Pages without the app's scripts return at once.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await waitForHydration(page);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      if (options?.waitUntil !== 'commit') await waitForHydration(page);
      return response;
    };
    await use(page);
  },
  // Fails the test on any axe violation, listing rule ids and the offending nodes. A scan of a whole
  // catalogue page checks a few thousand elements (colour contrast of each) and takes 3–5 s on an idle
  // machine, several times that on a busy one; each scan adds its own 30 s to the test's time, so the
  // test's other steps keep the usual budget.
  axe: async ({}, use, testInfo) => {
    await use(async (page) => {
      testInfo.setTimeout(testInfo.timeout + 30_000);
      const results = await new AxeBuilder({ page }).analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(summary, 'axe violations').toEqual([]);
    });
  },
});

export { expect };

/** Waits until React has hydrated the page, when the page is one of the app's. */
export async function waitForHydration(page: Page): Promise<void> {
  // A function, not a string: a string predicate needs eval, which the pages' CSP forbids (decision 0012).
  await page.waitForFunction(() => {
    const root = (globalThis as unknown as { document: { documentElement: { hasAttribute(name: string): boolean } } })
      .document.documentElement;
    return root.hasAttribute('data-hydrated') || !('__reactRouterContext' in globalThis);
  });
}

/** Ids the tests need, read from the running store's own API. */
export async function cityId(page: Page, alias: string): Promise<number> {
  const response = await page.request.get(`/api/v2/cities/alias/${alias}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

export async function someProductUrl(page: Page): Promise<string> {
  const response = await page.request.get('/api/v2/categories/224');
  const category = (await response.json()) as { code: string; id: number };
  // Product ids are sequential from 1 in the demo data; walk until one of them is in this category.
  for (let id = 1; id < 400; id++) {
    const url = `/catalog/${category.code}/${category.id}/${id}`;
    const seo = await page.request.get(`/api/v2/breadcrumbs?url=${encodeURIComponent(url)}`);
    if (seo.ok()) return url;
  }
  throw new Error('no product found in category 224');
}
