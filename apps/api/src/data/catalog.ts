// All SQL about categories, brands, series, tags and the product facts the shell needs.
import { asc, eq, sql } from 'drizzle-orm';
import { schema, type Database } from '@store/db';
import { cachedReference } from '../reference-data.ts';

const { categories, brands, series, models, products, tags } = schema;

const categoryColumns = {
  id: categories.id,
  parentId: categories.parentId,
  name: categories.name,
  code: categories.code,
  image: categories.image,
  sort: categories.sort,
  level: categories.level,
  path: categories.path,
  isDigital: categories.isDigital,
  productCount: categories.productCount,
};

export type CategoryRow = Awaited<ReturnType<typeof readActiveCategories>>[number];

/** Every active category in (sort, id) order, from the reference-data cache: a few hundred rows. */
function readActiveCategories(db: Database) {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(sql`${categories.status} = 1`)
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** The active categories among `ids`, in (sort, id) order. */
export async function listCategoriesByIds(db: Database, ids: readonly number[]): Promise<CategoryRow[]> {
  if (ids.length === 0) return [];
  const wanted = new Set(ids);
  const all = await cachedReference(db, 'categories:active', () => readActiveCategories(db));
  return all.filter((row) => wanted.has(row.id));
}

export async function retrieveCategory(db: Database, id: number): Promise<CategoryRow | null> {
  const [row] = await listCategoriesByIds(db, [id]);
  return row ?? null;
}

export async function listChildCategories(db: Database, parentId: number | null) {
  return db
    .select(categoryColumns)
    .from(categories)
    .where(
      parentId === null
        ? sql`${categories.parentId} is null and ${categories.status} = 1`
        : sql`${categories.parentId} = ${parentId} and ${categories.status} = 1`,
    )
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** The category's ancestors from the root down, the category itself last. */
export async function listCategoryPath(db: Database, category: CategoryRow): Promise<CategoryRow[]> {
  const rows = await listCategoriesByIds(db, category.path);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return category.path.map((id) => byId.get(id)).filter((r): r is CategoryRow => r !== undefined);
}

export async function retrieveBrandByCode(db: Database, code: string) {
  const [row] = await db
    .select({ id: brands.id, code: brands.code, name: brands.name, logo: brands.logo })
    .from(brands)
    .where(eq(brands.code, code))
    .limit(1);
  return row ?? null;
}

export async function retrieveSeries(db: Database, brandId: number, code: string) {
  const [row] = await db
    .select({ id: series.id, code: series.code, name: series.name, categoryId: series.categoryId })
    .from(series)
    .where(sql`${series.brandId} = ${brandId} and ${series.code} = ${code}`)
    .limit(1);
  return row ?? null;
}

export async function retrieveModel(db: Database, seriesId: number, code: string) {
  const [row] = await db
    .select({ id: models.id, code: models.code, name: models.name })
    .from(models)
    .where(sql`${models.seriesId} = ${seriesId} and ${models.code} = ${code}`)
    .limit(1);
  return row ?? null;
}

export async function retrieveTagByAlias(db: Database, alias: string) {
  const [row] = await db
    .select({ id: tags.id, alias: tags.alias, name: tags.name, categoryId: tags.categoryId })
    .from(tags)
    .where(eq(tags.alias, alias))
    .limit(1);
  return row ?? null;
}

/** What SEO and breadcrumbs need of a product. */
export async function retrieveProductHeadline(db: Database, id: number) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      status: products.status,
      categoryId: products.categoryId,
      description: products.description,
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  return row ?? null;
}
