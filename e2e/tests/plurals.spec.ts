import { expect, test } from './fixtures.ts';

// «122 товаров», «54 товаров» on the catalogue index: every count takes the Russian plural form.
test('the catalogue index counts products with the right plural form', async ({ page }) => {
  await page.goto('/catalog');
  const counts = await page.locator('.category-tiles li .muted').allTextContents();
  expect(counts.length).toBeGreaterThan(3);
  const forms = { one: 'товар', few: 'товара', many: 'товаров' } as Record<string, string>;
  const rules = new Intl.PluralRules('ru');
  for (const text of counts) {
    const match = /^([\d\s\u00a0]+) (\S+)$/.exec(text);
    expect(match, text).not.toBeNull();
    const n = Number(match![1]!.replace(/\D/g, ''));
    expect(match![2], text).toBe(forms[rules.select(n)]);
  }
});
