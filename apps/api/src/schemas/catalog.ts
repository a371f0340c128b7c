// Response shapes of the catalogue calls (listings, facets, search, product cards).
import { z } from '@hono/zod-openapi';

export const StickerSchema = z.object({ code: z.string(), text: z.string(), color: z.string() });

export const ProductCardSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** /catalog/{categoryCode}/{categoryId}/{id} */
    url: z.string(),
    image: z.string().nullable(),
    category: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
    brand: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
    /** 0..5 with one decimal. */
    rating: z.number(),
    reviews_count: z.number().int(),
    offer: z.object({
      /** Kopecks. */
      price: z.number().int(),
      price_old: z.number().int().nullable(),
      available: z.boolean(),
      /** 'preorder' or the string 'false' (SPEC §3). */
      order_type: z.string(),
      preorder: z.boolean(),
      max_quantity: z.number().int(),
    }),
    stickers: z.array(StickerSchema),
    is_markdown: z.boolean(),
    markdown_grade: z.string().nullable(),
    is_used: z.boolean(),
    is_demo: z.boolean(),
    /** Stock in the caller's city (city_id): stores holding it and their total quantity. */
    city_availability: z.object({ stores: z.number().int(), quantity: z.number().int() }),
    /** How one unit is bought in the caller's city (domain purchasability, decision 0010). */
    purchase: z.object({
      way: z.enum(['in-stock', 'transfer', 'supplier', 'preorder', 'marketplace', 'unavailable']),
      /** «В наличии в 2 магазинах», «Под заказ», «Предзаказ», «У продавца», «Нет в наличии». */
      label: z.string(),
      buyable: z.boolean(),
      /** Days before the units are in the city; the delivery ways add their own. */
      lead_days: z.number().int(),
      max_qty: z.number().int(),
      supplier_id: z.number().int().nullable(),
    }),
    /** The first few specifications, for the list view. */
    specifications_short: z.array(z.object({ name: z.string(), value: z.string() })),
    /** Every specification, only with expand=specifications (the compare page). */
    specifications: z.array(z.object({ name: z.string(), value: z.string(), group_name: z.string() })).optional(),
  })
  .openapi('ProductCard');
export type ProductCard = z.infer<typeof ProductCardSchema>;

export const FilterValueSchema = z.object({
  /** The id sent back in filter[code][]. */
  id: z.union([z.number().int(), z.string()]),
  name: z.string(),
  /** Products this value would give with the other current selections (its own filter left out). */
  count: z.number().int(),
  selected: z.boolean(),
});

export const FilterSchema = z
  .object({
    /** Key in the query: filter[code][] or filter[code][from][] / [to][]. */
    code: z.string(),
    name: z.string(),
    type: z.enum(['list', 'range']),
    unit: z.string().nullable(),
    /** A dependent sub-filter: cleared when its parent filter is deselected. */
    parent_code: z.string().nullable(),
    values: z.array(FilterValueSchema),
    /** Range filters: the bounds over the products the other selections leave, and the chosen from/to. */
    range: z
      .object({ min: z.number(), max: z.number(), from: z.number().nullable(), to: z.number().nullable() })
      .nullable(),
  })
  .openapi('Filter');
export type Filter = z.infer<typeof FilterSchema>;

export const ListingCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  count: z.number().int(),
});

export const ListingSchema = z
  .object({
    products: z.array(ProductCardSchema),
    count: z.number().int(),
    filters: z.array(FilterSchema),
    /** Subcategory chips for a category; the category facet for search and brand/tag pages. */
    categories: z.array(ListingCategorySchema),
    sort: z.array(z.object({ code: z.string(), label: z.string(), selected: z.boolean() })),
    page: z.number().int(),
    per_page: z.number().int(),
    page_count: z.number().int(),
    /** The search text as understood, when searching. */
    query: z.string().nullable(),
  })
  .openapi('Listing');
export type Listing = z.infer<typeof ListingSchema>;

export const SuggestionsSchema = z
  .object({
    brands: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string() })),
    categories: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string() })),
    products: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        url: z.string(),
        image: z.string().nullable(),
        price: z.number().int(),
      }),
    ),
    series: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string() })),
  })
  .openapi('Suggestions');
export type Suggestions = z.infer<typeof SuggestionsSchema>;

export const MainPageSchema = z
  .object({
    mainSlider: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        text: z.string().nullable(),
        image: z.string(),
        image_alt: z.string(),
        link: z.string().nullable(),
        background: z.string().nullable(),
      }),
    ),
    brands: z.array(
      z.object({ id: z.number().int(), name: z.string(), code: z.string(), logo: z.string(), url: z.string() }),
    ),
    /** The product of the day and when its offer ends (ISO time; the page counts down to it). */
    productOfDay: z.object({ product: ProductCardSchema, ends_at: z.string() }).nullable(),
    recommendations: z.array(ProductCardSchema),
    /** With first_cards: the recommendations after the first ones, by product id, in order. */
    recommendations_more_ids: z.array(z.number().int()).optional(),
    services: z.array(
      z.object({ id: z.number().int(), title: z.string(), text: z.string().nullable(), link: z.string().nullable() }),
    ),
    blocks: z.array(
      z.object({
        code: z.string(),
        title: z.string(),
        url: z.string(),
        products: z.array(ProductCardSchema),
        /** With first_cards: the block's products after the first ones, by product id, in order. */
        more_ids: z.array(z.number().int()).optional(),
      }),
    ),
  })
  .openapi('MainPage');
export type MainPage = z.infer<typeof MainPageSchema>;

export const ProductDetailSchema = ProductCardSchema.extend({
  full_name: z.string(),
  short_url: z.string().nullable(),
  status: z.number().int(),
  description: z.string().nullable(),
  images: z.array(z.string()),
  category: z.object({ id: z.number().int(), name: z.string(), code: z.string(), path: z.array(z.number().int()) }),
  model_id: z.number().int().nullable(),
  supplier_id: z.number().int().nullable(),
  color: z.string().nullable(),
  vat: z.number().int(),
  /** The most units of it one order may hold (SPEC §3 Product). */
  max_quantity: z.number().int(),
  offer: ProductCardSchema.shape.offer.extend({
    before_discount_price: z.number().int().nullable(),
    pink_price: z.object({ price: z.number().int() }).nullable(),
    quantity: z.number().int(),
    preorder_date: z.string().nullable(),
    discountTradein: z.number().int().nullable(),
    super_price: z
      .object({
        final_price: z.number().int(),
        discount: z.number().int(),
        final_discount: z.number().int(),
        conditions: z.array(z.object({ action_id: z.number().int() })),
      })
      .nullable(),
    has_credit: z.boolean(),
  }),
  supplier_offers: z.array(
    z.object({
      supplier_id: z.number().int(),
      price: z.number().int(),
      qty: z.number().int(),
      price_old: z.number().int().nullable(),
    }),
  ),
  special_offer: z.object({ price_online: z.number().int() }).nullable(),
  trade_in_sticker: z.object({ price: z.number().int() }).nullable(),
  /** Grouped as on the page, groups in order of their first specification. */
  specifications: z.array(
    z.object({
      group_name: z.string(),
      items: z.array(z.object({ id: z.number().int(), name: z.string(), value: z.string() })),
    }),
  ),
  specifications_full: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      values: z.array(z.string()),
      sort_main: z.number().int(),
      group_name: z.string(),
    }),
  ),
  tooltip: z.array(z.object({ type: z.string(), text: z.string() })),
  manuals: z.array(z.object({ name: z.string(), url: z.string() })),
  youtube: z.array(z.string()),
  compared_model: z.object({ link: z.string(), name: z.string() }).nullable(),
  is_warranty: z.boolean(),
  is_pre_order: z.boolean(),
  is_only_rtt_pre_order: z.boolean(),
  attr: z.object({ questions_count: z.number().int() }),
}).openapi('ProductDetail');
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
