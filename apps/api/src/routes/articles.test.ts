// Content calls of issue 14: special offers with their filters and pagination headers, articles by id
// and slug (sanitised HTML), news and press, review articles by every filter, votes once per visitor,
// views once per browser, the advent calendar by the server's Moscow date, promo pages and /honor,
// and the words of each content page (404 for unknown ids and slugs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdventCalendar,
  Article,
  FilterOption,
  Honor,
  OfferProgress,
  PromoPage,
  ReviewFilters,
} from '../schemas/content.ts';
import { listRunningOffers, readRunningOffers } from '../data/content.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';

const xhr = { 'x-requested-with': 'XMLHttpRequest' };
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ ADVENT_CALENDAR_DATE: '2026-12-15' });
});
afterAll(() => h.close());

describe('special offers', () => {
  it('lists at least 26 running offers, 12 by default, with the pagination headers, and hides ended ones', async () => {
    const { status, body, headers } = await h.json<Article[]>('/api/v2/articles/actions');
    expect(status).toBe(200);
    expect(body).toHaveLength(12);
    const total = Number(headers.get('x-pagination-total-count'));
    expect(total).toBeGreaterThanOrEqual(26);
    expect(headers.get('x-pagination-per-page')).toBe('12');
    expect(headers.get('x-pagination-page-count')).toBe(String(Math.ceil(total / 12)));
    const all = await h.json<Article[]>('/api/v2/articles/actions?per_page=100');
    expect(all.body).toHaveLength(total);
    expect(all.body.every((a) => a.type === 'special_offer' && !a.is_ended)).toBe(true);
    expect(all.body.map((a) => a.slug)).not.toContain('chernaya-pyatnica-smartfony');
    const [stored] = await h.handle.query<{ n: number }>(
      `select count(*)::int as n from articles where type = 'special_offer'`,
    );
    expect(stored!.n).toBeGreaterThanOrEqual(30);
  });

  it('pages 3 and 6 at a time', async () => {
    const three = await h.json<Article[]>('/api/v2/articles/actions?per_page=3&page=2');
    expect(three.body).toHaveLength(3);
    expect(three.headers.get('x-pagination-current-page')).toBe('2');
    const six = await h.json<Article[]>('/api/v2/articles/actions?per_page=6');
    expect(six.body.slice(3, 6).map((a) => a.id)).toEqual(three.body.map((a) => a.id));
  });

  it('answers the unfiltered list from memory as the database would at every moment, ends and starts included', async () => {
    // Decision 0054: the published offers are kept; which of them run is decided at the call's own moment.
    const [ending] = await h.handle.query<{ id: number; to_ms: number; from_ms: number }>(
      `select id, (extract(epoch from active_to) * 1000)::float8 as to_ms,
              (extract(epoch from active_from) * 1000)::float8 as from_ms
         from articles where type = 'special_offer' and status = 1 and active_to > now() order by active_to limit 1`,
    );
    expect(ending).toBeDefined();
    const filter = { brand: null, channel: null, mechanics: null, limit: 100, offset: 0 };
    await listRunningOffers(h.handle, { ...filter, now: new Date() });
    let queries = 0;
    const query = h.handle.query;
    const kept = async (now: number) => {
      h.handle.query = ((...args: Parameters<typeof query>) => {
        queries++;
        return query.apply(h.handle, args);
      }) as typeof query;
      try {
        return await listRunningOffers(h.handle, { ...filter, now: new Date(now) });
      } finally {
        h.handle.query = query;
      }
    };
    for (const now of [Date.now(), ending!.to_ms - 1, ending!.to_ms, ending!.from_ms - 1, ending!.from_ms]) {
      const fromMemory = await kept(now);
      const read = await readRunningOffers(h.handle, { ...filter, now: new Date(now) });
      expect(fromMemory.rows.map((r) => r.id)).toEqual(read.rows.map((r) => r.id));
      expect(fromMemory.total).toBe(read.total);
      expect(fromMemory.rows).toEqual(read.rows);
    }
    expect(queries).toBe(0);
    // The offer is in the list until its last moment, and not from then on.
    const at = async (ms: number) =>
      (await listRunningOffers(h.handle, { ...filter, now: new Date(ms) })).rows.map((r) => r.id);
    expect(await at(ending!.to_ms - 1)).toContain(ending!.id);
    expect(await at(ending!.to_ms)).not.toContain(ending!.id);
    // The page of three is the same slice of it.
    const page = await listRunningOffers(h.handle, { ...filter, now: new Date(), limit: 3, offset: 3 });
    expect(page.rows.map((r) => r.id)).toEqual((await at(Date.now())).slice(3, 6));
  });

  it('filters by brand, channel and mechanics, and lists those filters with counts', async () => {
    const brands = await h.json<FilterOption[]>('/api/v2/articles/actions/brands');
    const samsung = brands.body.find((b) => b.code === 'samsung')!;
    const bySamsung = await h.json<Article[]>('/api/v2/articles/actions?brand=samsung&per_page=100');
    expect(bySamsung.body).toHaveLength(samsung.count);
    expect(bySamsung.body.every((a) => a.brands.some((b) => b.code === 'samsung'))).toBe(true);

    const channels = await h.json<FilterOption[]>('/api/v2/articles/actions/channels');
    expect(channels.body.map((c) => c.name)).toEqual(['Интернет-магазин', 'Магазины']);
    const stores = await h.json<Article[]>('/api/v2/articles/actions?channel=stores&per_page=100');
    expect(stores.body).toHaveLength(channels.body.find((c) => c.code === 'stores')!.count);
    expect(stores.body.every((a) => a.channels.includes('stores'))).toBe(true);

    const mechanics = await h.json<FilterOption[]>('/api/v2/articles/actions/mechanics');
    expect(mechanics.body.find((m) => m.code === 'present')).toMatchObject({ name: 'Подарок' });
    const presents = await h.json<Article[]>('/api/v2/articles/actions?mechanics=present&per_page=100');
    expect(presents.body.length).toBe(mechanics.body.find((m) => m.code === 'present')!.count);
    expect(presents.body.every((a) => a.mechanics?.type === 'present')).toBe(true);

    expect((await h.json('/api/v2/articles/actions?channel=post')).status).toBe(422);
    expect((await h.json('/api/v2/articles/actions?per_page=101')).status).toBe(422);
  });

  it("answers a single offer with its action's mechanics, its tag listing and sanitised text", async () => {
    const { status, body } = await h.json<Article>('/api/v2/articles/1');
    expect(status).toBe(200);
    expect(body).toMatchObject({ type: 'special_offer', title: 'Кронштейн в подарок к телевизору', is_ended: false });
    expect(body.mechanics).toMatchObject({ type: 'present', conditions: [{ type: 'main_product', done: false }] });
    expect(body.product_tag?.url).toBe('/catalog/tag/akciya-kronshteyn-v-podarok');
    expect(body.detail_text).toContain('<h2>Условия акции</h2>');
    const tagged = await h.json<{ id: number }[]>('/api/v2/products?tag_aliases=akciya-kronshteyn-v-podarok');
    expect(tagged.body.length).toBeGreaterThan(0);
    const [linked] = await h.handle.query<{ n: number }>(
      `select count(*)::int as n from product_tags pt join tags t on t.id = pt.tag_id
        where t.alias = 'akciya-kronshteyn-v-podarok'
          and pt.product_id not in (select product_id from action_products where action_id = $1 and role = 'main')`,
      [body.action_id],
    );
    expect(linked!.n).toBe(0);
  });

  it('shows an ended offer as ended and answers 404 for an unknown or future one', async () => {
    const [ended] = await h.handle.query<{ id: number }>(
      `select id from articles where slug = 'chernaya-pyatnica-smartfony'`,
    );
    expect((await h.json<Article>(`/api/v2/articles/${ended!.id}`)).body.is_ended).toBe(true);
    expect((await h.json('/api/v2/articles/999999')).status).toBe(404);
    await h.handle.query(`update articles set active_from = now() + interval '2 days' where id = 2`);
    expect((await h.json('/api/v2/articles/2')).status).toBe(404);
    await h.handle.query(`update articles set active_from = now() - interval '10 days' where id = 2`);
  });

  it("shows the mechanics' progress against the visitor's basket", async () => {
    const empty = await h.json<OfferProgress>('/api/v2/articles/actions/4/progress');
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body.steps.map((s) => s.hint)).toEqual([
      'Добавьте в корзину 1 товар из акции',
      'Добавьте аксессуары ещё на 3\u00a0000\u00a0₽',
    ]);
    const [phone] = await h.handle.query<{ product_id: number }>(
      `select ap.product_id from action_products ap join articles a on a.action_id = ap.action_id
         join product_offers o on o.product_id = ap.product_id
        where a.id = 4 and ap.role = 'main' and o.available order by ap.product_id limit 1`,
    );
    const added = await h.call('/api/basket/add-item', {
      method: 'POST',
      headers: { ...xhr, 'content-type': 'application/json' },
      body: JSON.stringify({ product_id: phone!.product_id, qty: 1 }),
    });
    expect(added.status).toBe(200);
    const cookie = added.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('basket_id='))!;
    const withPhone = await h.json<OfferProgress>('/api/v2/articles/actions/4/progress', { headers: { cookie } });
    expect(withPhone.body.steps[0]).toMatchObject({ done: true, hint: null });
    expect(withPhone.body.done).toBe(false);
    expect((await h.json('/api/v2/articles/actions/101/progress')).status).toBe(404);
  });
});

describe('news and press', () => {
  it('pages news and press releases newest first and keeps future news out', async () => {
    const both = await h.json<Article[]>('/api/v2/articles/news?per_page=100');
    const published = both.body.map((a) => a.date_published);
    expect([...published].sort().reverse()).toEqual(published);
    expect(both.body.every((a) => Date.parse(a.date_published) <= Date.now())).toBe(true);
    const news = await h.json<Article[]>('/api/v2/articles/news?type=news&per_page=5&page=2');
    expect(news.body).toHaveLength(5);
    expect(news.body.every((a) => a.type === 'news' && a.url === `/news/${a.id}`)).toBe(true);
    const press = await h.json<Article[]>('/api/v2/articles/news?type=press');
    expect(press.body.every((a) => a.type === 'press')).toBe(true);
    const [count] = await h.handle.query<{ n: number }>(
      `select count(*)::int as n from articles where type in ('news', 'press')`,
    );
    expect(count!.n).toBeGreaterThanOrEqual(40);
  });
});

describe('review articles', () => {
  it('filters by category, brand, badge and tag, alone and together', async () => {
    const all = await h.json<Article[]>('/api/v2/articles/reviews?per_page=100');
    expect(all.body).toHaveLength(30);
    const samsung = await h.json<Article[]>('/api/v2/articles/reviews?brand=samsung&per_page=100');
    expect(samsung.body.length).toBeGreaterThan(1);
    expect(samsung.body.every((a) => a.brands.some((b) => b.code === 'samsung'))).toBe(true);
    const phones = await h.json<Article[]>('/api/v2/articles/reviews?category=smartfony&brand=samsung&badge=text');
    expect(phones.body.length).toBeGreaterThan(0);
    expect(
      phones.body.every((a) => a.badges.includes('text') && a.categories.some((c) => c.code === 'smartfony')),
    ).toBe(true);
    const tagged = await h.json<Article[]>('/api/v2/articles/reviews?tag_type=tema&tag_code=sravnenie&per_page=100');
    expect(tagged.body.every((a) => a.tags.some((t) => t.code === 'sravnenie'))).toBe(true);
    expect(tagged.body.length).toBeGreaterThan(3);
  });

  it('lists the filters with the badges «Все» and «Текст», and answers a tag by its code', async () => {
    const { body } = await h.json<ReviewFilters>('/api/v2/articles/reviews/filters');
    expect(body.badges.map((b) => b.name)).toEqual(['Все', 'Текст']);
    expect(body.badges[0]!.count).toBe(30);
    expect(body.brands.some((b) => b.code === 'apple')).toBe(true);
    expect(body.categories.some((c) => c.code === 'smartfony')).toBe(true);
    expect(body.tags.find((t) => t.code === 'obzor')).toMatchObject({ type: 'tema', name: 'Обзор' });
    expect((await h.json('/api/v2/articles/reviews/obzor')).body).toMatchObject({ name: 'Обзор', gen_name: 'обзоров' });
    expect((await h.json('/api/v2/articles/reviews/net-takogo')).status).toBe(404);
  });

  it('answers a review by slug with the products it reviews', async () => {
    const { status, body } = await h.json<Article>('/api/v2/articles/slug/iphone-ili-samsung');
    expect(status).toBe(200);
    expect(body.product_ids.length).toBeGreaterThan(0);
    expect((await h.json('/api/v2/articles/slug/net-takoy-stati')).status).toBe(404);
  });

  it('counts one like per visitor and moves it on a dislike', async () => {
    const before = (await h.json<Article>('/api/v2/articles/201')).body;
    const first = await h.call('/api/reviews/201/like', { method: 'POST', headers: xhr });
    expect(first.status).toBe(200);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const again = await h.json<{ likes: number; dislikes: number }>('/api/reviews/201/like', {
      method: 'POST',
      headers: { ...xhr, cookie },
    });
    expect(again.body).toMatchObject({ likes: before.likes + 1, dislikes: before.dislikes });
    const moved = await h.json<{ likes: number; dislikes: number }>('/api/reviews/201/dislike', {
      method: 'POST',
      headers: { ...xhr, cookie },
    });
    expect(moved.body).toMatchObject({ likes: before.likes, dislikes: before.dislikes + 1 });
    const other = await h.json<{ likes: number }>('/api/reviews/201/like', { method: 'POST', headers: xhr });
    expect(other.body.likes).toBe(before.likes + 1);
    expect((await h.json('/api/reviews/1/like', { method: 'POST', headers: xhr })).status).toBe(404);
  });

  it('counts a view once per browser through article_views_ids', async () => {
    const first = await h.call('/api/v2/articles/202/view', { method: 'POST', headers: xhr });
    const firstBody = (await first.json()) as { views_count: number; counted: boolean };
    expect(firstBody.counted).toBe(true);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toBe('article_views_ids=202');
    const second = await h.json<{ views_count: number; counted: boolean }>('/api/v2/articles/202/view', {
      method: 'POST',
      headers: { ...xhr, cookie },
    });
    expect(second.body).toEqual({ views_count: firstBody.views_count, counted: false });
    const another = await h.call('/api/v2/articles/203/view', { method: 'POST', headers: { ...xhr, cookie } });
    expect(another.headers.get('set-cookie')).toMatch(/^article_views_ids=202\.203;/);
  });
});

describe('advent calendar', () => {
  it('opens the configured Moscow date, shows past days and hides what future days hold', async () => {
    const { body } = await h.json<AdventCalendar>('/api/v2/promo/advent-calendar');
    expect(body).toMatchObject({ today: '2026-12-15', season: true });
    expect(body.items.map((i) => i.day)).toEqual(Array.from({ length: 21 }, (_, i) => 11 + i));
    const byDay = new Map(body.items.map((i) => [i.day, i]));
    expect(byDay.get(15)).toMatchObject({ state: 'open', name: 'Упаковка в подарок' });
    expect(byDay.get(15)!.text).not.toBeNull();
    expect(byDay.get(11)).toMatchObject({ state: 'past' });
    expect(byDay.get(11)!.text).toContain('10%');
    expect(byDay.get(16)).toMatchObject({ state: 'locked', text: null, link: null, name: '16 декабря' });
  });
});

describe('promo pages and honor', () => {
  it('answers a constructor page with its blocks resolved and a static page with sanitised HTML', async () => {
    const { status, body } = await h.json<PromoPage>('/api/v2/promo/pages/novogodnie-podarki?kind=constructor');
    expect(status).toBe(200);
    expect(body.blocks.map((b) => b.type)).toEqual(['banner', 'countdown', 'text', 'products', 'offers', 'faq']);
    const products = body.blocks.find((b) => b.type === 'products');
    expect(products?.type === 'products' && products.products.length).toBeGreaterThan(0);
    const offers = body.blocks.find((b) => b.type === 'offers');
    expect(offers?.type === 'offers' && offers.offers).toHaveLength(3);
    const stat = await h.json<PromoPage>('/api/v2/promo/pages/rassrochka-0-0-24?kind=static');
    expect(stat.body.body_html).toContain('<h2>Как это работает</h2>');
    expect((await h.json('/api/v2/promo/pages/rassrochka-0-0-24?kind=constructor')).status).toBe(404);
    expect((await h.json('/api/v2/promo/pages/net?kind=static')).status).toBe(404);
  });

  it('drops scripts, event handlers and javascript: links from stored HTML', async () => {
    await h.handle.query(`update promo_pages set body_html = $1 where slug = 'trade-in-smartfonov'`, [
      '<p onclick="steal()">Текст<script>alert(1)</script><a href="javascript:alert(2)">ссылка</a><img src="x" onerror="alert(3)"></p>',
    ]);
    const { body } = await h.json<PromoPage>('/api/v2/promo/pages/trade-in-smartfonov?kind=static');
    expect(body.body_html).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(body.body_html).toContain('Текст');
  });

  it('skips a constructor block edited into a wrong shape', async () => {
    await h.handle.query(
      `update promo_pages set blocks = blocks || '[{"type":"countdown","title":"Без даты"}]'::jsonb where slug = 'kuhnya-mechty'`,
    );
    const { status, body } = await h.json<PromoPage>('/api/v2/promo/pages/kuhnya-mechty?kind=constructor');
    expect(status).toBe(200);
    expect(body.blocks.map((b) => b.type)).toEqual(['banner', 'products', 'text', 'faq']);
  });

  it('lists the awards and the best employees of the month', async () => {
    const { body } = await h.json<Honor>('/api/v2/honor');
    expect(body.awards.length).toBeGreaterThanOrEqual(6);
    expect(body.employees.length).toBeGreaterThanOrEqual(10);
    expect(new Set(body.employees.map((e) => e.name)).size).toBe(body.employees.length);
  });
});

describe('content page words', () => {
  it('names offers, news, reviews and promo pages, and answers 404 for unknown ones', async () => {
    const offer = await h.json<{ title: string; h1: string }>('/api/v3/seo?url=/special-offers/1');
    expect(offer.body.h1).toBe('Кронштейн в подарок к телевизору');
    const crumbs = await h.json<{ text: string }[]>('/api/v2/breadcrumbs?url=/news/101');
    expect(crumbs.body.map((c) => c.text)).toEqual([
      'Главная',
      'Новости',
      'Мультицентр открыл магазин в ТЦ «Галерея» в Краснодаре',
    ]);
    const reviewList = await h.json<{ h1: string }>('/api/v3/seo?url=/reviews/list/brand-samsung/badge-text');
    expect(reviewList.body.h1).toBe('Обзоры и статьи: Samsung, текстовые');
    for (const url of [
      '/special-offers/999',
      '/news/999',
      '/reviews/view/net-takoy',
      '/reviews/list/brand-net-takogo',
      '/reviews/list/badge-zvuk',
      '/promo/net-takoy',
      '/prm/net-takoy',
    ]) {
      expect((await h.json(`/api/v3/seo?url=${url}`)).status, url).toBe(404);
    }
    expect((await h.json('/api/v3/seo?url=/promo/advent-calendar')).status).toBe(200);
    expect((await h.json('/api/v3/seo?url=/prm/personal-data')).status).toBe(200);
  });
});
