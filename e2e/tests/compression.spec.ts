// Pages, scripts and styles reach the browser compressed, and a product page from the page cache's
// gzip copy (with this visitor's CSP nonce written into it) hydrates like a rendered one (decision 0015).
import type { Response } from '@playwright/test';
import { expect, someProductUrl, test } from './fixtures.ts';

test('pages and client files arrive compressed, a cached page hydrates with its own nonce', async ({ page }) => {
  const assets: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) assets.push(response);
  });
  const home = await page.goto('/');
  // A rendered page streams as Brotli; a page-cache hit (home stored by an earlier test) is the stored
  // gzip copy, because a stored Brotli copy cannot take this visitor's nonce (decisions 0015, 0069), or
  // Brotli made on the way while that copy is not made yet.
  const homeHit = home?.headers()['x-page-cache'] === 'HIT';
  expect(homeHit ? ['gzip', 'br'] : ['br']).toContain(home?.headers()['content-encoding']);
  expect(home?.headers()['vary']).toMatch(/Accept-Encoding/);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new URL('/', page.url()).href);
  const scripts = assets.filter((response) => response.url().endsWith('.js'));
  expect(scripts.filter((script) => script.headers()['content-encoding'] === 'br').length).toBeGreaterThan(5);
  for (const script of scripts) {
    // Files under 1 KB have no compressed copy.
    const headers = script.headers();
    if (headers['content-encoding'] !== 'br')
      expect(Number(headers['content-length']), script.url()).toBeLessThan(1024);
    expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }

  // The first visit stores the page (this context now has its city and branch cookies); the second is a hit.
  const product = await someProductUrl(page);
  await page.goto(product);
  let hit = await page.goto(product);
  for (let tries = 0; hit?.headers()['content-encoding'] !== 'gzip' && tries < 20; tries++)
    hit = await page.goto(product);
  expect(hit?.headers()['x-page-cache']).toBe('HIT');
  expect(hit?.headers()['content-encoding']).toBe('gzip');
  // Hydrated (page.goto waits for it), and no CSP violation (the fixture fails the test on one).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
});
