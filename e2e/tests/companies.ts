// Shared by the specs of the corporate forms (/service/corporate, /cart/corporate): a demo company the
// local suggestions know, and a page without JavaScript for the forms' plain-HTML path.
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect } from './fixtures.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** A demo company of the local suggestions (the first one a «ООО» query suggests), with its ИНН and КПП. */
export async function demoCompany(request: APIRequestContext) {
  const response = await request.post('/api/dadata/suggest/party', { headers: XHR, data: { query: 'ООО', count: 1 } });
  const { suggestions } = (await response.json()) as {
    suggestions: { value: string; data: { inn: string; kpp: string } }[];
  };
  expect(suggestions.length).toBe(1);
  return { name: suggestions[0]!.value, inn: suggestions[0]!.data.inn, kpp: suggestions[0]!.data.kpp };
}

/** Puts a refrigerator in stock into the basket of the request's cookies (for «Заказ для юрлица»). */
export async function fillBasket(request: APIRequestContext) {
  const listing = await request.get('/api/v3/products/catalog/holodilniki/401?per_page=24');
  const { products } = (await listing.json()) as {
    products: { id: number; offer: { available: boolean; preorder: boolean } }[];
  };
  const product = products.find((p) => p.offer.available && !p.offer.preorder)!;
  const added = await request.post('/api/basket/add-item', { headers: XHR, data: { product_id: product.id } });
  expect(added.ok()).toBe(true);
}

/** A page of a new context with JavaScript off and the cookie notice accepted; close the context at the end. */
export async function pageWithoutJavaScript(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await context.addCookies([{ name: 'is_cookies_accepted', value: '1', url: baseURL }]);
  return { context, page: await context.newPage() };
}
