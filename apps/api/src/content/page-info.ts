// The words of the content pages (title, description, h1, breadcrumbs) for GET /v3/seo and
// /v2/breadcrumbs: an unknown offer, news item, review or promo slug is no page (404).
import type { PageMatch } from '@store/domain';
import { reviewFiltersOf } from '@store/domain';
import type { Database } from '@store/db';
import { retrieveArticleWords, retrievePromoWords, retrieveReviewFilterWords } from '../data/content.ts';
import type { Crumb, PageInfo } from '../services/pages.ts';

type ContentMatch = Extract<
  PageMatch,
  { kind: 'special-offer' | 'news-item' | 'reviews-list' | 'review' | 'static-promo' | 'constructor-promo' }
>;

const SHOP = 'Мультицентр';
const HOME: Crumb = { text: 'Главная', href: '/' };
const OFFERS: Crumb = { text: 'Акции', href: '/special-offers' };
const NEWS: Crumb = { text: 'Новости', href: '/news' };
const REVIEWS: Crumb = { text: 'Обзоры и статьи', href: '/reviews/list' };

function page(title: string, description: string, pathname: string, crumbs: Crumb[]): PageInfo {
  return {
    title: `${title} — ${SHOP}`,
    description,
    h1: title,
    canonical: pathname,
    text: null,
    breadcrumbs: [HOME, ...crumbs],
  };
}

export async function describeContentPage(
  db: Database,
  match: ContentMatch,
  pathname: string,
): Promise<PageInfo | null> {
  switch (match.kind) {
    case 'special-offer': {
      const a = await retrieveArticleWords(db, { id: match.id, types: ['special_offer'] });
      return a ? page(a.title, a.description, pathname, [OFFERS, { text: a.title, href: pathname }]) : null;
    }
    case 'news-item': {
      const a = await retrieveArticleWords(db, { id: match.id, types: ['news', 'press'] });
      return a ? page(a.title, a.description, pathname, [NEWS, { text: a.title, href: pathname }]) : null;
    }
    case 'review': {
      const a = await retrieveArticleWords(db, { slug: match.slug, types: ['review'] });
      return a ? page(a.title, a.description, pathname, [REVIEWS, { text: a.title, href: pathname }]) : null;
    }
    case 'reviews-list': {
      const filters = reviewFiltersOf(match.filters);
      if (!filters) return null;
      if (filters.badge !== null && filters.badge !== 'text' && filters.badge !== 'video') return null;
      const words = await retrieveReviewFilterWords(db, filters);
      if ((filters.category && !words.category) || (filters.brand && !words.brand) || (filters.tag && !words.tag))
        return null;
      const parts = [words.tag, words.category, words.brand, filters.badge === 'text' ? 'текстовые' : null].filter(
        (p): p is string => p !== null,
      );
      const title = parts.length > 0 ? `Обзоры и статьи: ${parts.join(', ')}` : 'Обзоры и статьи';
      const crumbs = parts.length > 0 ? [REVIEWS, { text: parts.join(', '), href: pathname }] : [REVIEWS];
      return page(title, 'Обзоры техники, сравнения и советы по выбору от экспертов Мультицентра.', pathname, crumbs);
    }
    case 'static-promo':
    case 'constructor-promo': {
      if (match.kind === 'static-promo' && match.slug === 'personal-data') return null;
      if (match.kind === 'constructor-promo' && match.slug === 'advent-calendar') {
        const title = 'Адвент-календарь';
        return page(title, 'Подарок каждый день с 11 по 31 декабря: открывайте окошко дня.', pathname, [
          OFFERS,
          { text: title, href: pathname },
        ]);
      }
      const p = await retrievePromoWords(db, match.slug, match.kind === 'static-promo' ? 'static' : 'constructor');
      return p ? page(p.title, p.description, pathname, [OFFERS, { text: p.title, href: pathname }]) : null;
    }
  }
}
