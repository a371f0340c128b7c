// The page does not move while it loads and hydrates (issue 12: CLS ≤ 0.05 on a phone). Layout shifts are
// read with a PerformanceObserver from the first paint; a new visitor sees the city prompt and the cookie
// notice, so both must be in the server's HTML rather than appear after hydration.
import type { Page } from '@playwright/test';
import { expect, someProductUrl, test } from './fixtures.ts';

interface Shift {
  value: number;
  sources: string[];
}

// A string: the e2e code is typed without the DOM library.
const recordShifts = `window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__shifts.push({
      value: entry.value,
      sources: entry.sources.map((s) => (s.node && s.node.nodeType === 1 ? s.node.tagName + '.' + s.node.className : String(s.node)) +
        ' ' + Math.round(s.previousRect.y) + '→' + Math.round(s.currentRect.y)),
    });
  }
}).observe({ type: 'layout-shift', buffered: true });`;

/** The shifts so far, after two more frames (an entry is reported once its frame is painted). */
async function shifts(page: Page): Promise<Shift[]> {
  return page.evaluate(async () => {
    const w = globalThis as unknown as {
      requestAnimationFrame: (callback: () => void) => void;
      __shifts: Shift[];
    };
    await new Promise<void>((resolve) => w.requestAnimationFrame(() => w.requestAnimationFrame(resolve)));
    return w.__shifts;
  });
}

const total = (list: Shift[]) => list.reduce((sum, s) => sum + s.value, 0);

/** Holds the app's scripts until release(): the server's HTML is on screen and React has not hydrated it. */
async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('layout on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(recordShifts);
  });

  for (const name of ['home', 'product'] as const) {
    test(`the ${name} page does not move while a new visitor's page hydrates`, async ({ page }) => {
      const url = name === 'home' ? '/' : await someProductUrl(page);
      await page.goto(url);
      // The client-only buttons turn on once hydrated; the city prompt and the cookie notice stay.
      const prompt = page.getByRole('dialog', { name: 'Подтверждение города' });
      await expect(prompt.getByRole('button', { name: 'Да, верно' })).toBeEnabled();
      await expect(page.getByRole('region', { name: 'Уведомление о cookie' })).toBeVisible();
      const list = await shifts(page);
      expect(total(list), JSON.stringify(list)).toBeLessThanOrEqual(0.01);
    });
  }

  // Decision 0060: on a slow link the modules no longer share the bandwidth with the first paint.
  for (const name of ['home', 'product'] as const) {
    test(`the ${name} page paints and loads its LCP picture before any script is fetched, then hydrates`, async ({
      page,
    }) => {
      const url = name === 'home' ? '/' : await someProductUrl(page);
      const html = await (await page.request.get(url)).text();
      expect(html).not.toContain('rel="modulepreload"');
      await page.goto(url);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      const timing = await page.evaluate(() => {
        interface Entry {
          name: string;
          startTime: number;
          responseEnd: number;
        }
        const w = globalThis as unknown as {
          performance: { getEntriesByType(type: string): Entry[]; getEntriesByName(name: string): Entry[] };
          document: { querySelector(selector: string): { src: string } | null };
        };
        const resources = w.performance.getEntriesByType('resource');
        const lcpSrc = w.document.querySelector('img[fetchpriority="high"]')?.src;
        return {
          firstPaint: w.performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
          picture: resources.find((r) => r.name === lcpSrc)?.responseEnd ?? NaN,
          scripts: resources.filter((r) => /\/assets\/.*\.js$/.test(r.name)).map((r) => r.startTime),
        };
      });
      expect(timing.scripts.length).toBeGreaterThan(3);
      expect(timing.firstPaint).toBeGreaterThan(0);
      expect(timing.picture).toBeGreaterThan(0);
      expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.firstPaint);
      expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.picture);
    });
  }

  test('the home category tiles draw their pictures from one file, each tile its own picture', async ({ page }) => {
    // Decision 0083: one SVG document for all the tiles instead of one per tile.
    const pictures: string[] = [];
    page.on('request', (request) => {
      if (/\/img\/category(-tiles)?\//.test(request.url())) pictures.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    const images = page.locator('.category-tiles img');
    const count = await images.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i++) {
      await images.nth(i).scrollIntoViewIfNeeded();
      // Loaded and drawn at its size: the view of the tile, not a broken image.
      await expect
        .poll(() =>
          images.nth(i).evaluate((img) => {
            const picture = img as unknown as { complete: boolean; naturalWidth: number };
            return picture.complete && picture.naturalWidth > 0;
          }),
        )
        .toBe(true);
    }
    const sources = await images.evaluateAll((list) => list.map((img) => img.getAttribute('src') ?? ''));
    expect(new Set(sources.map((src) => src.split('#')[0])).size).toBe(1);
    expect(new Set(sources.map((src) => src.split('#')[1])).size).toBe(count);
    expect(pictures).toHaveLength(1);
    // Two tiles differ on screen (each shows its own view, not the file's first tile).
    const [first, second] = [await images.nth(0).screenshot(), await images.nth(1).screenshot()];
    expect(first.equals(second)).toBe(false);
  });

  test('a home row draws its first six cards in the HTML and the rest as it nears the viewport, the page still', async ({
    page,
  }) => {
    // The server's HTML: six cards per row (lib/home-rows.ts), the product of the day apart.
    const html = await (await page.request.get('/')).text();
    const rows = html.match(/<ul class="product-row"/g)?.length ?? 0;
    expect(rows).toBeGreaterThan(1);
    expect(html.match(/<article class="product-card /g)?.length).toBe(rows * 6);

    await page.goto('/');
    await expect(
      page.getByRole('dialog', { name: 'Подтверждение города' }).getByRole('button', { name: 'Да, верно' }),
    ).toBeEnabled();
    // The last row holds as many cards as the API gives its block.
    const main = (await (await page.request.get('/api/v3/main-page/get-data?page_id=5')).json()) as {
      blocks: { title: string; products: unknown[] }[];
    };
    const block = main.blocks.at(-1)!;
    expect(block.products.length).toBeGreaterThan(6);
    const last = page.getByRole('region', { name: block.title, exact: true });
    // Scrolled down as a visitor does, a wheel step at a time (a jump would land among rows whose
    // `content-visibility` height is still the estimate).
    await expect(async () => {
      await page.mouse.wheel(0, 400);
      await expect(last).toBeInViewport({ timeout: 250 });
    }).toPass({ timeout: 30_000 });
    await expect(last.getByRole('article')).toHaveCount(block.products.length);
    const list = await shifts(page);
    expect(total(list), JSON.stringify(list)).toBeLessThanOrEqual(0.01);
  });

  test('the city prompt is in the server HTML for a new visitor and hidden before paint once confirmed', async ({
    page,
  }) => {
    const url = await someProductUrl(page);
    let release = await holdScripts(page);
    await page.goto(url, { waitUntil: 'commit' });
    const prompt = page.getByRole('dialog', { name: 'Подтверждение города' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Да, верно' })).toBeDisabled();
    release();
    await prompt.getByRole('button', { name: 'Да, верно' }).click();
    await expect(prompt).toHaveCount(0);

    // Confirmed: the head script hides the prompt before the scripts run, so nothing moves afterwards.
    await page.unrouteAll();
    release = await holdScripts(page);
    await page.goto(url, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt).toBeHidden();
    release();
    await expect(page.getByRole('button', { name: 'Принять' })).toBeEnabled();
    const list = await shifts(page);
    expect(total(list), JSON.stringify(list)).toBeLessThanOrEqual(0.01);
  });

  // Decision 0067: blocks below the first screen (a grid's cards after the fourth, the filters, home's rows, the
  // product page's specs and tabs, the footer) hydrate in a pass after the first screen's, without a scroll. A
  // click in the moment between the two passes must still navigate in the app, never wait for a scroll: the
  // script below clicks as soon as the first pass has committed (html[data-hydrated], set by the layout's effect),
  // on a CPU slowed 4× as Lighthouse's phone, and notes whether the later cards were still the server's HTML.
  const clickBetweenPasses = (selector: string) => `(() => {
    window.__sameDocument = true;
    new MutationObserver((_, observer) => {
      if (!document.documentElement.hasAttribute('data-hydrated')) return;
      observer.disconnect();
      const later = document.querySelectorAll('.product-grid > li:last-child .card-toggle, .product-row .card-toggle');
      const target = document.querySelector(${JSON.stringify(selector)});
      window.__betweenPasses = {
        laterStillServerHtml: later.length > 0 && later[later.length - 1].disabled,
        href: target ? target.getAttribute('href') : null,
      };
      if (target) target.click();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  })()`;

  async function clickBeforeLaterPass(page: Page, url: string, selector: string) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(clickBetweenPasses(selector));
    await page.goto(url);
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { __betweenPasses?: unknown }).__betweenPasses ?? null))
      .not.toBeNull();
    const between = await page.evaluate(
      () =>
        (globalThis as unknown as { __betweenPasses: { laterStillServerHtml: boolean; href: string } }).__betweenPasses,
    );
    // The scenario happened: the later pass had not run when the click came.
    expect(between.laterStillServerHtml).toBe(true);
    expect(between.href).toBeTruthy();
    await expect(page).toHaveURL((u) => u.pathname === between.href.split('?')[0]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Navigated in the app (the document and its marker are the same), and the page is hydrated.
    expect(await page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
      true,
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }

  test('a link of a block not hydrated yet navigates in the app (home row card)', async ({ page }) => {
    await clickBeforeLaterPass(page, '/', '.product-row .product-card-name');
  });

  test('a navigation that starts before the later pass does not wait for it (listing breadcrumb)', async ({ page }) => {
    await clickBeforeLaterPass(
      page,
      '/catalog/smartfony/224?order_by=price',
      'nav.breadcrumbs a[href^="/catalog/"], nav.breadcrumbs a[href="/catalog"]',
    );
  });

  test('blocks below the first screen hydrate without a scroll, and their buttons wait for it', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/catalog/smartfony/224?order_by=price', { waitUntil: 'commit' });
    const lastCard = page.locator('.product-grid > li').last();
    // The server's HTML: the toggles are disabled until hydrated, the basket button is a form that posts.
    await expect(lastCard.getByRole('button', { name: 'В избранное' })).toBeDisabled();
    await expect(lastCard.locator('form[method="post"][action="/cart"]')).toHaveCount(1);
    release();
    await expect(lastCard.getByRole('button', { name: 'В избранное' })).toBeEnabled();
    expect(await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBe(0);
    await lastCard.getByRole('button', { name: 'В избранное' }).click();
    await expect(lastCard.getByRole('button', { name: 'В избранное' })).toHaveAttribute('aria-pressed', 'true');
    const list = await shifts(page);
    expect(total(list), JSON.stringify(list)).toBeLessThanOrEqual(0.01);
  });
});
