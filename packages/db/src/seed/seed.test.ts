import { createHash } from 'node:crypto';
import { SERVICE_FIT } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PICTURE_FORMS,
  pictureKindForCategory,
  renderBannerPicture,
  renderCategoryPicture,
  renderProductPicture,
  renderStorePicture,
} from '../demo-pictures.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../index.ts';
import { schemaTableNames, seedDatabase } from './index.ts';

const PRODUCTS = 300;
const SEED = 7;

let db: DatabaseHandle;

async function hashOf(sqlText: string): Promise<string> {
  const rows = await db.query(sqlText);
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

async function count(sqlText: string, params: unknown[] = []): Promise<number> {
  const rows = await db.query<{ n: number }>(sqlText, params);
  return Number(rows[0]?.n ?? 0);
}

beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(db);
  await seedDatabase(db, { products: PRODUCTS, seed: SEED });
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('seedDatabase', () => {
  it('builds a category tree with the ids fixed by the spec', async () => {
    const categories = await db.query<{
      id: number;
      parent_id: number | null;
      code: string;
      level: number;
      path: number[];
      is_digital: boolean;
    }>('select id, parent_id, code, level, path, is_digital from categories order by id');
    expect(categories.length).toBeGreaterThanOrEqual(40);
    const byId = new Map(categories.map((c) => [c.id, c]));
    for (const id of [1, 13, 19, 29, 46, 26, 60, 224]) expect(byId.has(id), `category ${id}`).toBe(true);
    expect(
      categories
        .filter((c) => c.is_digital)
        .map((c) => c.id)
        .sort((a, b) => a - b),
    ).toEqual([1, 13, 19, 29, 46]);
    expect(byId.get(224)?.code).toBe('smartfony');
    expect(byId.get(60)?.path).toEqual([26, 60]);
    expect(Math.max(...categories.map((c) => c.level))).toBe(2);
    for (const c of categories) {
      expect(c.code).toMatch(/^[a-z0-9-]+$/);
      expect(c.path[c.path.length - 1]).toBe(c.id);
      expect(c.path.length).toBe(c.level + 1);
      if (c.parent_id !== null) expect(byId.get(c.parent_id)).toBeDefined();
    }
  });

  it('has real brands with valid codes, each selling in fitting categories', async () => {
    const brands = await db.query<{ code: string; name: string }>('select code, name from brands');
    expect(brands.length).toBeGreaterThanOrEqual(60);
    for (const b of brands) expect(b.code).toMatch(/^[a-z0-9_.&-]+$/);
    const atlant = await db.query<{ category_id: number }>(
      "select distinct s.category_id from series s join brands b on b.id = s.brand_id where b.code = 'atlant'",
    );
    expect(atlant.map((r) => r.category_id).sort()).toEqual([401, 402, 403]);
  });

  it('has cities with Moscow as id 1 and one city without delivery types', async () => {
    const cities = await db.query<{
      id: number;
      alias: string;
      has_metro: boolean;
      has_mkad: boolean;
      delivery_type_ids: number[];
      declension: Record<string, string>;
    }>('select id, alias, has_metro, has_mkad, delivery_type_ids, declension from cities order by id');
    expect(cities.length).toBeGreaterThanOrEqual(30);
    expect(cities[0]?.alias).toBe('moskva');
    expect(cities.filter((c) => c.has_mkad).map((c) => c.alias)).toEqual(['moskva']);
    expect(cities.filter((c) => c.delivery_type_ids.length === 0).length).toBeGreaterThanOrEqual(1);
    for (const c of cities) expect(c.alias).toMatch(/^[a-z-]+$/);
    expect(cities.find((c) => c.alias === 'nizhniy-novgorod')?.declension['prepositional']).toBe('Нижнем Новгороде');
  });

  it('has stores of every type near their city, with metro stations only where there is a metro', async () => {
    const stores = await db.query<{
      type: number;
      lat: number;
      lon: number;
      clat: number;
      clon: number;
      stations: unknown[];
      has_metro: boolean;
      work_time: unknown[];
    }>(
      'select s.type, s.latitude as lat, s.longitude as lon, c.latitude as clat, c.longitude as clon, s.stations, c.has_metro, s.work_time from stores s join cities c on c.id = s.city_id',
    );
    expect(stores.length).toBeGreaterThanOrEqual(150);
    const types = new Set(stores.map((s) => s.type));
    expect(types.has(1)).toBe(true);
    expect(types.has(9) || types.has(12)).toBe(true);
    expect(types.has(10) || types.has(13) || types.has(14)).toBe(true);
    expect(types.has(99)).toBe(true);
    for (const s of stores) {
      expect(Math.abs(s.lat - s.clat)).toBeLessThan(0.3);
      expect(Math.abs(s.lon - s.clon)).toBeLessThan(0.3);
      if (!s.has_metro) expect(s.stations).toEqual([]);
      expect(s.work_time).toHaveLength(7);
    }
    expect(stores.some((s) => s.stations.length > 0)).toBe(true);
    expect(
      await count(
        'select count(*)::int as n from cities c where not exists (select 1 from stores s where s.city_id = c.id and s.type = 1)',
      ),
    ).toBe(0);
    expect(await count('select count(*) - count(distinct slug) as n from stores')).toBe(0);
  });

  it('gives every product an offer, images and specifications', async () => {
    expect(await count('select count(*)::int as n from products')).toBe(PRODUCTS);
    expect(
      await count(
        'select count(*)::int as n from products p where not exists (select 1 from product_offers o where o.product_id = p.id)',
      ),
    ).toBe(0);
    expect(
      await count(
        'select count(*)::int as n from products p where not exists (select 1 from product_images i where i.product_id = p.id)',
      ),
    ).toBe(0);
    expect(
      await count(
        'select count(*)::int as n from products p where p.image <> (select url from product_images i where i.product_id = p.id order by sort limit 1)',
      ),
    ).toBe(0);
    expect(
      await count(
        'select count(*)::int as n from products p where not exists (select 1 from product_specifications s where s.product_id = p.id)',
      ),
    ).toBe(0);
    expect(await count('select count(*)::int as n from products where jsonb_array_length(specifications) = 0')).toBe(0);
    // Prices end in 90 rubles, except gift cards sold at face value.
    expect(
      await count(
        'select count(*)::int as n from product_offers o join products p on p.id = o.product_id where p.category_id <> 19 and o.price % 10000 <> 9000',
      ),
    ).toBe(0);
    expect(
      await count('select count(*)::int as n from product_offers where price_old is not null and price_old <= price'),
    ).toBe(0);
    const urls = await db.query<{ url: string }>('select url from product_images limit 20');
    for (const u of urls) expect(u.url).toMatch(/^\/img\/product\/[a-z0-9-]+\/([a-z0-9-]+\/)?[0-9a-f]{6}\/[1-5]\.svg$/);
  });

  it('describes fridges and TVs with plausible specifications', async () => {
    const fridge = await db.query<{ codes: string[] }>(
      `select array_agg(sp.code) as codes from products p join product_specifications ps on ps.product_id = p.id join specifications sp on sp.id = ps.specification_id
       where p.category_id = 401 group by p.id limit 1`,
    );
    expect(fridge[0]?.codes).toEqual(expect.arrayContaining(['volume', 'no_frost']));
    const tv = await db.query<{ codes: string[] }>(
      `select array_agg(sp.code) as codes from products p join product_specifications ps on ps.product_id = p.id join specifications sp on sp.id = ps.specification_id
       where p.category_id = 201 group by p.id limit 1`,
    );
    expect(tv[0]?.codes).toEqual(expect.arrayContaining(['diag', 'resolution']));
    // A list value has a value id, a range value a number.
    expect(
      await count(
        "select count(*)::int as n from product_specifications ps join specifications s on s.id = ps.specification_id where (s.kind = 'list') <> (ps.value_id is not null) or (s.kind = 'range') <> (ps.num_value is not null)",
      ),
    ).toBe(0);
    const volumes = await db.query<{ v: number }>(
      "select ps.num_value as v from product_specifications ps join specifications s on s.id = ps.specification_id where s.category_id = 401 and s.code = 'volume'",
    );
    for (const { v } of volumes) expect(v).toBeGreaterThan(80);
  });

  it('counts active products per category including descendants', async () => {
    const active224 = await count('select count(*)::int as n from products where status = 1 and category_id = 224');
    expect(await count('select product_count as n from categories where id = 224')).toBe(active224);
    const roots = await count('select sum(product_count)::int as n from categories where parent_id is null');
    expect(roots).toBe(await count('select count(*)::int as n from products where status = 1'));
  });

  it('fills menus, banners, SEO, flags and branches', async () => {
    expect(
      await count("select count(*)::int as n from menu_items where menu_code = 'catalog' and parent_id is null"),
    ).toBeGreaterThanOrEqual(8);
    for (const code of ['static', 'events', 'footer'])
      expect(await count('select count(*)::int as n from menu_items where menu_code = $1', [code])).toBeGreaterThan(3);
    expect(await count("select count(*)::int as n from banners where type = 'so-topline-desktop' and visible")).toBe(1);
    expect(await count("select count(*)::int as n from banners where type = 'main-slider'")).toBe(5);
    expect(
      await count(
        "select count(*)::int as n from seo_records where path in ('/', '/catalog', '/catalog/holodilniki/401', '/shops', '/cart')",
      ),
    ).toBe(5);
    expect(
      await count(
        "select count(*)::int as n from redirects where from_path = '/aktsii' and to_url = '/special-offers'",
      ),
    ).toBe(1);
    expect(
      await count(
        "select count(*)::int as n from feature_flags where key in ('bank_installment', 'bnpl') and is_active and branch is null",
      ),
    ).toBe(2);
    expect(await count('select sum(weight)::int as n from ab_branches')).toBe(100);
    expect(
      await count('select count(*)::int as n from seed_runs where seed = $1 and products = $2', [SEED, PRODUCTS]),
    ).toBe(1);
  });

  it('stores the questions its counters say, a second Q&A page for a few products, no question twice', async () => {
    const rows = await db.query<{ id: number; questions_count: number; stored: number; distinct_texts: number }>(
      `select p.id, p.questions_count,
              (select count(*)::int from comments c where c.product_id = p.id and c.type = 'question') as stored,
              (select count(distinct c.text)::int from comments c where c.product_id = p.id and c.type = 'question')
                as distinct_texts
         from products p order by p.id`,
    );
    expect(rows.filter((r) => r.questions_count !== r.stored)).toEqual([]);
    const many = rows.filter((r) => r.stored > 3);
    expect(many.length).toBeGreaterThanOrEqual(PRODUCTS / 40);
    expect(many.length).toBeLessThan(PRODUCTS / 10);
    for (const r of many) {
      expect(r.stored).toBeLessThanOrEqual(8);
      expect(r.distinct_texts).toBe(r.stored);
    }
    expect(rows.every((r) => r.stored <= 8)).toBe(true);
    // Every question has its answer.
    expect(
      await count(
        `select count(*)::int as n from comments q where q.type = 'question'
            and not exists (select 1 from comments a where a.parent_id = q.id and a.type = 'answer')`,
      ),
    ).toBe(0);
  });

  it('seeds promotions linked to products of categories with accessories', async () => {
    const actions = await db.query<{ id: number; action_type: string; is_credit: boolean; bank: boolean }>(
      'select id, action_type, is_credit, bank_flags is not null as bank from actions order by id',
    );
    expect(actions.map((a) => a.action_type)).toEqual(
      expect.arrayContaining(['info', 'present', 'percent_discount', 'absolute_discount']),
    );
    expect(actions.some((a) => a.is_credit && !a.bank)).toBe(true);
    expect(actions.some((a) => a.bank)).toBe(true);
    // Every linked product exists and is active; main products sit in categories with accessories.
    expect(
      await count(
        'select count(*)::int as n from action_products ap left join products p on p.id = ap.product_id where p.id is null or p.status <> 1',
      ),
    ).toBe(0);
    const mainCategories = await db.query<{ category_id: number }>(
      "select distinct p.category_id from action_products ap join products p on p.id = ap.product_id where ap.role = 'main' order by 1",
    );
    expect(mainCategories.map((r) => r.category_id)).toEqual(expect.arrayContaining([201, 224, 401]));
    const phones = await count('select count(*)::int as n from products where category_id = 224 and status = 1');
    const withInstalment = await count(
      "select count(*)::int as n from action_products where action_id = 101 and role = 'main'",
    );
    expect(withInstalment).toBeGreaterThan(phones / 2);
    expect(withInstalment).toBeLessThan(phones);
    expect(await count("select count(*)::int as n from action_products where role = 'accessory'")).toBeGreaterThan(0);
  });

  it('refuses a non-empty database without reset', async () => {
    await expect(seedDatabase(db, { products: 10, seed: SEED })).rejects.toThrow(/not empty/);
  });

  it('is deterministic: the same seed gives identical rows', async () => {
    const products = 'select * from products order by id';
    const offers = 'select * from product_offers order by product_id';
    const specs = 'select * from product_specifications order by product_id, specification_id';
    const before = [await hashOf(products), await hashOf(offers), await hashOf(specs)];
    await seedDatabase(db, { products: PRODUCTS, seed: SEED, reset: true });
    expect([await hashOf(products), await hashOf(offers), await hashOf(specs)]).toEqual(before);
    expect(await count('select count(*)::int as n from seed_runs')).toBe(1);
    await seedDatabase(db, { products: PRODUCTS, seed: SEED + 1, reset: true });
    expect(await hashOf(products)).not.toEqual(before[0]);
  }, 60_000);

  it('knows every table of the schema for reset', () => {
    expect(schemaTableNames()).toEqual(expect.arrayContaining(['products', 'stock', 'seed_runs', 'feature_flags']));
  });
});

describe('demo data that looks like a real store', () => {
  it('gives every product its own name: no listing shows one name twice', async () => {
    const [row] = await db.query<{ total: number; names: number }>(
      'select count(*)::int as total, count(distinct name)::int as names from products',
    );
    expect(row!.names).toBe(row!.total);
  });

  it('sells each installation and set-up service once, each listed in the compatibility table', async () => {
    const services = await db.query<{ name: string }>('select name from products where category_id in (901, 902)');
    expect(services.length).toBeGreaterThan(0);
    for (const { name } of services) expect(SERVICE_FIT, name).toHaveProperty([name]);
  });

  it("never repeats a sentence, pro or con within one product's reviews", async () => {
    const reviews = await db.query<{ product_id: number; text: string; pros: string | null; cons: string | null }>(
      "select product_id, text, pros, cons from comments where type = 'review' order by product_id, id",
    );
    const byProduct = new Map<number, typeof reviews>();
    for (const r of reviews) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r]);
    let checked = 0;
    for (const [id, list] of byProduct) {
      if (list.length < 2) continue;
      checked++;
      const sentences = list.flatMap((r) => r.text.split(/(?<=\.)\s+/));
      expect(new Set(sentences).size, `product ${id}`).toBe(sentences.length);
      const endings = list.map((r) => r.text.split(/(?<=\.)\s+/).at(-1));
      expect(new Set(endings).size, `product ${id}`).toBe(endings.length);
      const pros = list.flatMap((r) => (r.pros ? [r.pros] : []));
      expect(new Set(pros).size, `product ${id}`).toBe(pros.length);
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('stocks big regional cities so a shopper there can buy, the rest «Под заказ» by transfer', async () => {
    const inStock = (alias: string) =>
      count(
        `select count(distinct s.product_id)::int as n from stock s join stores st on st.id = s.store_id
         join cities c on c.id = st.city_id where c.alias = $1 and s.quantity > 0`,
        [alias],
      );
    const stocked = await count('select count(distinct product_id)::int as n from stock where quantity > 0');
    for (const alias of ['kazan', 'ekaterinburg', 'novosibirsk']) {
      const n = await inStock(alias);
      expect(n / stocked, alias).toBeGreaterThanOrEqual(0.4);
      // Not everything: the rest comes from another city's store («Под заказ»).
      expect(n, alias).toBeLessThan(stocked);
    }
    expect((await inStock('satka')) / stocked).toBeGreaterThan(0.05);
  });

  it('draws fridges, phones and TVs by their form, each with front, angle and detail views', async () => {
    const forms = await db.query<{ category_id: number; form: string }>(
      `select distinct p.category_id, split_part(p.image, '/', 5) as form from products p
       where p.category_id in (401, 224, 201)`,
    );
    const formsOf = (category: number) => forms.filter((f) => f.category_id === category).map((f) => f.form);
    expect(formsOf(401).length).toBeGreaterThanOrEqual(2);
    expect(formsOf(224).length).toBeGreaterThanOrEqual(2);
    expect(formsOf(201).length).toBeGreaterThanOrEqual(2);
    for (const form of forms) expect(PICTURE_FORMS, form.form).toContain(form.form);
    // The drawing follows the product: a Side-by-Side fridge is drawn side-by-side, an iPhone as one.
    const fridges = await db.query<{ form: string; type: string }>(
      `select split_part(p.image, '/', 5) as form,
              (select e->>'value' from jsonb_array_elements(p.specifications) e where e->>'name' = 'Тип') as type
       from products p where p.category_id = 401`,
    );
    const expected: Record<string, string[]> = {
      'Side-by-Side': ['side-by-side'],
      однокамерный: ['single-door'],
      многокамерный: ['french-door'],
      двухкамерный: ['two-door', 'top-freezer', 'built-in'],
    };
    for (const f of fridges) expect(expected[f.type], f.type).toContain(f.form);
    const phones = await db.query<{ form: string; brand: string }>(
      `select split_part(p.image, '/', 5) as form, b.code as brand from products p join brands b on b.id = p.brand_id
       where p.category_id = 224`,
    );
    for (const p of phones) if (p.brand === 'apple') expect(p.form).toBe('iphone');
    for (const p of phones) if (p.brand === 'samsung') expect(p.form).toBe('galaxy');
    const fewest = await count(
      `select min(n)::int as n from (select count(*) as n from product_images i join products p on p.id = i.product_id
       where p.category_id in (401, 224, 201) group by i.product_id) t`,
    );
    expect(fewest).toBeGreaterThanOrEqual(3);
  });
});

describe('demo pictures', () => {
  it('draws each form of a category as its own shape, in several views', () => {
    const fridges = ['single-door', 'top-freezer', 'two-door', 'side-by-side', 'french-door', 'built-in'].map((f) =>
      renderProductPicture('holodilniki', 'f4f4f2', 1, f),
    );
    expect(new Set(fridges).size).toBe(fridges.length);
    const phones = ['iphone', 'galaxy', 'round-camera', 'square-camera', 'pill-camera'].map((f) =>
      renderProductPicture('smartfony', '1f2023', 3, f),
    );
    expect(new Set(phones).size).toBe(phones.length);
    // Front, angle, back or other side, detail, on a disc: five different pictures.
    const views = [1, 2, 3, 4, 5].map((n) => renderProductPicture('holodilniki', 'f4f4f2', n, 'side-by-side'));
    expect(new Set(views).size).toBe(5);
    // A shape, not a recolouring: the drawing of a side-by-side is not the two-door one in another colour.
    const shape = (svg: string) => svg.replace(/#[0-9a-f]{6}/gi, '').replace(/id="[^"]*"|url\(#[^)]*\)/g, '');
    expect(shape(renderProductPicture('holodilniki', '1f2023', 1, 'side-by-side'))).not.toBe(
      shape(renderProductPicture('holodilniki', 'f4f4f2', 1, 'two-door')),
    );
  });

  it('renders self-contained SVGs', () => {
    expect(pictureKindForCategory('holodilniki')).toBe('fridge');
    expect(pictureKindForCategory('televizory')).toBe('tv');
    expect(pictureKindForCategory('unknown-code')).toBe('box');
    for (const svg of [
      renderProductPicture('smartfony', '1f2b4d', 1),
      renderProductPicture('holodilniki', 'ffffff', 3),
      renderCategoryPicture('kofemashiny'),
      renderStorePicture(5),
    ]) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    }
    expect(renderProductPicture('smartfony', '1f2b4d', 1)).not.toEqual(renderProductPicture('smartfony', '1f2b4d', 2));
    expect(renderBannerPicture(1, 'Скидки <до> 50% & больше', '#111827')).toContain(
      'Скидки &lt;до&gt; 50% &amp; больше',
    );
  });
});
