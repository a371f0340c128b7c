// Rows of the content data layer as the API answers them (SPEC §3 Article / special offer).
import { isRunning, mechanicsName } from '@store/domain';
import type { ArticleRow } from '../data/content.ts';
import type { Article } from '../schemas/content.ts';
import { sanitizeContentHtml } from './html.ts';

export function articleUrl(row: Pick<ArticleRow, 'type' | 'id' | 'slug'>): string {
  switch (row.type) {
    case 'special_offer':
      return `/special-offers/${row.id}`;
    case 'review':
      return `/reviews/view/${row.slug}`;
    default:
      return `/news/${row.id}`;
  }
}

export function presentArticle(row: ArticleRow, now: Date, options: { detail: boolean }): Article {
  const mechanics = row.mechanics;
  return {
    id: row.id,
    type: row.type,
    slug: row.slug,
    title: row.title,
    url: articleUrl(row),
    listing_image: row.listing_image,
    detail_image: row.detail_image,
    preview_image: row.preview_image,
    views_count: row.views_count,
    preview_text: row.preview_text,
    detail_text: options.detail ? sanitizeContentHtml(row.detail_text) : '',
    active_from: row.active_from,
    active_to: row.active_to,
    date_published: row.date_published,
    is_ended: row.type === 'special_offer' && !isRunning(row, now),
    channels: row.channels.filter((c): c is 'online' | 'stores' => c === 'online' || c === 'stores'),
    product_tag: row.product_tag ? { ...row.product_tag, url: `/catalog/tag/${row.product_tag.alias}` } : null,
    action_id: row.action_id,
    action_name: row.action_name,
    mechanics: mechanics
      ? {
          type: mechanics.type,
          name: mechanicsName(mechanics.type),
          done: mechanics.conditions.length === 0,
          conditions: mechanics.conditions.map((c) => ({ ...c, done: false })),
          params: mechanics.params,
        }
      : null,
    how_to_use: row.how_to_use,
    usage_condition: row.usage_condition,
    status: row.status,
    brands: row.brands,
    categories: row.categories,
    tags: row.review_tags,
    badges: row.badges,
    product_ids: row.product_ids,
    likes: row.likes,
    dislikes: row.dislikes,
  };
}
