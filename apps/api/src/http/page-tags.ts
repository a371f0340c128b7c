// The cache tags of an answer (docs/decisions/0019): the page render asks for them with the
// x-page-tags-wanted header, and every answer that shows products names them in x-page-tags, so the
// page cache knows which pages a price or stock change of a product must drop.
import type { Context } from 'hono';
import { PAGE_TAGS_HEADER, PAGE_TAGS_WANTED_HEADER, categoryTag, productTag } from '@store/domain';
import type { ApiEnv } from './env.ts';

/** Adds tags to the answer, when the caller (the page render) asked for them. */
export function tagAnswer(c: Context<ApiEnv>, tags: Iterable<string>) {
  if (c.req.header(PAGE_TAGS_WANTED_HEADER) !== '1') return;
  const value = [...new Set(tags)].join(' ');
  if (value) c.header(PAGE_TAGS_HEADER, value, { append: true });
}

/** The products of these cards, and with `withCategories` the category of each (listings). */
export function cardTags(
  cards: readonly { id: number; category?: { id: number } }[],
  withCategories = false,
): string[] {
  const tags = cards.map((card) => productTag(card.id));
  if (withCategories) for (const card of cards) if (card.category) tags.push(categoryTag(card.category.id));
  return tags;
}
