import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const test = base.extend<{ axe: (page: Page) => Promise<void> }>({
  // page.goto() returns once React has hydrated the page (<html data-hydrated>, set by root.tsx), so a test
  // never clicks the server's HTML before its handlers exist. Pages without the app's scripts (JSON, pages
  // of the sandbox acquirer, a context with JavaScript off) return at once.
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
  // Fails the test on any axe violation, listing rule ids and the offending nodes.
  axe: async ({}, use) => {
    await use(async (page) => {
      const results = await new AxeBuilder({ page }).analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(summary, 'axe violations').toEqual([]);
    });
  },
});

export { expect };

/** Waits until React has hydrated the page, when the page is one of the app's. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    "document.documentElement.hasAttribute('data-hydrated') || !('__reactRouterContext' in window)",
  );
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
