// Drizzle schema of the store. Money is integer kopecks everywhere.
// Migrations in ../migrations are generated from this file and are append-only once landed.
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/* ---------- catalogue ---------- */

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    /** Latin slug used in listing and product URLs (`/catalog/{code}/{id}`). */
    code: text('code').notNull(),
    image: text('image'),
    sort: integer('sort').notNull().default(0),
    level: smallint('level').notNull().default(0),
    /** Ids from the root down to this category, inclusive. */
    path: integer('path').array().notNull(),
    isDigital: boolean('is_digital').notNull().default(false),
    /** Active products in this category and its descendants; refreshed by the seed. */
    productCount: integer('product_count').notNull().default(0),
    status: smallint('status').notNull().default(1),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const brands = pgTable(
  'brands',
  {
    id: integer('id').primaryKey(),
    /** Letters, digits, underscore, dot, ampersand and hyphen (SPEC §2). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    logo: text('logo'),
    country: text('country'),
    isPopular: boolean('is_popular').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('brands_code_idx').on(t.code),
    index('brands_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const series = pgTable(
  'series',
  {
    id: integer('id').primaryKey(),
    brandId: integer('brand_id').notNull(),
    categoryId: integer('category_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    index('series_brand_idx').on(t.brandId, t.categoryId),
    index('series_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const models = pgTable(
  'models',
  {
    id: integer('id').primaryKey(),
    seriesId: integer('series_id').notNull(),
    brandId: integer('brand_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('models_series_idx').on(t.seriesId)],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    shortUrl: text('short_url'),
    /** 1 is required to show the product (SPEC §4 Product loading). */
    status: smallint('status').notNull().default(1),
    categoryId: integer('category_id').notNull(),
    brandId: integer('brand_id').notNull(),
    seriesId: integer('series_id'),
    modelId: integer('model_id'),
    supplierId: integer('supplier_id'),
    image: text('image'),
    color: text('color'),
    description: text('description'),
    vat: smallint('vat').notNull().default(20),
    maxQuantity: integer('max_quantity').notNull().default(10),
    /** Popularity rank: the lower, the more popular (sort -popularity). */
    position: integer('position').notNull().default(0),
    /** Average rating times 10 (0..50). */
    rating: smallint('rating').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    questionsCount: integer('questions_count').notNull().default(0),
    isMarkdown: boolean('is_markdown').notNull().default(false),
    /** 'perfect' | 'best' | 'good' (SPEC §4: как новый, отличное, хорошее). */
    markdownGrade: text('markdown_grade'),
    isUsed: boolean('is_used').notNull().default(false),
    isDemo: boolean('is_demo').notNull().default(false),
    isWarranty: boolean('is_warranty').notNull().default(false),
    isPreOrder: boolean('is_pre_order').notNull().default(false),
    isOnlyRttPreOrder: boolean('is_only_rtt_pre_order').notNull().default(false),
    stickers: jsonb('stickers').$type<{ code: string; text: string; color: string }[]>().notNull().default([]),
    tooltip: jsonb('tooltip').$type<{ type: string; text: string }[]>().notNull().default([]),
    manuals: jsonb('manuals').$type<{ name: string; url: string }[]>().notNull().default([]),
    youtube: jsonb('youtube').$type<string[]>().notNull().default([]),
    comparedModel: jsonb('compared_model').$type<{ link: string; name: string } | null>(),
    /** Specifications as shown on the product page, in group order. */
    specifications: jsonb('specifications')
      .$type<{ id: number; name: string; value: string; group_name: string; sort_main: number }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Russian full-text vector of the name (stemmed: холодильники → холодильник). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('russian', name)`),
  },
  (t) => [
    index('products_search_idx').using('gin', t.searchVector),
    // Trigrams of the lower-cased name: typos ('холодильнк') and partial words.
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('products_category_idx').on(t.categoryId, t.position),
    index('products_brand_idx').on(t.brandId),
    index('products_model_idx').on(t.modelId),
  ],
);

export const productOffers = pgTable('product_offers', {
  productId: integer('product_id').primaryKey(),
  price: integer('price').notNull(),
  priceOld: integer('price_old'),
  beforeDiscountPrice: integer('before_discount_price'),
  pinkPrice: integer('pink_price'),
  quantity: integer('quantity').notNull().default(0),
  available: boolean('available').notNull().default(true),
  /** 'preorder' or the string 'false' (SPEC §3 offer.order_type). */
  orderType: text('order_type').notNull().default('false'),
  preorderDate: timestamp('preorder_date', { withTimezone: true }),
  discountTradein: integer('discount_tradein'),
  superPrice: jsonb('super_price').$type<{
    final_price: number;
    discount: number;
    final_discount: number;
    conditions: { action_id: number }[];
  } | null>(),
  specialPriceOnline: integer('special_price_online'),
  tradeInStickerPrice: integer('trade_in_sticker_price'),
  hasCredit: boolean('has_credit').notNull().default(false),
});

export const supplierOffers = pgTable(
  'supplier_offers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    supplierId: integer('supplier_id').notNull(),
    price: integer('price').notNull(),
    priceOld: integer('price_old'),
    qty: integer('qty').notNull().default(0),
  },
  (t) => [index('supplier_offers_product_idx').on(t.productId)],
);

export const suppliers = pgTable('suppliers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    url: text('url').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.sort)],
);

export const specificationGroups = pgTable('specification_groups', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** A specification (and potential filter) of a category: 'list' values or a numeric 'range'. */
export const specifications = pgTable(
  'specifications',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    groupId: integer('group_id').notNull(),
    categoryId: integer('category_id'),
    kind: text('kind').$type<'list' | 'range'>().notNull(),
    unit: text('unit'),
    isFilter: boolean('is_filter').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('specifications_category_idx').on(t.categoryId)],
);

export const specificationValues = pgTable(
  'specification_values',
  {
    id: integer('id').primaryKey(),
    specificationId: integer('specification_id').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('specification_values_spec_idx').on(t.specificationId)],
);

/** Facet table: one row per product and specification, a list value id or a number. */
export const productSpecifications = pgTable(
  'product_specifications',
  {
    productId: integer('product_id').notNull(),
    specificationId: integer('specification_id').notNull(),
    valueId: integer('value_id'),
    numValue: doublePrecision('num_value'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.specificationId] }),
    index('product_specifications_value_idx').on(t.specificationId, t.valueId),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey(),
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    categoryId: integer('category_id'),
  },
  (t) => [uniqueIndex('tags_alias_idx').on(t.alias)],
);

export const productTags = pgTable(
  'product_tags',
  {
    productId: integer('product_id').notNull(),
    tagId: integer('tag_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.productId] })],
);

/* ---------- geography and stores ---------- */

export const zones = pgTable('zones', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const territories = pgTable('territories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    /** Lowercase letters and hyphens (SPEC §2): moskva, sankt-peterburg. */
    alias: text('alias').notNull(),
    name: text('name').notNull(),
    territoryId: integer('territory_id').notNull(),
    zoneCode: text('zone_code').notNull(),
    phone: text('phone').notNull(),
    /** Grammatical forms: {genitive: 'Москвы', prepositional: 'Москве', ...}. */
    declension: jsonb('declension').$type<Record<string, string>>().notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    hasMetro: boolean('has_metro').notNull().default(false),
    hasMkad: boolean('has_mkad').notNull().default(false),
    kladrCode: text('kladr_code'),
    deliveryTypeIds: integer('delivery_type_ids').array().notNull(),
    paymentTypeIds: integer('payment_type_ids').array().notNull(),
    isPriority: boolean('is_priority').notNull().default(false),
    population: integer('population').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    /** IANA zone of the city's clock (migration 0012): a store's «открыто сейчас» is read on it. */
    timeZone: text('time_zone').notNull().default('Europe/Moscow'),
  },
  (t) => [uniqueIndex('cities_alias_idx').on(t.alias)],
);

export const stores = pgTable(
  'stores',
  {
    id: integer('id').primaryKey(),
    /** 1 multicenter, 9/12 parcel locker, 10/13/14 pickup point, 99 service centre. */
    type: smallint('type').notNull(),
    cityId: integer('city_id').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    address: text('address').notNull(),
    addressSearch: text('address_search').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    directions: text('directions'),
    /** Monday first; null is a day off. */
    workTime: jsonb('work_time').$type<({ from: string; to: string } | null)[]>().notNull(),
    workTimeLine: text('work_time_line').notNull(),
    convenience: text('convenience'),
    services: text('services').array().notNull(),
    stations: jsonb('stations').$type<{ name: string; color: string; distance?: number }[]>().notNull().default([]),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    phone: text('phone'),
    status: smallint('status').notNull().default(1),
    /** Days with other hours (migration 0012): from/to null is a day off. */
    holidays: jsonb('holidays')
      .$type<{ date: string; from: string | null; to: string | null; note: string }[]>()
      .notNull()
      .default([]),
    /** The brands a service centre (type 99) repairs (migration 0012). */
    brandCodes: text('brand_codes').array().notNull().default([]),
  },
  (t) => [index('stores_city_idx').on(t.cityId, t.type), uniqueIndex('stores_slug_idx').on(t.slug)],
);

export const stock = pgTable(
  'stock',
  {
    productId: integer('product_id').notNull(),
    storeId: integer('store_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.storeId] }), index('stock_store_idx').on(t.storeId)],
);

/* ---------- content, SEO, menus ---------- */

export const seoRecords = pgTable('seo_records', {
  path: text('path').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  h1: text('h1'),
  canonical: text('canonical'),
  text: text('text'),
});

export const redirects = pgTable('redirects', {
  fromPath: text('from_path').primaryKey(),
  toUrl: text('to_url').notNull(),
  code: smallint('code').notNull().default(301),
});

export const menuItems = pgTable(
  'menu_items',
  {
    id: integer('id').primaryKey(),
    /** 'catalog' (the header catalogue menu), 'static' (header links), 'events' (promo strip), 'footer'. */
    menuCode: text('menu_code').notNull(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    url: text('url').notNull(),
    icon: text('icon'),
    image: text('image'),
    type: text('type').notNull().default('link'),
    categoryId: integer('category_id'),
    stickers: jsonb('stickers').$type<{ text: string; color: string }[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    /** null: both branches. */
    branch: text('branch'),
  },
  (t) => [index('menu_items_code_idx').on(t.menuCode, t.parentId, t.sort)],
);

export const banners = pgTable(
  'banners',
  {
    id: integer('id').primaryKey(),
    /** Where it shows: 'so-topline-desktop', 'NEW_MENU_{categoryId}', 'main-slider', 'home-services'... */
    type: text('type').notNull(),
    location: text('location'),
    /** Limit a banner to pages under this path prefix; null is everywhere. */
    url: text('url'),
    title: text('title').notNull(),
    text: text('text'),
    image: text('image').notNull(),
    x2Image: text('x2_image'),
    imageAlt: text('image_alt').notNull(),
    link: text('link'),
    background: text('background'),
    visible: boolean('visible').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    activeFrom: timestamp('active_from', { withTimezone: true }),
    activeTo: timestamp('active_to', { withTimezone: true }),
  },
  (t) => [index('banners_type_idx').on(t.type, t.sort)],
);

export const featureFlags = pgTable(
  'feature_flags',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    /** null: every branch. */
    branch: text('branch'),
    isActive: boolean('is_active').notNull(),
    featureValue: jsonb('feature_value'),
    description: text('description'),
  },
  (t) => [uniqueIndex('feature_flags_key_branch_idx').on(t.key, sql`coalesce(${t.branch}, '')`)],
);

export const abBranches = pgTable('ab_branches', {
  code: text('code').primaryKey(),
  /** Share of new visitors, in percent. */
  weight: integer('weight').notNull(),
  description: text('description'),
});

/** One row per seeded database: what generated it, so `npm start` knows the data is there. */
export const seedRuns = pgTable('seed_runs', {
  id: serial('id').primaryKey(),
  seed: integer('seed').notNull(),
  products: integer('products').notNull(),
  durationMs: integer('duration_ms').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/* ---------- reviews and questions ---------- */

/** Reviews, questions and answers on products (SPEC §3 Comment / FAQ item). Text is stored plain. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull(),
    /** 'review' | 'question' | 'answer' */
    type: text('type').notNull(),
    /** The question an answer belongs to. */
    parentId: integer('parent_id'),
    ownerId: integer('owner_id'),
    authorName: text('author_name').notNull(),
    /** 1..5 for reviews. */
    rate: smallint('rate'),
    text: text('text').notNull(),
    pros: text('pros'),
    cons: text('cons'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    like: integer('like').notNull().default(0),
    notLike: integer('not_like').notNull().default(0),
    /** 1 published, 0 waiting for moderation. */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_product_idx').on(t.productId, t.type, t.createdAt),
    index('comments_parent_idx').on(t.parentId),
    // The account's own reviews and questions (GET /v2/users/me/comments, the menu counts).
    index('comments_owner_idx').on(t.ownerId, t.type),
  ],
);

/** One vote per visitor and comment: 1 like, -1 dislike. */
export const commentVotes = pgTable(
  'comment_votes',
  {
    commentId: integer('comment_id').notNull(),
    voter: text('voter').notNull(),
    vote: smallint('vote').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.voter] })],
);

/* ---------- actions (promotions) ---------- */

/**
 * Promotions (SPEC §3 Action, Accessory promotion): basket promotions for checkout and the accessory
 * promotions of the product page. Money in kopecks; `discount` is percent for percent_discount and
 * kopecks for absolute_discount and special_price.
 */
export const actions = pgTable(
  'actions',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    publicName: text('public_name').notNull(),
    publicDescription: text('public_description').notNull().default(''),
    /** 'info' | 'present' | 'special_price' | 'percent_discount' | 'absolute_discount' */
    actionType: text('action_type').notNull(),
    deliveryIds: integer('delivery_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    paymentIds: integer('payment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Actions this one adds up with. */
    sumActionIds: integer('sum_action_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    required: boolean('required').notNull().default(false),
    promocode: text('promocode'),
    discount: integer('discount').notNull().default(0),
    isTradeInAction: boolean('is_trade_in_action').notNull().default(false),
    mechanics: jsonb('mechanics')
      .$type<{ type: string; conditions: { type: string; value?: number }[]; params: { price_from?: number } }>()
      .notNull(),
    bankFlags: jsonb('bank_flags').$type<{ bank_installment: boolean; banks: string[]; months: number[] } | null>(),
    deferreds: jsonb('deferreds').$type<{ max_loan: number }[]>().notNull().default([]),
    /** Accessory promotions: credit (instalment) type, its limit and the starting price, in kopecks. */
    isCredit: boolean('is_credit').notNull().default(false),
    installmentLimit: integer('installment_limit'),
    priceFrom: integer('price_from'),
    shouldAddWarranties: boolean('should_add_warranties').notNull().default(false),
    /** The special branded warranty: instalment only for this brand and category with a warranty chosen. */
    warrantyBrandId: integer('warranty_brand_id'),
    warrantyCategoryId: integer('warranty_category_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    isHidden: boolean('is_hidden').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('actions_parent_idx').on(t.parentId)],
);

/** Which products an action applies to ('main'), offers as accessories ('accessory') or gives ('present'). */
export const actionProducts = pgTable(
  'action_products',
  {
    actionId: integer('action_id').notNull(),
    productId: integer('product_id').notNull(),
    role: text('role').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.actionId, t.role, t.productId] }),
    index('action_products_product_idx').on(t.productId, t.role),
  ],
);

/* ---------- basket ---------- */

/**
 * A server-side basket (SPEC §3 Basket line, §7 Basket): a guest's is found by the httpOnly
 * `basket_id` cookie (a random, unguessable id); `customer_id` is set when a customer signs in.
 */
export const baskets = pgTable(
  'baskets',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('baskets_customer_idx').on(t.customerId)],
);

/**
 * Basket lines. Warranties and accessories are child lines of a product line (parent_id). A removed
 * line keeps its row with `removed_at` set so «Вернуть» can restore it. Prices in kopecks, as at add time.
 */
export const basketLines = pgTable(
  'basket_lines',
  {
    id: serial('id').primaryKey(),
    basketId: text('basket_id').notNull(),
    productId: integer('product_id').notNull(),
    qty: integer('qty').notNull(),
    parentId: integer('parent_id'),
    /** 'product' | 'warranty' | 'accessory' */
    kind: text('kind').notNull(),
    warrantyId: integer('warranty_id'),
    supplierId: integer('supplier_id'),
    priceSnapshot: integer('price_snapshot').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('basket_lines_basket_idx').on(t.basketId, t.id), index('basket_lines_parent_idx').on(t.parentId)],
);

/* ---------- orders, payments, notifications ---------- */

/**
 * An order (SPEC §3 Order). `id` is the order number the shopper sees. A guest's order is tied to
 * the basket that made it (`basket_id`); `customer_id` is set for a signed-in customer.
 * `idempotency_key` comes from the checkout, so a retried create-order returns this same order.
 * Status ids are the §4 ones ('N' new, '7' preorder, 'I' cancelled, 'F' finished, ...);
 * `payment_status_oi` 1 means unpaid, 2 paid (§4). Money in kopecks.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    basketId: text('basket_id'),
    customerId: integer('customer_id'),
    cityId: integer('city_id').notNull(),
    statusId: text('status_id').notNull().default('N'),
    paymentStatusOi: smallint('payment_status_oi').notNull().default(1),
    orderTypeId: integer('order_type_id').notNull().default(1),
    isPreorder: boolean('is_preorder').notNull().default(false),
    contactName: text('contact_name').notNull(),
    contactSurname: text('contact_surname'),
    mobilePhone: text('mobile_phone').notNull(),
    email: text('email'),
    comment: text('comment'),
    /** §9 delivery type id (pickup at a multicenter, courier, express 27, pickup points 10/13/14, lockers 9/12, ...). */
    deliveryType: integer('delivery_type').notNull(),
    deliveryAddress: text('delivery_address'),
    /** The store (multicenter, pickup point or locker) the order is collected from: cms_addressee. */
    storeId: integer('store_id'),
    deliveryDate: text('delivery_date'),
    deliveryTimeFrom: text('delivery_time_from'),
    deliveryTimeTo: text('delivery_time_to'),
    deliveryCost: integer('delivery_cost').notNull().default(0),
    /** §9 payment id (online 17, cash 1, credit 13, ...). */
    paymentType: integer('payment_type').notNull(),
    sum: integer('sum').notNull(),
    discount: integer('discount').notNull().default(0),
    totalSum: integer('total_sum').notNull(),
    sumPrepaid: integer('sum_prepaid').notNull().default(0),
    promocode: text('promocode'),
    /** Selected promotion ids and the chosen present: { actionIds: number[], presentProductId?: number }. */
    actions: jsonb('actions')
      .$type<{ actionIds: number[]; presentProductId?: number | null }>()
      .notNull()
      .default({ actionIds: [] }),
    employeePersonalNumber: text('employee_personal_number'),
    /** The buyer company of a corporate order (type 17): its ИНН and name. */
    companyInn: text('company_inn'),
    companyName: text('company_name'),
    insertedAt: timestamp('inserted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_idempotency_idx').on(t.idempotencyKey),
    index('orders_customer_idx').on(t.customerId, t.id),
    index('orders_basket_idx').on(t.basketId),
    index('orders_phone_idx').on(t.mobilePhone),
  ],
);

/** Order lines, copied from the basket at order time (names, prices and VAT are snapshots for the receipt). */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    productId: integer('product_id').notNull(),
    parentId: integer('parent_id'),
    /** 'product' | 'warranty' | 'accessory' | 'present' */
    kind: text('kind').notNull(),
    warrantyId: integer('warranty_id'),
    name: text('name').notNull(),
    qty: integer('qty').notNull(),
    price: integer('price').notNull(),
    finalPrice: integer('final_price').notNull(),
    vat: smallint('vat').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/**
 * Stock taken from a store's `stock` row by an order. Creating an order decrements `stock` and
 * writes these rows in one transaction; cancelling puts the quantities back and sets `released_at`.
 */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    productId: integer('product_id').notNull(),
    storeId: integer('store_id').notNull(),
    qty: integer('qty').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [index('stock_reservations_order_idx').on(t.orderId), index('stock_reservations_product_idx').on(t.productId)],
);

/**
 * Units taken from a marketplace seller's offer (`supplier_offers.qty`) by an order, like
 * `stock_reservations` for the store's own stock: written with the order, given back on cancel.
 */
export const supplierReservations = pgTable(
  'supplier_reservations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    productId: integer('product_id').notNull(),
    supplierId: integer('supplier_id').notNull(),
    offerId: integer('offer_id').notNull(),
    qty: integer('qty').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [index('supplier_reservations_order_idx').on(t.orderId)],
);

/** Every status an order passed through, oldest first (the order page shows them with isActive). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    statusId: text('status_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

/**
 * A payment of an order through a payment provider (the built-in sandbox acquirer or a real one).
 * status: 'created' | 'pending' | 'waiting_3ds' | 'succeeded' | 'hold' | 'declined' | 'cancelled'.
 * `receipt` holds the 54-FZ receipt data (items with VAT, payment method) sent with the payment.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    paymentTypeId: integer('payment_type_id').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('created'),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    idempotencyKey: text('idempotency_key'),
    confirmationUrl: text('confirmation_url'),
    receipt: jsonb('receipt').$type<Record<string, unknown>>(),
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_idx').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_idempotency_idx').on(t.idempotencyKey),
  ],
);

/**
 * Money back (migration 0028, decision 0052; partial and operator refunds 0030, decision 0058): refunds of
 * succeeded payments, asked of the acquirer with `idempotency_key` as its refund id; the refund receipt («возврат прихода») kept with it.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').notNull(),
    orderId: integer('order_id').notNull(),
    /** Kopecks back to the card (what the acquirer took). */
    amount: integer('amount').notNull(),
    /** Kopecks back to the gift certificates' balance (the refund receipt's 1215). */
    certificateAmount: integer('certificate_amount').notNull().default(0),
    /** pending | succeeded | failed */
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    receipt: jsonb('receipt').$type<Record<string, unknown>>().notNull(),
    reason: text('reason').notNull(),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The sale receipt's positions and units this refund gives back (migration 0030). */
    lines: jsonb('lines').$type<{ position: number; qty: number }[]>().notNull().default([]),
    /** The operator's personnel number; null for a cancellation's refund (migration 0030). */
    createdBy: text('created_by'),
  },
  (t) => [
    // Several refunds per payment since migration 0030 (partial, by an operator; decision 0058).
    index('payment_refunds_payment_idx').on(t.paymentId),
    index('payment_refunds_status_idx').on(t.status, t.id),
    uniqueIndex('payment_refunds_idempotency_idx').on(t.idempotencyKey),
    index('payment_refunds_order_idx').on(t.orderId),
    index('payment_refunds_pending_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Provider callbacks as received: a repeated event id is recognised and ignored; a bad signature is kept for the log. */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: integer('payment_id'),
    signatureValid: boolean('signature_valid').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_callbacks_event_idx').on(t.provider, t.eventId)],
);

/**
 * Outgoing e-mail and SMS. The local adapters only write here (operators read it at /dev/outbox in
 * development); the outbox delivery (jobs/outbox-delivery.ts) sends each once through the transport and sets `sent_at`.
 * channel: 'email' | 'sms'; template: 'order-created', 'order-cancelled', 'payment-succeeded', 'sms-code', ...
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // Scale-out (issue 19, migration 0019): delivery once by any instance, retried after a failure.
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    index('notification_outbox_recipient_idx').on(t.recipient, t.id),
    index('notification_outbox_pending_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.sentAt} is null`),
  ],
);

/* ---------- checkout ---------- */

/**
 * What the shopper has entered at checkout (SPEC §3 Checkout state), one row per basket, so nothing is
 * lost across steps, reloads, failures and posts without JavaScript. `state` is the API's zod-checked
 * draft (orders with their line ids, step, contacts, delivery, payment, actions, idempotency key).
 */
export const checkoutDrafts = pgTable('checkout_drafts', {
  basketId: text('basket_id').primaryKey(),
  state: jsonb('state').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/* ---------- accounts ---------- */

/**
 * Customers (SPEC §3 User). `phone` is normalised ('79161234567') and unique; `email` is the
 * confirmed address (lower case) and `new_email` one waiting for confirmation. Passwords are scrypt
 * hashes with a per-user salt ('scrypt$N$r$p$salt$hash'); a customer who signed up by SMS code only
 * has none until they set one. Favourite and compare ids merged from the cookies at sign-in (§4 Start-up).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    email: text('email'),
    newEmail: text('new_email'),
    isConfirmedEmail: boolean('is_confirmed_email').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** 'YYYY-MM-DD'. */
    birthdate: text('birthdate'),
    /** 1 female, 2 male. */
    sex: smallint('sex'),
    passwordHash: text('password_hash'),
    subscribeTypes: jsonb('subscribe_types').$type<string[]>().notNull().default([]),
    subscribeProductIds: jsonb('subscribe_product_ids').$type<number[]>().notNull().default([]),
    favoriteProductIds: jsonb('favorite_product_ids').$type<number[]>().notNull().default([]),
    compareProductIds: jsonb('compare_product_ids').$type<number[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_phone_idx').on(t.phone), uniqueIndex('users_email_idx').on(t.email)],
);

/**
 * Refresh tokens (SPEC §6), stored as SHA-256 hashes. Each refresh rotates: the used token gets
 * `used_at` and a new one joins the same `family_id`; presenting a used token again revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * One-time codes sent by SMS or e-mail: six digits, stored hashed, valid 5 minutes, single use,
 * a few attempts. purpose: 'login' | 'register' | 'reset' | 'confirm-email'.
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: serial('id').primaryKey(),
    /** 'sms' | 'email' */
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_codes_recipient_idx').on(t.recipient, t.purpose, t.id)],
);

/** A customer's delivery addresses (SPEC §3 Address); `building` is the entrance. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    cityId: integer('city_id'),
    cityName: text('city_name').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    housing: text('housing'),
    building: text('building'),
    floor: text('floor'),
    flatNumber: text('flat_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.id)],
);

/**
 * Trade points employees sign in by (SPEC §6): the point's number and name; `code_hash` is the
 * SHA-256 of the point's 16-character code (X…) issued to the shop.
 */
export const tradePoints = pgTable('trade_points', {
  number: text('number').primaryKey(),
  name: text('name').notNull(),
  storeId: integer('store_id'),
  codeHash: text('code_hash').notNull(),
  active: boolean('active').notNull().default(true),
});

/**
 * Employees (SPEC §3 Employee state): the personnel (personal) number that travels with their
 * orders, the name, and the SHA-256 of their personnel token (16 characters starting with X).
 */
export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    personnelNumber: text('personnel_number').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    tradePointNumber: text('trade_point_number'),
    active: boolean('active').notNull().default(true),
    /** What the employee may do besides selling: 'operator' reads the requests of the operators' lists (migration 0013). */
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('employees_personnel_number_idx').on(t.personnelNumber),
    uniqueIndex('employees_token_idx').on(t.tokenHash),
  ],
);

/** Corporate fast orders of /service/corporate (POST /v2/corp/fast-order, migration 0013): the contact centre calls back. */
export const corpFastOrders = pgTable(
  'corp_fast_orders',
  {
    id: serial('id').primaryKey(),
    company: text('company').notNull(),
    inn: text('inn').notNull(),
    contactName: text('contact_name').notNull(),
    /** 7 and ten digits. */
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    products: text('products').notNull(),
    cityId: integer('city_id'),
    status: text('status').notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('corp_fast_orders_created_idx').on(t.createdAt)],
);

/* ---------- content: special offers, news and press, review articles, advent calendar, promo pages (issue 14, migration 0014) ---------- */

/**
 * Articles of SPEC §3 «Article / special offer»: type `special_offer`, `news`, `press` or `review`.
 * `detail_text` is HTML, sanitised when the API answers it (docs/decisions/0024). A special offer's
 * products are its tag listing (`product_tag_id`), its mechanics those of its action (`action_id`).
 */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    previewText: text('preview_text').notNull().default(''),
    detailText: text('detail_text').notNull().default(''),
    listingImage: text('listing_image'),
    detailImage: text('detail_image'),
    previewImage: text('preview_image'),
    activeFrom: timestamp('active_from', { withTimezone: true }).notNull(),
    activeTo: timestamp('active_to', { withTimezone: true }),
    datePublished: timestamp('date_published', { withTimezone: true }).notNull(),
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{}'`),
    productTagId: integer('product_tag_id'),
    actionId: integer('action_id'),
    brandIds: integer('brand_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    reviewTagIds: integer('review_tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Review filter badges (SPEC §3 Review tag): 'text' for a text article, 'video' for a video review. */
    badges: text('badges')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The products a review article reviews. */
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    howToUse: text('how_to_use'),
    usageCondition: text('usage_condition'),
    /** 1 published, 0 hidden. */
    status: smallint('status').notNull().default(1),
    viewsCount: integer('views_count').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    /** 'seed' or 'import' (npm run content:import). */
    source: text('source').notNull().default('seed'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('articles_slug_idx').on(t.slug),
    index('articles_type_published_idx').on(t.type, t.datePublished),
  ],
);

/** Review tags (SPEC §3 Review tag): /reviews/list/{type}-{code}. */
export const reviewTags = pgTable(
  'review_tags',
  {
    id: integer('id').primaryKey(),
    type: text('type').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    genName: text('gen_name').notNull(),
  },
  (t) => [uniqueIndex('review_tags_type_code_idx').on(t.type, t.code)],
);

/** One like or dislike of a review article per visitor (the httpOnly `visitor_id` cookie). */
export const articleVotes = pgTable(
  'article_votes',
  {
    articleId: integer('article_id').notNull(),
    visitorId: text('visitor_id').notNull(),
    vote: smallint('vote').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.visitorId] })],
);

/** The advent (gift) calendar of December (SPEC §3 Gift calendar item); one item per date. */
export const adventCalendarItems = pgTable(
  'advent_calendar_items',
  {
    id: serial('id').primaryKey(),
    date: text('date').notNull(),
    name: text('name').notNull(),
    text: text('text').notNull(),
    previewImage: text('preview_image').notNull(),
    mobileImage: text('mobile_image').notNull(),
    backgroundColor: text('background_color').notNull(),
    link: text('link'),
    isActive: boolean('is_active').notNull().default(true),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('advent_calendar_items_date_idx').on(t.date)],
);

/** /prm/{slug} (kind 'static', sanitised HTML) and /promo/{slug} (kind 'constructor', typed JSON blocks). */
export const promoPages = pgTable('promo_pages', {
  slug: text('slug').primaryKey(),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  image: text('image'),
  bodyHtml: text('body_html').notNull().default(''),
  blocks: jsonb('blocks')
    .notNull()
    .default(sql`'[]'::jsonb`),
  status: smallint('status').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** /honor: the store's awards ('award') and the best employees of the month ('employee'). */
export const honorEntries = pgTable('honor_entries', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  text: text('text').notNull().default(''),
  image: text('image').notNull(),
  /** 'YYYY-MM' for an employee of the month, the year for an award. */
  period: text('period').notNull(),
  sort: integer('sort').notNull().default(0),
});

// ---- Repair service (issue 18, migration 0018): the wizard's catalogue, requests and uploaded documents ----

/** What the repair wizard repairs; brands and models come from the catalogue category. */
export const repairDeviceTypes = pgTable('repair_device_types', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** 'regular' or 'major-appliance' (large appliances: the master comes to the customer). */
  format: text('format').notNull().default('regular'),
  categoryId: integer('category_id').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Problems per device type with the cost range over every model (kopecks). */
export const repairProblems = pgTable(
  'repair_problems',
  {
    id: integer('id').primaryKey(),
    deviceTypeId: integer('device_type_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    costFrom: integer('cost_from').notNull(),
    costTo: integer('cost_to').notNull(),
    duration: text('duration').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('repair_problems_type_idx').on(t.deviceTypeId, t.sort)],
);

/** A problem's cost range for one catalogue model (kopecks). */
export const repairModelProblems = pgTable(
  'repair_model_problems',
  {
    modelId: integer('model_id').notNull(),
    problemId: integer('problem_id').notNull(),
    costFrom: integer('cost_from').notNull(),
    costTo: integer('cost_to').notNull(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.problemId] })],
);

/** Repair requests sent by the wizard: the §3 sent payload as posted, and the facts the account shows. */
export const repairRequests = pgTable(
  'repair_requests',
  {
    id: serial('id').primaryKey(),
    /** The repair number the customer quotes: seven digits (1000000 + id). */
    number: text('number').notNull().unique(),
    /** 'paid', 'warranty' or 'insurance'. */
    kind: text('kind').notNull(),
    /** 'own' or 'refresh'. */
    variant: text('variant').notNull().default('own'),
    deviceTypeId: integer('device_type_id').notNull(),
    brandId: integer('brand_id'),
    modelId: integer('model_id'),
    problemId: integer('problem_id'),
    imei: text('imei'),
    insurance: text('insurance'),
    costFrom: integer('cost_from'),
    costTo: integer('cost_to'),
    discountPrice: integer('discount_price'),
    customerId: integer('customer_id'),
    /** Who uploaded the documents: the customer, or the guest's uploader cookie (hashed). */
    uploaderKey: text('uploader_key').notNull(),
    name: text('name').notNull(),
    /** 7 and ten digits. */
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    cityId: integer('city_id'),
    /** 'store', 'courier' or 'operator'. */
    handover: text('handover').notNull(),
    storeId: integer('store_id'),
    address: jsonb('address').$type<Record<string, string>>(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Ticket strings of SPEC §4: opened, closed, completed. */
    status: text('status').notNull().default('opened'),
    operatorComment: text('operator_comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('repair_requests_customer_idx').on(t.customerId), index('repair_requests_phone_idx').on(t.phone)],
);

/** Documents uploaded for a repair request; the bytes live in the file storage adapter under storage_key. */
export const repairFiles = pgTable(
  'repair_files',
  {
    /** 32 random hex characters: the file id the payload names. */
    id: text('id').primaryKey(),
    uploaderKey: text('uploader_key').notNull(),
    customerId: integer('customer_id'),
    /** The document field: cashReceipt, warrantyCard, passport… */
    field: text('field').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The name the browser sent, shown only, never used as a path. */
    originalName: text('original_name').notNull(),
    requestId: integer('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('repair_files_uploader_idx').on(t.uploaderKey), index('repair_files_request_idx').on(t.requestId)],
);

/* ---------- loyalty «Мультионы» (issue 15, migration 0015, docs/decisions/0026) ---------- */

/** Loyalty cards: an EAN-13 number, the `check_data` token that proves the card, the phone its codes go to. */
export const loyaltyCards = pgTable(
  'loyalty_cards',
  {
    id: serial('id').primaryKey(),
    ean: text('ean').notNull(),
    checkData: text('check_data').notNull(),
    /** 7 and ten digits. */
    phone: text('phone').notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loyalty_cards_ean_idx').on(t.ean),
    index('loyalty_cards_user_idx').on(t.userId),
    index('loyalty_cards_phone_idx').on(t.phone),
  ],
);

/**
 * The bonus ledger, append-only: every change of a card's balance is one row (whole bonuses, credits
 * positive). `posting_key` is unique per order line and kind, so a replayed event never posts twice.
 */
export const loyaltyEntries = pgTable(
  'loyalty_entries',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id').notNull(),
    /** RetailOrderBonus | RetailOrderPayment | Expired | Custom */
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    orderId: integer('order_id'),
    orderLineId: integer('order_line_id'),
    /** Create | I | Completed (SPEC §4 Bonus history). */
    lineStatus: text('line_status'),
    comment: text('comment'),
    /** The credit entry a cancellation or an expiry takes from. */
    reversesId: integer('reverses_id'),
    postingKey: text('posting_key').notNull(),
    availableFrom: timestamp('available_from', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The operator's personnel number of a Custom entry. */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loyalty_entries_posting_idx').on(t.postingKey),
    index('loyalty_entries_card_idx').on(t.cardId, t.id),
    index('loyalty_entries_order_idx').on(t.orderId),
  ],
);

/** The card an order earns its bonuses for, written when the order is placed. */
export const loyaltyOrderCards = pgTable('loyalty_order_cards', {
  orderId: integer('order_id').primaryKey(),
  cardId: integer('card_id').notNull(),
});

// Scale-out (issue 19, migration 0019): each scheduled job's last run, so with several instances a job
// runs once per period across the cluster (jobs/job-runner.ts, under a PostgreSQL advisory lock).
export const scheduledJobRuns = pgTable('scheduled_job_runs', {
  name: text('name').primaryKey(),
  runs: integer('runs').notNull().default(0),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastInstance: text('last_instance'),
  lastError: text('last_error'),
});

// ---------------------------------------------------------------- Credit, instalments, insurance requests (issue 17, migration 0017)

/** An order's application for credit (13), bank instalment (20) or loan (48); order status 23 while it waits. */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    paymentType: integer('payment_type').notNull(),
    /** credit | instalment | loan */
    kind: text('kind').notNull(),
    instalmentLabel: text('instalment_label'),
    /** Kopecks: the order's total, to the kopeck. */
    amount: integer('amount').notNull(),
    months: integer('months').notNull(),
    monthlyPayment: integer('monthly_payment').notNull(),
    basket: jsonb('basket').notNull(),
    applicant: jsonb('applicant'),
    phone: text('phone').notNull(),
    phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    status: text('status').notNull().default('new'),
    chosenOfferId: integer('chosen_offer_id'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    codeHash: text('code_hash'),
    codePurpose: text('code_purpose'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    /** Past this moment an undecided or unsigned application is cancelled with its order. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_applications_order_idx').on(t.orderId),
    index('credit_applications_waiting_idx').on(t.status, t.expiresAt),
  ],
);

/** One bank's answer to an application. */
export const creditOffers = pgTable(
  'credit_offers',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id').notNull(),
    bank: text('bank').notNull(),
    bankApplicationId: text('bank_application_id').notNull(),
    status: text('status').notNull().default('reviewing'),
    rate: numeric('rate', { precision: 5, scale: 2 }),
    months: integer('months'),
    amount: integer('amount'),
    monthlyPayment: integer('monthly_payment'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_offers_bank_application_idx').on(t.bankApplicationId),
    uniqueIndex('credit_offers_application_bank_idx').on(t.applicationId, t.bank),
  ],
);

/** Lender callbacks taken in, by event id: a replayed event changes nothing. */
export const creditCallbacks = pgTable('credit_callbacks', {
  eventId: text('event_id').primaryKey(),
  bankApplicationId: text('bank_application_id').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Insurance and finance requests of /insurance/* and /finance/*, read by operators. */
export const financeRequests = pgTable(
  'finance_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    details: jsonb('details').notNull(),
    status: text('status').notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Insurance and finance pages (issue 17 item 6; migration 0026): city, customer, SMS and consent
    // times, the operator's answer and closing.
    cityId: integer('city_id'),
    customerId: integer('customer_id'),
    phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    operatorComment: text('operator_comment'),
    operatorNumber: text('operator_number'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('finance_requests_created_idx').on(t.createdAt),
    index('finance_requests_status_idx').on(t.status, t.id),
  ],
);

/* ---------- trade-in and buyback (SPEC §3 Trade-in, Buyback; migration 0016) ---------- */

/** Trade-in groups (smartphones, tablets, laptops, watches, consoles) and the catalogue category their new devices come from. */
export const tradeInGroups = pgTable('trade_in_groups', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  categoryId: integer('category_id').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Brands of old devices; `popular` ones are offered first (GET /v2/tradein/popular-brands). */
export const tradeInBrands = pgTable('trade_in_brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  popular: boolean('popular').notNull().default(false),
});

/** Old-device models of the price list; a model dropped from a new list is inactive, never deleted. */
export const tradeInModels = pgTable(
  'trade_in_models',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull(),
    brandId: integer('brand_id').notNull(),
    name: text('name').notNull(),
    releaseYear: smallint('release_year').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('trade_in_models_brand_name_idx').on(t.brandId, t.name),
    index('trade_in_models_group_idx').on(t.groupId),
  ],
);

/** What the store pays per model, memory (GB, 0 without sizes) and condition, in kopecks. */
export const tradeInPrices = pgTable(
  'trade_in_prices',
  {
    modelId: integer('model_id').notNull(),
    memoryGb: integer('memory_gb').notNull(),
    perfect: integer('perfect').notNull(),
    working: integer('working').notNull(),
    brokenScreen: integer('broken_screen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.memoryGb] })],
);

/**
 * One shopper's calculator (§3 flow fields): `tx` is the secret the shopper holds, `id` the tradein_id,
 * `product_id` the new (derivable) device; `basket_id` is set when the trade-in goes into the basket.
 */
export const tradeInSessions = pgTable(
  'trade_in_sessions',
  {
    id: serial('id').primaryKey(),
    tx: text('tx').notNull().unique(),
    productId: integer('product_id'),
    basketId: text('basket_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trade_in_sessions_basket_idx').on(t.basketId)],
);

/** The old devices of a session (§3 Old device): `device_id` is the random 5-digit tId; empty fields until chosen. */
export const tradeInDevices = pgTable(
  'trade_in_devices',
  {
    sessionId: integer('session_id').notNull(),
    deviceId: integer('device_id').notNull(),
    modelId: integer('model_id'),
    memoryGb: integer('memory_gb'),
    /** perfect | working | broken_screen */
    condition: text('condition'),
    price: integer('price'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.deviceId] })],
);

/** §3 Exchange device records copied into an order: a later price list never changes them. */
export const orderTradeInDevices = pgTable(
  'order_trade_in_devices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    deviceId: integer('device_id').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    memory: integer('memory').notNull(),
    /** 3 perfect, 2 working, 1 broken screen. */
    conditionDevice: smallint('condition_device').notNull(),
    discount: integer('discount').notNull(),
    /** The promotion's trade-in bonus carried by this device (the first one), else 0. */
    discountTradeIn: integer('discount_trade_in').notNull().default(0),
  },
  (t) => [index('order_trade_in_devices_order_idx').on(t.orderId)],
);

/** Buyback («Выкуп»): a booked hand-in of a used device at a multicenter on a date, at the price of that moment. */
export const buybackBookings = pgTable(
  'buyback_bookings',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id'),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    modelId: integer('model_id').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    memoryGb: integer('memory_gb').notNull(),
    price: integer('price').notNull(),
    cityId: integer('city_id').notNull(),
    storeId: integer('store_id').notNull(),
    visitDate: text('visit_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /* buyback bookings (issue 16 item 5, migration 0024, docs/decisions/0043) */
    /** perfect | working | broken_screen */
    condition: text('condition').notNull(),
    email: text('email'),
    /** booked | confirmed | bought | cancelled (BUYBACK_STATUSES). */
    status: text('status').notNull().default('booked'),
    operatorComment: text('operator_comment'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('buyback_bookings_customer_idx').on(t.customerId),
    index('buyback_bookings_created_idx').on(t.createdAt),
  ],
);

/* ---------- gift certificates (issue 15 item 6, migration 0020, docs/decisions/0027) ---------- */

/** An electronic gift certificate: bought by an order (issued once it is paid) or seeded; `code` is the §5 16-character code. */
export const giftCertificates = pgTable(
  'gift_certificates',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    /** Kopecks. */
    nominal: integer('nominal').notNull(),
    /** The order that bought it (null for a seeded one). */
    orderId: integer('order_id'),
    recipientEmail: text('recipient_email'),
    recipientName: text('recipient_name'),
    /** Set when its order is paid: only then can it pay. */
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gift_certificates_code_idx').on(t.code), index('gift_certificates_order_idx').on(t.orderId)],
);

/** A certificate paying part of an order: held while the order lives, `returned_at` when it is cancelled. */
export const giftCertificateUses = pgTable(
  'gift_certificate_uses',
  {
    id: serial('id').primaryKey(),
    certificateId: integer('certificate_id').notNull(),
    orderId: integer('order_id').notNull(),
    /** Kopecks. */
    amount: integer('amount').notNull(),
    /** Kopecks of `amount` given back by partial refunds while the order lives (migration 0030). */
    returnedAmount: integer('returned_amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gift_certificate_uses_idx').on(t.certificateId, t.orderId),
    index('gift_certificate_uses_order_idx').on(t.orderId),
  ],
);

/* ---------- trade-in evaluator (SPEC §7 /smartprice/*; issue 16, migration 0021) ---------- */

/** A valuation the built-in evaluator answered: the transaction id reads the same device and price later. */
export const tradeInEvaluations = pgTable('trade_in_evaluations', {
  txid: text('txid').primaryKey(),
  modelId: integer('model_id').notNull(),
  brand: text('brand').notNull(),
  model: text('model').notNull(),
  memoryGb: integer('memory_gb').notNull(),
  condition: text('condition').notNull(),
  /** Kopecks; null when the lookup failed (§8 returns false). */
  price: integer('price'),
  productId: integer('product_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- «Частями», payment 19 (issue 17, migration 0022)

/** A limit the buy-now-pay-later provider answered for a phone, kept for the basket that asked. */
export const payInPartsChecks = pgTable(
  'pay_in_parts_checks',
  {
    id: serial('id').primaryKey(),
    basketId: text('basket_id').notNull(),
    phone: text('phone').notNull(),
    provider: text('provider').notNull(),
    /** approved | declined | unavailable */
    status: text('status').notNull(),
    /** Kopecks (mokkaCreditLimit). */
    creditLimit: integer('credit_limit').notNull(),
    rangeMin: integer('range_min'),
    rangeMax: integer('range_max'),
    warranty: boolean('warranty').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pay_in_parts_checks_basket_idx').on(t.basketId, t.phone, t.checkedAt)],
);

/** An order's four payments «Частями»: waiting for the first one, then active (the provider pays the rest). */
export const payInPartsPlans = pgTable('pay_in_parts_plans', {
  orderId: integer('order_id').primaryKey(),
  phone: text('phone').notNull(),
  provider: text('provider').notNull(),
  total: integer('total').notNull(),
  /** [{n, date, amount}] */
  schedule: jsonb('schedule').notNull(),
  /** waiting | active | cancelled (the order was cancelled: migration 0028) */
  status: text('status').notNull().default('waiting'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
});

// ---------------------------------------------------------------- the company confirmed by the business bank (issue 17, migration 0027)

/** A corporate order's company as the business bank's sign-in answered it (decision 0047): one per order. */
export const orderCompanyConfirmations = pgTable('order_company_confirmations', {
  orderId: integer('order_id').primaryKey(),
  /** The sign-in adapter's name: sandbox | sberbusiness. */
  provider: text('provider').notNull(),
  inn: text('inn').notNull(),
  kpp: text('kpp'),
  companyName: text('company_name').notNull(),
  ogrn: text('ogrn'),
  /** The representative who signed in at the bank. */
  representative: text('representative').notNull(),
  /** The bank's id of the signed-in user (`sub`). */
  bankSubject: text('bank_subject').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
});
