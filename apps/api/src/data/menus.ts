// All SQL about menus and banners.
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@store/db';
import { cachedReference } from '../reference-data.ts';

const { menuItems, banners } = schema;

export type MenuItemRow = typeof menuItems.$inferSelect;

export async function listMenuItems(db: Database, menuCode: string, branch: string): Promise<MenuItemRow[]> {
  return db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.menuCode, menuCode), or(isNull(menuItems.branch), eq(menuItems.branch, branch))))
    .orderBy(asc(menuItems.sort), asc(menuItems.id));
}

export type BannerRow = typeof banners.$inferSelect;

export interface BannerQuery {
  type?: string | undefined;
  location?: string | undefined;
  visible?: boolean | undefined;
  /** Page path; banners limited to a path prefix show only under it. */
  url?: string | undefined;
  now: Date;
}

/**
 * The banners of a query active at `q.now`. The rows come from the reference-data cache; the active
 * window is checked here, so a banner starts and ends on time whatever the cache holds.
 */
export async function listBanners(db: Database, q: BannerQuery): Promise<BannerRow[]> {
  const key = `banners:${q.type ?? ''}|${q.location ?? ''}|${q.visible ?? ''}|${q.url ?? ''}`;
  const rows = await cachedReference(db, key, () => readBanners(db, q));
  const now = q.now.getTime();
  return rows.filter(
    (row) =>
      (row.activeFrom === null || row.activeFrom.getTime() <= now) &&
      (row.activeTo === null || row.activeTo.getTime() > now),
  );
}

async function readBanners(db: Database, q: Omit<BannerQuery, 'now'>): Promise<BannerRow[]> {
  const conditions: SQL[] = [];
  if (q.type) conditions.push(eq(banners.type, q.type));
  if (q.location) conditions.push(eq(banners.location, q.location));
  if (q.visible !== undefined) conditions.push(eq(banners.visible, q.visible));
  if (q.url !== undefined) conditions.push(or(isNull(banners.url), sql`${q.url} like ${banners.url} || '%'`)!);
  return db
    .select()
    .from(banners)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(banners.sort), asc(banners.id));
}

/** What a banner picture shows: its title on its background. */
export async function retrieveBannerHeadline(db: Database, id: number) {
  const [row] = await db
    .select({ title: banners.title, background: banners.background })
    .from(banners)
    .where(eq(banners.id, id))
    .limit(1);
  return row ?? null;
}
