// Schemas of the content calls (issue 14; SPEC §3 Article / special offer, Review tag, Gift calendar
// item; §7 Articles, reviews, special offers). The promo blocks are one typed union, validated on
// import and again on read.
import { z } from '@hono/zod-openapi';
import { ProductCardSchema } from './catalog.ts';

const NamedCode = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const ProgressStepSchema = z.object({
  label: z.string(),
  done: z.boolean(),
  hint: z.string().nullable(),
  ratio: z.number(),
});

export const MechanicsSchema = z
  .object({
    type: z.string(),
    name: z.string(),
    done: z.boolean(),
    conditions: z.array(z.object({ type: z.string(), value: z.number().optional(), done: z.boolean() })),
    params: z.object({ price_from: z.number().int().optional() }),
  })
  .openapi('ArticleMechanics');

export const ArticleSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(['special_offer', 'news', 'press', 'review']),
    slug: z.string(),
    title: z.string(),
    url: z.string(),
    listing_image: z.string().nullable(),
    detail_image: z.string().nullable(),
    preview_image: z.string().nullable(),
    views_count: z.number().int(),
    preview_text: z.string(),
    /** Sanitised HTML (decision 0024); empty in lists. */
    detail_text: z.string(),
    active_from: z.string(),
    active_to: z.string().nullable(),
    date_published: z.string(),
    /** Ended (special offers): shown with «Акция завершена», without the buy buttons. */
    is_ended: z.boolean(),
    channels: z.array(z.enum(['online', 'stores'])),
    product_tag: z.object({ id: z.number().int(), alias: z.string(), name: z.string(), url: z.string() }).nullable(),
    action_id: z.number().int().nullable(),
    action_name: z.string().nullable(),
    /** The action's mechanics, conditions not yet checked against a basket (done false unless none). */
    mechanics: MechanicsSchema.nullable(),
    how_to_use: z.string().nullable(),
    usage_condition: z.string().nullable(),
    status: z.number().int(),
    brands: z.array(NamedCode),
    categories: z.array(NamedCode),
    tags: z.array(NamedCode.extend({ type: z.string(), gen_name: z.string() })),
    badges: z.array(z.string()),
    product_ids: z.array(z.number().int()),
    likes: z.number().int(),
    dislikes: z.number().int(),
  })
  .openapi('Article');
export type Article = z.infer<typeof ArticleSchema>;

export const FilterOptionSchema = z.object({ code: z.string(), name: z.string(), count: z.number().int() });
export type FilterOption = z.infer<typeof FilterOptionSchema>;

export const ReviewFiltersSchema = z
  .object({
    brands: z.array(FilterOptionSchema),
    categories: z.array(FilterOptionSchema),
    tags: z.array(FilterOptionSchema.extend({ type: z.string(), gen_name: z.string() })),
    /** «Все» (code null) and «Текст» (badge-text). */
    badges: z.array(z.object({ code: z.string().nullable(), name: z.string(), count: z.number().int() })),
  })
  .openapi('ReviewFilters');
export type ReviewFilters = z.infer<typeof ReviewFiltersSchema>;

export const ReviewTagSchema = z
  .object({ id: z.number().int(), type: z.string(), code: z.string(), name: z.string(), gen_name: z.string() })
  .openapi('ReviewTag');

export const VoteSchema = z.object({ likes: z.number().int(), dislikes: z.number().int(), vote: z.number().int() });

export const OfferProgressSchema = z
  .object({ article_id: z.number().int(), done: z.boolean(), steps: z.array(ProgressStepSchema) })
  .openapi('OfferProgress');
export type OfferProgress = z.infer<typeof OfferProgressSchema>;

export const AdventItemSchema = z
  .object({
    id: z.number().int(),
    date: z.string(),
    day: z.number().int(),
    /** open: today in Moscow; past: shows what it held; locked: text and link hidden until its date. */
    state: z.enum(['open', 'past', 'locked']),
    name: z.string(),
    text: z.string().nullable(),
    preview_image: z.string(),
    mobile_image: z.string(),
    background_color: z.string(),
    link: z.string().nullable(),
    is_active: z.boolean(),
    start_at: z.string(),
  })
  .openapi('GiftCalendarItem');
export const AdventCalendarSchema = z
  .object({
    /** The Moscow date the server takes as today. */
    today: z.string(),
    /** December: the home page shows the calendar. */
    season: z.boolean(),
    items: z.array(AdventItemSchema),
  })
  .openapi('AdventCalendar');
export type AdventCalendar = z.infer<typeof AdventCalendarSchema>;

/* ---------- promo page blocks ---------- */

const localLink = z
  .string()
  .max(500)
  .refine((v) => /^\/(?!\/)/.test(v) || /^https:\/\//.test(v), 'Ссылка должна начинаться с / или https://');
const picture = z
  .string()
  .max(500)
  .refine((v) => /^\/(?!\/)/.test(v) || /^https:\/\//.test(v), 'Картинка должна начинаться с / или https://');

export const PromoBlockInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('banner'),
    title: z.string().min(1).max(200),
    text: z.string().max(500).optional(),
    image: picture.optional(),
    link: localLink.optional(),
    background: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Цвет — в виде #rrggbb')
      .default('#1747d1'),
  }),
  z.object({ type: z.literal('text'), html: z.string().min(1).max(20000) }),
  z
    .object({
      type: z.literal('products'),
      title: z.string().min(1).max(200),
      tag: z
        .string()
        .regex(/^[a-z0-9-]{1,64}$/)
        .optional(),
      product_ids: z.array(z.number().int().positive()).max(24).optional(),
      limit: z.number().int().min(1).max(24).default(8),
    })
    .refine((b) => (b.tag === undefined) !== (b.product_ids === undefined), 'Нужен либо tag, либо product_ids'),
  z.object({ type: z.literal('countdown'), title: z.string().min(1).max(200), ends_at: z.string().datetime() }),
  z.object({
    type: z.literal('offers'),
    title: z.string().min(1).max(200),
    ids: z.array(z.number().int().positive()).max(12).optional(),
    limit: z.number().int().min(1).max(12).default(3),
  }),
  z.object({
    type: z.literal('faq'),
    title: z.string().min(1).max(200),
    items: z
      .array(z.object({ question: z.string().min(1).max(300), answer: z.string().min(1).max(2000) }))
      .min(1)
      .max(30),
  }),
]);
export type PromoBlockInput = z.infer<typeof PromoBlockInputSchema>;

const OfferCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  preview_text: z.string(),
  listing_image: z.string().nullable(),
  active_to: z.string().nullable(),
});

/** A block as the page gets it: products and offers resolved, HTML sanitised. */
export const PromoBlockSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('banner'),
      title: z.string(),
      text: z.string().nullable(),
      image: z.string().nullable(),
      link: z.string().nullable(),
      background: z.string(),
    }),
    z.object({ type: z.literal('text'), html: z.string() }),
    z.object({
      type: z.literal('products'),
      title: z.string(),
      url: z.string().nullable(),
      products: z.array(ProductCardSchema),
    }),
    z.object({ type: z.literal('countdown'), title: z.string(), ends_at: z.string() }),
    z.object({ type: z.literal('offers'), title: z.string(), offers: z.array(OfferCardSchema) }),
    z.object({
      type: z.literal('faq'),
      title: z.string(),
      items: z.array(z.object({ question: z.string(), answer: z.string() })),
    }),
  ])
  .openapi('PromoBlock');
export type PromoBlock = z.infer<typeof PromoBlockSchema>;

export const PromoPageSchema = z
  .object({
    slug: z.string(),
    kind: z.enum(['static', 'constructor']),
    title: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    /** Sanitised HTML of a static page. */
    body_html: z.string(),
    blocks: z.array(PromoBlockSchema),
    updated_at: z.string(),
  })
  .openapi('PromoPage');
export type PromoPage = z.infer<typeof PromoPageSchema>;

export const HonorSchema = z
  .object({
    awards: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        subtitle: z.string(),
        text: z.string(),
        image: z.string(),
        year: z.string(),
      }),
    ),
    employees: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        role: z.string(),
        text: z.string(),
        image: z.string(),
        month: z.string(),
      }),
    ),
  })
  .openapi('Honor');
export type Honor = z.infer<typeof HonorSchema>;
