// The home page's loader data (SPEC §3 Home page state): the showcase with its product rows, the
// top-level categories and the content blocks. Kept out of the route module so the query count test
// (page-queries.test.ts) renders exactly what the route loads.
import type { ApiClient, MainPage } from '@store/api-client';
import { MAIN_PAGE_ID } from '@store/domain';
import { loadHomeContent } from '../components/content/home-content.tsx';
import { visitorCityId } from './city.server.ts';
import { displayCard } from './display-card.ts';
import { FIRST_PAINT_CARDS, firstPaintRow } from './home-rows.ts';
import { productListsFromCookies } from './product-lists.tsx';

export async function loadHomePage(request: Request, api: ApiClient) {
  // One call holds every block of SPEC §3 Home page state; it carries city_id for the stock
  // figures, which api.mainPage.get() does not pass.
  const cityId = await visitorCityId(request, api);
  const [main, categories, content] = await Promise.all([
    api
      // Only the cards the first paint draws come whole; the rest of each row by id (decision 0065).
      .request<MainPage>('GET', '/v3/main-page/get-data', {
        page_id: MAIN_PAGE_ID,
        city_id: cityId ?? undefined,
        first_cards: FIRST_PAINT_CARDS,
      })
      .then((r) => r.data),
    api.categories.topLevel(),
    loadHomeContent(api),
  ]);
  // The rows' first cards only: the rest come in the browser when the row nears the viewport.
  const { recommendations, recommendations_more_ids, blocks, productOfDay, ...hero } = main;
  return {
    main: {
      ...hero,
      productOfDay: productOfDay && { ends_at: productOfDay.ends_at, product: displayCard(productOfDay.product) },
    },
    recommendations: firstPaintRow(recommendations, recommendations_more_ids),
    blocks: blocks.map(({ products, more_ids, ...block }) => ({ ...block, ...firstPaintRow(products, more_ids) })),
    categories,
    content,
    // The countdown's first render uses this clock, so server and hydration print the same time.
    now: Date.now(),
    lists: productListsFromCookies(request.headers.get('cookie')),
  };
}
