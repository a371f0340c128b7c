// Calls of the content pages (issue 14): special offers, news and press, review articles, the advent
// calendar, promo pages and /honor.
import type {
  AdventCalendar,
  Article,
  FilterOption,
  Honor,
  OfferProgress,
  PromoBlock,
  PromoPage,
  ReviewFilters,
} from '@store/api';

export type { AdventCalendar, Article, FilterOption, Honor, OfferProgress, PromoBlock, PromoPage, ReviewFilters };

type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;

interface Paginated<T> {
  items: T[];
  totalCount: number;
  pageCount: number;
  currentPage: number;
  perPage: number;
}

interface Callers {
  get: <T>(path: string, query?: Query) => Promise<T>;
  paginated: <T>(path: string, query: Query) => Promise<Paginated<T>>;
  request: <T>(method: string, path: string, query?: Query) => Promise<{ data: T; headers: Headers }>;
}

export interface OfferListQuery {
  page?: number;
  per_page?: number;
  brand?: string;
  channel?: 'online' | 'stores';
  mechanics?: string;
}

export interface ReviewListQuery {
  page?: number;
  per_page?: number;
  category?: string;
  brand?: string;
  badge?: string;
  tag_type?: string;
  tag_code?: string;
}

export type ContentApiTypes = ReturnType<typeof contentCalls>;

export function contentCalls({ get, paginated, request }: Callers) {
  return {
    offers: (q: OfferListQuery = {}) => paginated<Article>('/v2/articles/actions', { ...q }),
    offerBrands: () => get<FilterOption[]>('/v2/articles/actions/brands'),
    offerChannels: () => get<FilterOption[]>('/v2/articles/actions/channels'),
    offerMechanics: () => get<FilterOption[]>('/v2/articles/actions/mechanics'),
    /** The offer's conditions against this visitor's basket (call it from the browser: it is personal). */
    offerProgress: (id: number) => get<OfferProgress>(`/v2/articles/actions/${id}/progress`),
    article: (id: number) => get<Article>(`/v2/articles/${id}`),
    articleBySlug: (slug: string) => get<Article>(`/v2/articles/slug/${encodeURIComponent(slug)}`),
    news: (q: { page?: number; per_page?: number; type?: 'news' | 'press' } = {}) =>
      paginated<Article>('/v2/articles/news', { ...q }),
    reviews: (q: ReviewListQuery = {}) => paginated<Article>('/v2/articles/reviews', { ...q }),
    reviewFilters: () => get<ReviewFilters>('/v2/articles/reviews/filters'),
    /** Once per browser (the article_views_ids cookie). */
    view: async (id: number) =>
      (await request<{ views_count: number; counted: boolean }>('POST', `/v2/articles/${id}/view`)).data,
    /** One vote per visitor. */
    vote: async (id: number, vote: 'like' | 'dislike') =>
      (await request<{ likes: number; dislikes: number; vote: number }>('POST', `/reviews/${id}/${vote}`)).data,
    adventCalendar: () => get<AdventCalendar>('/v2/promo/advent-calendar'),
    promoPage: (slug: string, kind: 'static' | 'constructor', cityId?: number) =>
      get<PromoPage>(`/v2/promo/pages/${encodeURIComponent(slug)}`, { kind, city_id: cityId }),
    honor: () => get<Honor>('/v2/honor'),
  };
}
