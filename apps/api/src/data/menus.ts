// All SQL about menus and banners.
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Database } from '@store/db';

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

export async function listBanners(db: Database, q: BannerQuery): Promise<BannerRow[]> {
  const conditions: SQL[] = [
    or(isNull(banners.activeFrom), sql`${banners.activeFrom} <= ${q.now.toISOString()}`)!,
    or(isNull(banners.activeTo), sql`${banners.activeTo} > ${q.now.toISOString()}`)!,
  ];
  if (q.type) conditions.push(eq(banners.type, q.type));
  if (q.location) conditions.push(eq(banners.location, q.location));
  if (q.visible !== undefined) conditions.push(eq(banners.visible, q.visible));
  if (q.url !== undefined) conditions.push(or(isNull(banners.url), sql`${q.url} like ${banners.url} || '%'`)!);
  return db.select().from(banners).where(and(...conditions)).orderBy(asc(banners.sort), asc(banners.id));
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
