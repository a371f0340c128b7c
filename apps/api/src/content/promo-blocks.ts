// Constructor promo pages (/promo/{slug}) are typed blocks stored as JSON (docs/decisions/0025):
// each block is checked against PromoBlockInputSchema when read (the import checks it on write), its
// products and offers are resolved here, and text blocks pass the HTML sanitiser.
import type { Context } from 'hono';
import { listRunningOffers, retrieveArticle, retrievePromoPage } from '../data/content.ts';
import { listProductCards, listProductIdsByTags } from '../data/products.ts';
import type { ApiEnv } from '../http/env.ts';
import { cardTags, tagAnswer } from '../http/page-tags.ts';
import { PromoBlockInputSchema, type PromoBlock, type PromoPage } from '../schemas/content.ts';
import { sanitizeContentHtml } from './html.ts';
import { articleUrl } from './present.ts';

export async function loadPromoPage(
  c: Context<ApiEnv>,
  slug: string,
  kind: 'static' | 'constructor',
): Promise<PromoPage | null> {
  const { handle, logger } = c.get('deps');
  const row = await retrievePromoPage(handle, slug, kind);
  if (!row) return null;
  const cityIdParam = Number(c.req.query('city_id'));
  const cityId = Number.isInteger(cityIdParam) && cityIdParam > 0 ? cityIdParam : null;
  const now = new Date();
  const blocks: PromoBlock[] = [];
  for (const [index, raw] of (Array.isArray(row.blocks) ? row.blocks : []).entries()) {
    const parsed = PromoBlockInputSchema.safeParse(raw);
    if (!parsed.success) {
      // A block edited by hand into a wrong shape is left out and reported, never shown half-built.
      logger.warn('promo block skipped', { slug, index, issues: parsed.error.issues.map((i) => i.message) });
      continue;
    }
    const block = parsed.data;
    switch (block.type) {
      case 'banner':
        blocks.push({
          type: 'banner',
          title: block.title,
          text: block.text ?? null,
          image: block.image ?? null,
          link: block.link ?? null,
          background: block.background,
        });
        break;
      case 'text':
        blocks.push({ type: 'text', html: sanitizeContentHtml(block.html) });
        break;
      case 'products': {
        const ids = block.tag
          ? await listProductIdsByTags(handle, [block.tag], block.limit)
          : (block.product_ids ?? []).slice(0, block.limit);
        const products = await listProductCards(handle, ids, cityId);
        tagAnswer(c, cardTags(products));
        blocks.push({
          type: 'products',
          title: block.title,
          url: block.tag ? `/catalog/tag/${block.tag}` : null,
          products,
        });
        break;
      }
      case 'countdown':
        blocks.push({ type: 'countdown', title: block.title, ends_at: new Date(block.ends_at).toISOString() });
        break;
      case 'offers': {
        const rows = block.ids
          ? (await Promise.all(block.ids.map((id) => retrieveArticle(handle, id)))).filter(
              (r) => r !== null && r.type === 'special_offer',
            )
          : (
              await listRunningOffers(handle, {
                now,
                brand: null,
                channel: null,
                mechanics: null,
                limit: block.limit,
                offset: 0,
              })
            ).rows;
        blocks.push({
          type: 'offers',
          title: block.title,
          offers: rows.slice(0, block.limit).map((r) => ({
            id: r!.id,
            title: r!.title,
            url: articleUrl(r!),
            preview_text: r!.preview_text,
            listing_image: r!.listing_image,
            active_to: r!.active_to,
          })),
        });
        break;
      }
      case 'faq':
        blocks.push({ type: 'faq', title: block.title, items: block.items });
        break;
    }
  }
  return {
    slug: row.slug,
    kind: row.kind,
    title: row.title,
    description: row.description,
    image: row.image,
    body_html: sanitizeContentHtml(row.body_html),
    blocks,
    updated_at: row.updated_at,
  };
}
