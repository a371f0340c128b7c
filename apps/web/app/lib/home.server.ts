// The home page's loader data (SPEC §3 Home page state): the showcase with its product rows, the
// top-level categories and the content blocks. Kept out of the route module so the query count test
// (page-queries.test.ts) renders exactly what the route loads.
import type { ApiClient, MainPage } from '@store/api-client';
import { MAIN_PAGE_ID } from '@store/domain';
import { loadHomeContent } from '../components/content/home-content.tsx';
import { visitorCityId } from './city.server.ts';
import { displayCard } from './display-card.ts';
import { firstPaintRow } from './home-rows.ts';
import { productListsFromCookies } from './product-lists.tsx';

export async function loadHomePage(request: Request, api: ApiClient) {
  // One call holds every block of SPEC §3 Home page state; it carries city_id for the stock
  // figures, which api.mainPage.get() does not pass.
  const cityId = await visitorCityId(request, api);
  const [main, categories, content] = await Promise.all([
    api
      .request<MainPage>('GET', '/v3/main-page/get-data', { page_id: MAIN_PAGE_ID, city_id: cityId ?? undefined })
      .then((r) => r.data),
    api.categories.topLevel(),
    loadHomeContent(api),
  ]);
  // The rows' first cards only: the rest come in the browser when the row nears the viewport.
  const { recommendations, blocks, productOfDay, ...hero } = main;
  return {
    main: {
      ...hero,
      productOfDay: productOfDay && { ends_at: productOfDay.ends_at, product: displayCard(productOfDay.product) },
    },
    recommendations: firstPaintRow(recommendations),
    blocks: blocks.map(({ products, ...block }) => ({ ...block, ...firstPaintRow(products) })),
    categories,
    content,
    // The countdown's first render uses this clock, so server and hydration print the same time.
    now: Date.now(),
    lists: productListsFromCookies(request.headers.get('cookie')),
  };
}
