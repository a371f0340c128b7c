// The page types bench:web and bench:hydration measure, so both benches ask the same addresses.

/**
 * Home, a filtered listing, a popular fridge and its two tabs, a search, the basket and a content page; `only`
 * (comma-separated names) narrows them. Each is fetched once first: the first requests build the catalogue
 * index and fill caches, and every page must answer 200.
 */
export async function benchPages(base: string, only?: string): Promise<[name: string, path: string][]> {
  const listing = (await (await fetch(`${base}/api/v3/products/catalog/holodilniki/401`)).json()) as {
    products: { url: string }[];
  };
  const product = listing.products[0]!.url.replace(/\/$/, '');
  const pages: Record<string, string> = {
    home: '/',
    // The parameters in the order the store keeps (it redirects any other order to this one).
    listing: '/catalog/smartfony/224?order_by=price&filter[price][to][]=100000',
    product,
    'product-faq': `${product}/faq`,
    'product-availability': `${product}/availability`,
    search: `/search?q=${encodeURIComponent('холодильник')}`,
    basket: '/cart',
    content: '/prm/personal-data',
  };
  const names = only?.split(',').map((s) => s.trim());
  const unknown = names?.filter((name) => !(name in pages)) ?? [];
  if (unknown.length) throw new Error(`unknown page ${unknown.join(', ')}; pages: ${Object.keys(pages).join(', ')}`);
  const chosen = Object.entries(pages).filter(([name]) => !names || names.includes(name));
  for (const [name, pagePath] of chosen) {
    const response = await fetch(base + pagePath);
    await response.text();
    if (response.status !== 200) throw new Error(`${name} ${pagePath} answered ${response.status}`);
  }
  return chosen;
}
