// All SQL of the content area (issue 14): articles (special offers, news, press, reviews), review
// tags, votes and views, the advent calendar, promo pages and /honor. Routes call only this file.
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle, TransactionHandle } from '@store/db';
import { cachedReference } from '../reference-data.ts';

type Queryable = Pick<DatabaseHandle, 'query'> | Pick<TransactionHandle, 'query'>;

export type ArticleType = 'special_offer' | 'news' | 'press' | 'review';

export interface ArticleRow {
  id: number;
  type: ArticleType;
  slug: string;
  title: string;
  preview_text: string;
  detail_text: string;
  listing_image: string | null;
  detail_image: string | null;
  preview_image: string | null;
  active_from: string;
  active_to: string | null;
  date_published: string;
  channels: string[];
  product_tag: { id: number; alias: string; name: string } | null;
  action_id: number | null;
  mechanics: { type: string; conditions: { type: string; value?: number }[]; params: { price_from?: number } } | null;
  action_name: string | null;
  brands: { id: number; code: string; name: string }[];
  categories: { id: number; code: string; name: string }[];
  review_tags: { id: number; type: string; code: string; name: string; gen_name: string }[];
  badges: string[];
  product_ids: number[];
  how_to_use: string | null;
  usage_condition: string | null;
  status: number;
  views_count: number;
  likes: number;
  dislikes: number;
  updated_at: string;
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const ARTICLE_COLUMNS = `
  a.id, a.type, a.slug, a.title, a.preview_text, a.detail_text, a.listing_image, a.detail_image, a.preview_image,
  ${iso('a.active_from')} as active_from, ${iso('a.active_to')} as active_to, ${iso('a.date_published')} as date_published,
  a.channels, a.action_id, a.badges, a.product_ids, a.how_to_use, a.usage_condition, a.status, a.views_count,
  a.likes, a.dislikes, ${iso('a.updated_at')} as updated_at,
  case when t.id is null then null else json_build_object('id', t.id, 'alias', t.alias, 'name', t.name) end as product_tag,
  ac.mechanics, ac.public_name as action_name,
  coalesce((select json_agg(json_build_object('id', b.id, 'code', b.code, 'name', b.name) order by b.name collate shop_text)
              from brands b where b.id = any (a.brand_ids)), '[]') as brands,
  coalesce((select json_agg(json_build_object('id', c.id, 'code', c.code, 'name', c.name) order by c.id)
              from categories c where c.id = any (a.category_ids)), '[]') as categories,
  coalesce((select json_agg(json_build_object('id', r.id, 'type', r.type, 'code', r.code, 'name', r.name, 'gen_name', r.gen_name) order by r.id)
              from review_tags r where r.id = any (a.review_tag_ids)), '[]') as review_tags`;

const ARTICLE_FROM = `
  from articles a
  left join tags t on t.id = a.product_tag_id
  left join actions ac on ac.id = a.action_id`;

/** A published article running at `now` (special offers: started and not ended; others: published). */
const RUNNING = `a.status = 1 and a.active_from <= $1::timestamptz and (a.active_to is null or a.active_to > $1::timestamptz)`;

export interface OfferFilter {
  now: Date;
  brand: string | null;
  channel: string | null;
  mechanics: string | null;
  limit: number;
  offset: number;
}

/** Running special offers, newest start first, with the total for the pagination headers. */
export async function listRunningOffers(
  handle: Queryable,
  f: OfferFilter,
): Promise<{ rows: ArticleRow[]; total: number }> {
  // The unfiltered list (home's previews, the offers page) comes from the published offers kept as
  // reference data; a filtered one is read (decision 0054).
  if (f.brand === null && f.channel === null && f.mechanics === null) {
    const running = (await listPublishedOffers(handle)).filter((o) => isRunningAt(o, f.now.getTime()));
    return { rows: running.slice(f.offset, f.offset + f.limit).map((o) => o.row), total: running.length };
  }
  return readRunningOffers(handle, f);
}

/** Running special offers read from the database: the filtered lists, and the reference the kept list is tested against. */
export async function readRunningOffers(
  handle: Queryable,
  f: OfferFilter,
): Promise<{ rows: ArticleRow[]; total: number }> {
  const where = `a.type = 'special_offer' and ${RUNNING}
    and ($2::text is null or exists (select 1 from brands b where b.id = any (a.brand_ids) and b.code = $2))
    and ($3::text is null or $3 = any (a.channels))
    and ($4::text is null or ac.mechanics->>'type' = $4)`;
  const params = [f.now.toISOString(), f.brand, f.channel, f.mechanics];
  const [rows, count] = await Promise.all([
    handle.query<ArticleRow>(
      `select ${ARTICLE_COLUMNS} ${ARTICLE_FROM} where ${where}
        order by a.active_from desc, a.id desc limit $5 offset $6`,
      [...params, f.limit, f.offset],
    ),
    handle.query<{ n: number }>(`select count(*)::int as n ${ARTICLE_FROM} where ${where}`, params),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

interface PublishedOffer {
  row: ArticleRow;
  /** When it starts and ends, in ms (the SQL's own precision, finer than the ISO text's seconds). */
  from: number;
  to: number | null;
}

const isRunningAt = (o: PublishedOffer, now: number) => o.from <= now && (o.to === null || o.to > now);

/**
 * Every published special offer not ended when read, newest start first: reference data (the seed or
 * the content import writes them; decision 0018). Which run is decided per call, at its own moment.
 * Views and votes are counted in the database at once; the counts in these rows are as old as the
 * entry (at most REFERENCE_CACHE_TTL_S): an article's own page reads them fresh (decision 0054).
 */
function listPublishedOffers(handle: Queryable): Promise<PublishedOffer[]> {
  return cachedReference(handle, 'offers:published', async () => {
    const rows = await handle.query<ArticleRow & { run_from: number; run_to: number | null }>(
      `select ${ARTICLE_COLUMNS},
              (extract(epoch from a.active_from) * 1000)::float8 as run_from,
              (extract(epoch from a.active_to) * 1000)::float8 as run_to
         ${ARTICLE_FROM}
        where a.type = 'special_offer' and a.status = 1 and (a.active_to is null or a.active_to > now())
        order by a.active_from desc, a.id desc`,
    );
    return rows.map(({ run_from, run_to, ...row }) => ({ row, from: run_from, to: run_to }));
  });
}

/** The brands, channels and mechanics the running offers have (the filter lists). */
export async function listOfferBrands(handle: Queryable, now: Date) {
  return handle.query<{ id: number; code: string; name: string; count: number }>(
    `select b.id, b.code, b.name, count(*)::int as count
       from articles a join brands b on b.id = any (a.brand_ids)
      where a.type = 'special_offer' and ${RUNNING}
      group by b.id, b.code, b.name order by b.name collate shop_text`,
    [now.toISOString()],
  );
}

export async function listOfferMechanics(handle: Queryable, now: Date) {
  return handle.query<{ code: string; count: number }>(
    `select ac.mechanics->>'type' as code, count(*)::int as count
       from articles a join actions ac on ac.id = a.action_id
      where a.type = 'special_offer' and ${RUNNING}
      group by 1 order by 1`,
    [now.toISOString()],
  );
}

export async function countOfferChannels(handle: Queryable, now: Date) {
  return handle.query<{ code: string; count: number }>(
    `select ch as code, count(*)::int as count
       from articles a, unnest(a.channels) ch
      where a.type = 'special_offer' and ${RUNNING}
      group by ch order by ch`,
    [now.toISOString()],
  );
}

/** One published article by id (any type); null when there is none or it is hidden. */
export async function retrieveArticle(handle: Queryable, id: number): Promise<ArticleRow | null> {
  const rows = await handle.query<ArticleRow>(
    `select ${ARTICLE_COLUMNS} ${ARTICLE_FROM} where a.id = $1 and a.status = 1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function retrieveArticleBySlug(handle: Queryable, slug: string): Promise<ArticleRow | null> {
  const rows = await handle.query<ArticleRow>(
    `select ${ARTICLE_COLUMNS} ${ARTICLE_FROM} where a.slug = $1 and a.status = 1`,
    [slug],
  );
  return rows[0] ?? null;
}

/** Title and type of a published article (SEO and breadcrumbs). */
export async function retrieveArticleHeadline(
  handle: Queryable,
  by: { id: number } | { slug: string },
): Promise<{ id: number; type: ArticleType; title: string; preview_text: string; active_from: string } | null> {
  const rows = await handle.query<{
    id: number;
    type: ArticleType;
    title: string;
    preview_text: string;
    active_from: string;
  }>(
    `select id, type, title, preview_text, ${iso('active_from')} as active_from from articles
      where status = 1 and ${'id' in by ? 'id = $1' : 'slug = $1'}`,
    ['id' in by ? by.id : by.slug],
  );
  return rows[0] ?? null;
}

/** News and press releases published by `now`, newest first. */
export async function listNews(
  handle: Queryable,
  f: { now: Date; types: ArticleType[]; limit: number; offset: number },
): Promise<{ rows: ArticleRow[]; total: number }> {
  const where = `a.type = any ($2::text[]) and a.status = 1 and a.date_published <= $1::timestamptz`;
  const params = [f.now.toISOString(), f.types];
  const [rows, count] = await Promise.all([
    handle.query<ArticleRow>(
      `select ${ARTICLE_COLUMNS} ${ARTICLE_FROM} where ${where}
        order by a.date_published desc, a.id desc limit $3 offset $4`,
      [...params, f.limit, f.offset],
    ),
    handle.query<{ n: number }>(`select count(*)::int as n from articles a where ${where}`, params),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export interface ReviewFilter {
  category: string | null;
  brand: string | null;
  badge: string | null;
  tag: { type: string; code: string } | null;
  limit: number;
  offset: number;
}

/** Review articles matching the filters (codes), newest first. */
export async function listReviewArticles(
  handle: Queryable,
  f: ReviewFilter,
): Promise<{ rows: ArticleRow[]; total: number }> {
  const where = `a.type = 'review' and a.status = 1
    and ($1::text is null or exists (select 1 from categories c where c.id = any (a.category_ids) and c.code = $1))
    and ($2::text is null or exists (select 1 from brands b where b.id = any (a.brand_ids) and b.code = $2))
    and ($3::text is null or $3 = any (a.badges))
    and ($4::text is null or exists (select 1 from review_tags r where r.id = any (a.review_tag_ids) and r.type = $4 and r.code = $5))`;
  const params = [f.category, f.brand, f.badge, f.tag?.type ?? null, f.tag?.code ?? null];
  const [rows, count] = await Promise.all([
    handle.query<ArticleRow>(
      `select ${ARTICLE_COLUMNS} ${ARTICLE_FROM} where ${where}
        order by a.date_published desc, a.id desc limit $6 offset $7`,
      [...params, f.limit, f.offset],
    ),
    handle.query<{ n: number }>(`select count(*)::int as n from articles a where ${where}`, params),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The filter lists of the review articles: brands, categories and tags that some article has. */
export async function listReviewFilterOptions(handle: Queryable) {
  const [brands, categories, tags, badges] = await Promise.all([
    handle.query<{ id: number; code: string; name: string; count: number }>(
      `select b.id, b.code, b.name, count(*)::int as count from articles a join brands b on b.id = any (a.brand_ids)
        where a.type = 'review' and a.status = 1 group by b.id, b.code, b.name order by b.name collate shop_text`,
    ),
    handle.query<{ id: number; code: string; name: string; count: number }>(
      `select c.id, c.code, c.name, count(*)::int as count from articles a join categories c on c.id = any (a.category_ids)
        where a.type = 'review' and a.status = 1 group by c.id, c.code, c.name order by c.name collate shop_text`,
    ),
    handle.query<{ id: number; type: string; code: string; name: string; gen_name: string; count: number }>(
      `select r.id, r.type, r.code, r.name, r.gen_name, count(a.id)::int as count
         from review_tags r left join articles a on r.id = any (a.review_tag_ids) and a.type = 'review' and a.status = 1
        group by r.id order by r.id`,
    ),
    handle.query<{ code: string; count: number }>(
      `select badge as code, count(*)::int as count from articles a, unnest(a.badges) badge
        where a.type = 'review' and a.status = 1 group by badge order by badge`,
    ),
  ]);
  return { brands, categories, tags, badges };
}

export async function retrieveReviewTag(handle: Queryable, code: string, type: string | null) {
  const rows = await handle.query<{ id: number; type: string; code: string; name: string; gen_name: string }>(
    `select id, type, code, name, gen_name from review_tags where code = $1 and ($2::text is null or type = $2)
      order by id limit 1`,
    [code, type],
  );
  return rows[0] ?? null;
}

/** Names of a category and a brand by code, for the titles of filtered review pages. */
export async function retrieveReviewFilterNames(handle: Queryable, category: string | null, brand: string | null) {
  const [c, b] = await Promise.all([
    category === null
      ? []
      : handle.query<{ name: string }>('select name from categories where code = $1 order by id limit 1', [category]),
    brand === null ? [] : handle.query<{ name: string }>('select name from brands where code = $1', [brand]),
  ]);
  return { category: c[0]?.name ?? null, brand: b[0]?.name ?? null };
}

/**
 * One like or dislike per visitor, in a transaction holding the article row: a second vote of the
 * same kind changes nothing, the other kind moves the vote. Null when the article is no review.
 */
export async function voteOnArticle(
  handle: DatabaseHandle,
  articleId: number,
  visitor: string,
  vote: 1 | -1,
): Promise<{ likes: number; dislikes: number; vote: 1 | -1 } | null> {
  return handle.transaction(async (tx) => {
    const exists = await tx.query<{ id: number }>(
      `select id from articles where id = $1 and type = 'review' and status = 1 for update`,
      [articleId],
    );
    if (exists.length === 0) return null;
    const previous = await tx.query<{ vote: number }>(
      'select vote from article_votes where article_id = $1 and visitor_id = $2',
      [articleId, visitor],
    );
    const before = previous[0]?.vote ?? null;
    if (before !== vote) {
      if (before === null) {
        await tx.query('insert into article_votes (article_id, visitor_id, vote) values ($1, $2, $3)', [
          articleId,
          visitor,
          vote,
        ]);
      } else {
        await tx.query('update article_votes set vote = $3 where article_id = $1 and visitor_id = $2', [
          articleId,
          visitor,
          vote,
        ]);
      }
      const likeDelta = (vote === 1 ? 1 : 0) - (before === 1 ? 1 : 0);
      const dislikeDelta = (vote === -1 ? 1 : 0) - (before === -1 ? 1 : 0);
      await tx.query(
        'update articles set likes = greatest(0, likes + $2), dislikes = greatest(0, dislikes + $3) where id = $1',
        [articleId, likeDelta, dislikeDelta],
      );
    }
    const [counts] = await tx.query<{ likes: number; dislikes: number }>(
      'select likes, dislikes from articles where id = $1',
      [articleId],
    );
    return { likes: counts!.likes, dislikes: counts!.dislikes, vote };
  });
}

export async function retrieveArticleVote(handle: Queryable, articleId: number, visitor: string) {
  const rows = await handle.query<{ vote: number }>(
    'select vote from article_votes where article_id = $1 and visitor_id = $2',
    [articleId, visitor],
  );
  return rows[0]?.vote ?? null;
}

/** Counts a view; the caller decides whether this browser has seen the article already. */
export async function countArticleView(handle: Queryable, articleId: number): Promise<number | null> {
  const rows = await handle.query<{ views_count: number }>(
    'update articles set views_count = views_count + 1 where id = $1 and status = 1 returning views_count',
    [articleId],
  );
  return rows[0]?.views_count ?? null;
}

/** What a basket holds for an action: its products' units and sum, its accessories' sum, a warranty. */
export async function retrieveBasketActionFacts(handle: Queryable, basketId: string, actionId: number) {
  const rows = await handle.query<{ main_qty: number; main_sum: number; accessories_sum: number; has_warranty: boolean }>(
    `with lines as (
       select l.id, l.product_id, l.qty, l.kind, l.parent_id, l.price_snapshot from basket_lines l
        where l.basket_id = $1 and l.removed_at is null
     ),
     main as (select product_id from action_products where action_id = $2 and role = 'main'),
     acc as (select product_id from action_products where action_id = $2 and role = 'accessory')
     select
       coalesce((select sum(qty) from lines where kind = 'product' and product_id in (select product_id from main)), 0)::int as main_qty,
       coalesce((select sum(qty * price_snapshot) from lines where kind = 'product' and product_id in (select product_id from main)), 0)::int as main_sum,
       coalesce((select sum(qty * price_snapshot) from lines where kind <> 'warranty' and product_id in (select product_id from acc)), 0)::int as accessories_sum,
       exists (select 1 from lines w join lines p on p.id = w.parent_id
                where w.kind = 'warranty' and p.product_id in (select product_id from main)) as has_warranty`,
    [basketId, actionId],
  );
  return rows[0]!;
}

/* ---------- advent calendar ---------- */

export interface AdventRow {
  id: number;
  date: string;
  name: string;
  text: string;
  preview_image: string;
  mobile_image: string;
  background_color: string;
  link: string | null;
  is_active: boolean;
  start_at: string;
}

/** The year's calendar days: reference data (the seed or the content import writes them; decision 0018). */
export function listAdventItems(handle: Queryable, year: number): Promise<AdventRow[]> {
  return cachedReference(handle, `advent:${year}`, () => readAdventItems(handle, year));
}

async function readAdventItems(handle: Queryable, year: number): Promise<AdventRow[]> {
  return handle.query<AdventRow>(
    `select id, date, name, text, preview_image, mobile_image, background_color, link, is_active,
            ${iso('start_at')} as start_at
       from advent_calendar_items where date like $1 and is_active order by date`,
    [`${year}-12-%`],
  );
}

/* ---------- promo pages and /honor ---------- */

export interface PromoPageRow {
  slug: string;
  kind: 'static' | 'constructor';
  title: string;
  description: string;
  image: string | null;
  body_html: string;
  blocks: unknown;
  updated_at: string;
}

export async function retrievePromoPage(handle: Queryable, slug: string, kind: 'static' | 'constructor') {
  const rows = await handle.query<PromoPageRow>(
    `select slug, kind, title, description, image, body_html, blocks, ${iso('updated_at')} as updated_at
       from promo_pages where slug = $1 and kind = $2 and status = 1`,
    [slug, kind],
  );
  return rows[0] ?? null;
}

export async function listHonorEntries(handle: Queryable) {
  return handle.query<{
    id: number;
    kind: 'award' | 'employee';
    title: string;
    subtitle: string;
    text: string;
    image: string;
    period: string;
  }>('select id, kind, title, subtitle, text, image, period from honor_entries order by kind, sort, id');
}

/** Title of whatever a content picture shows (drawn by /img/content/…). */
export async function retrieveArticlePictureTitle(handle: Queryable, id: number) {
  const rows = await handle.query<{ title: string; type: string }>('select title, type from articles where id = $1', [
    id,
  ]);
  return rows[0] ?? null;
}

/* ---------- import (npm run content:import) ---------- */

export interface ArticleUpsert {
  type: ArticleType;
  slug: string;
  title: string;
  preview_text: string;
  detail_text: string;
  listing_image: string | null;
  detail_image: string | null;
  preview_image: string | null;
  active_from: string;
  active_to: string | null;
  date_published: string;
  channels: string[];
  product_tag: string | null;
  action_id: number | null;
  brands: string[];
  categories: string[];
  review_tags: string[];
  badges: string[];
  how_to_use: string | null;
  usage_condition: string | null;
  status: number;
}

/** Ids of the codes an import names; each list has exactly the ids that exist (the caller compares). */
export async function resolveImportCodes(
  handle: Queryable,
  codes: { tags: string[]; brands: string[]; categories: string[]; reviewTags: string[]; actions: number[] },
) {
  const [tags, brands, categories, reviewTags, actions] = await Promise.all([
    handle.query<{ id: number; code: string }>('select id, alias as code from tags where alias = any ($1::text[])', [
      codes.tags,
    ]),
    handle.query<{ id: number; code: string }>('select id, code from brands where code = any ($1::text[])', [
      codes.brands,
    ]),
    handle.query<{ id: number; code: string }>(
      'select min(id) as id, code from categories where code = any ($1::text[]) group by code',
      [codes.categories],
    ),
    handle.query<{ id: number; code: string }>('select id, code from review_tags where code = any ($1::text[])', [
      codes.reviewTags,
    ]),
    handle.query<{ id: number }>('select id from actions where id = any ($1::int[])', [codes.actions]),
  ]);
  const map = (rows: { id: number; code: string }[]) => new Map(rows.map((r) => [r.code, r.id]));
  return {
    tags: map(tags),
    brands: map(brands),
    categories: map(categories),
    reviewTags: map(reviewTags),
    actions: new Set(actions.map((a) => a.id)),
  };
}

/** Inserts or replaces an article by slug (views, likes and dislikes are kept). Returns its id. */
export async function upsertArticle(
  tx: Queryable,
  a: ArticleUpsert,
  ids: { tag: number | null; brands: number[]; categories: number[]; reviewTags: number[] },
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `insert into articles (type, slug, title, preview_text, detail_text, listing_image, detail_image, preview_image,
        active_from, active_to, date_published, channels, product_tag_id, action_id, brand_ids, category_ids,
        review_tag_ids, badges, how_to_use, usage_condition, status, source, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10::timestamptz, $11::timestamptz, $12::text[], $13, $14,
        $15::int[], $16::int[], $17::int[], $18::text[], $19, $20, $21, 'import', now())
     on conflict (slug) do update set type = excluded.type, title = excluded.title, preview_text = excluded.preview_text,
        detail_text = excluded.detail_text, listing_image = excluded.listing_image, detail_image = excluded.detail_image,
        preview_image = excluded.preview_image, active_from = excluded.active_from, active_to = excluded.active_to,
        date_published = excluded.date_published, channels = excluded.channels, product_tag_id = excluded.product_tag_id,
        action_id = excluded.action_id, brand_ids = excluded.brand_ids, category_ids = excluded.category_ids,
        review_tag_ids = excluded.review_tag_ids, badges = excluded.badges, how_to_use = excluded.how_to_use,
        usage_condition = excluded.usage_condition, status = excluded.status, source = 'import', updated_at = now()
     returning id`,
    [
      a.type,
      a.slug,
      a.title,
      a.preview_text,
      a.detail_text,
      a.listing_image,
      a.detail_image,
      a.preview_image,
      a.active_from,
      a.active_to,
      a.date_published,
      a.channels,
      ids.tag,
      a.action_id,
      ids.brands,
      ids.categories,
      ids.reviewTags,
      a.badges,
      a.how_to_use,
      a.usage_condition,
      a.status,
    ],
  );
  const id = rows[0]!.id;
  // An article without pictures of its own gets the drawn ones.
  await tx.query(
    `update articles set listing_image = coalesce(listing_image, '/img/content/listing/' || id || '.svg'),
        detail_image = coalesce(detail_image, '/img/content/detail/' || id || '.svg'),
        preview_image = coalesce(preview_image, '/img/content/preview/' || id || '.svg')
      where id = $1`,
    [id],
  );
  return id;
}

export async function upsertPromoPage(
  tx: Queryable,
  p: { slug: string; kind: 'static' | 'constructor'; title: string; description: string; image: string | null; body_html: string; blocks: unknown[]; status: number },
) {
  await tx.query(
    `insert into promo_pages (slug, kind, title, description, image, body_html, blocks, status, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, now())
     on conflict (slug) do update set kind = excluded.kind, title = excluded.title, description = excluded.description,
        image = excluded.image, body_html = excluded.body_html, blocks = excluded.blocks, status = excluded.status,
        updated_at = now()`,
    [p.slug, p.kind, p.title, p.description, p.image, p.body_html, JSON.stringify(p.blocks), p.status],
  );
}

/* ---------- page words (SEO and breadcrumbs; services/pages.ts runs on the drizzle handle) ---------- */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Title and description of a published article for its page's SEO, null when there is none. */
export async function retrieveArticleWords(
  db: Database,
  by: { id: number; types: ArticleType[] } | { slug: string; types: ArticleType[] },
): Promise<{ title: string; description: string; image: string | null } | null> {
  const where = 'id' in by ? sql`id = ${by.id}` : sql`slug = ${by.slug}`;
  const rows = rowsOf<{ title: string; preview_text: string; detail_image: string | null }>(
    await db.execute(
      sql`select title, preview_text, detail_image from articles
           where ${where} and status = 1 and active_from <= now() and type = any (${`{${by.types.join(',')}}`}::text[])`,
    ),
  );
  const row = rows[0];
  return row ? { title: row.title, description: row.preview_text, image: row.detail_image } : null;
}

export async function retrievePromoWords(db: Database, slug: string, kind: 'static' | 'constructor') {
  const rows = rowsOf<{ title: string; description: string }>(
    await db.execute(
      sql`select title, description from promo_pages where slug = ${slug} and kind = ${kind} and status = 1`,
    ),
  );
  return rows[0] ?? null;
}

/** Names of the /reviews/list filters by code; null for a code that names nothing. */
export async function retrieveReviewFilterWords(
  db: Database,
  f: { category: string | null; brand: string | null; tag: { type: string; code: string } | null },
) {
  const rows = rowsOf<{ category: string | null; brand: string | null; tag: string | null }>(
    await db.execute(sql`select
      (select name from categories where code = ${f.category ?? ''} order by id limit 1) as category,
      (select name from brands where code = ${f.brand ?? ''}) as brand,
      (select name from review_tags where type = ${f.tag?.type ?? ''} and code = ${f.tag?.code ?? ''}) as tag`),
  );
  return rows[0]!;
}

/** What a /honor picture or a promo banner shows (drawn by /img/content/…). */
export async function retrieveHonorPictureFacts(handle: Queryable, id: number) {
  const rows = await handle.query<{ kind: 'award' | 'employee'; title: string }>(
    'select kind, title from honor_entries where id = $1',
    [id],
  );
  return rows[0] ?? null;
}

export async function retrievePromoPictureTitle(handle: Queryable, slug: string) {
  const rows = await handle.query<{ title: string }>('select title from promo_pages where slug = $1', [slug]);
  return rows[0]?.title ?? null;
}
