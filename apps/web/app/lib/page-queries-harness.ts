// What the page-query tests share (page-queries.test.ts, product-page-queries.test.ts; decisions 0049,
// 0054): the API on PGlite with every database statement counted, one A/B branch's cookie, and the real
// API client in-process, as the store's render calls it. Test support only: no route imports it.
import { createApiClient } from '@store/api-client';
import { createHarness, type Harness } from '../../../api/src/test/api-harness.ts';

export interface PageQueriesHarness {
  h: Harness;
  /**
   * The cookie of one A/B branch: a visitor without one gets a branch drawn by weight, and menus and flags
   * are per branch, so two renders could read two branches' (CI, 26 November: 3 statements).
   */
  branchCookie: string;
  /** The real API in-process, with the visitor's cookie as the store's render forwards it. */
  api(cookie: string): ReturnType<typeof createApiClient>;
  /** How many statements `work` ran, counted once the previous work's leftovers are done. */
  queriesOf<T>(work: () => Promise<T>): Promise<{ count: number; result: T }>;
}

export async function createPageQueriesHarness(): Promise<PageQueriesHarness> {
  const h = await createHarness();
  const [branch] = await h.handle.query<{ code: string }>('select code from ab_branches order by code limit 1');
  // Every statement the database runs, counted where PGlite takes it (the API's queries and Drizzle's).
  let queries = 0;
  const pglite = (h.handle as { pglite?: { query: (...args: unknown[]) => Promise<unknown> } }).pglite!;
  const query = pglite.query.bind(pglite);
  pglite.query = (...args: unknown[]) => {
    queries++;
    return query(...args);
  };

  /** Waits until no statement has run for 300 ms (at most 10 s): a render's leftovers are not the next one's. */
  async function settled() {
    const until = Date.now() + 10_000;
    let seen = -1;
    while (seen !== queries && Date.now() < until) {
      seen = queries;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  return {
    h,
    branchCookie: `branch=${branch!.code}`,
    api: (cookie) =>
      createApiClient({
        baseUrl: 'http://store.test',
        fetch: (request) => {
          const url = new URL(request.url);
          const headers = new Headers(request.headers);
          if (cookie) headers.set('cookie', cookie);
          return h.call(url.pathname + url.search, { method: request.method, headers });
        },
      }),
    async queriesOf(work) {
      await settled();
      const before = queries;
      const result = await work();
      return { count: queries - before, result };
    },
  };
}
