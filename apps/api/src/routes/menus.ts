import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { DEFAULT_BRANCH, TIMINGS } from '@store/domain';
import type { Database } from '@store/db';
import { cached } from '../cache.ts';
import { listBanners, listMenuItems, type BannerRow, type MenuItemRow } from '../data/menus.ts';
import type { ApiEnv } from '../http/env.ts';
import { branchParam, commonQuery, positiveInt } from '../http/params.ts';
import { BannerSchema, invalidInput, MenuItemSchema, type Banner, type MenuItem } from '../schemas/shell.ts';

const invalid = invalidInput;
const menuResponse = {
  200: { description: 'Menu tree', content: { 'application/json': { schema: z.array(MenuItemSchema) } } },
  ...invalid,
};

/** Builds the tree; with parentId only that item's subtree children are returned. */
export function buildMenuTree(rows: MenuItemRow[], parentId: number | null = null): MenuItem[] {
  const byParent = new Map<number | null, MenuItemRow[]>();
  for (const row of rows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const build = (parent: number | null, depth: number): MenuItem[] =>
    depth > 8
      ? []
      : (byParent.get(parent) ?? []).map((row) => ({
          id: row.id,
          name: row.name,
          url: row.url,
          icon: row.icon,
          image: row.image,
          parent_id: row.parentId,
          type: row.type,
          stickers: row.stickers,
          children: build(row.id, depth + 1),
        }));
  return build(parentId, 0);
}

function toBanner(row: BannerRow): Banner {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    text: row.text,
    image: row.image,
    x2_image: row.x2Image,
    image_alt: row.imageAlt,
    link: row.link,
    background: row.background,
  };
}

const menu = createRoute({
  method: 'get',
  path: '/v3/menu',
  tags: ['Menus and banners'],
  summary: 'The header catalogue menu (cached for an hour)',
  request: {
    query: z.object({
      ...commonQuery,
      branch: branchParam,
      menu_code: z.enum(['catalog', 'footer']).default('catalog'),
      parent_id: positiveInt.optional(),
    }),
  },
  responses: menuResponse,
});

const staticMenu = createRoute({
  method: 'get',
  path: '/v3/menu/static',
  tags: ['Menus and banners'],
  summary: 'Header links (Акции, Магазины, Доставка…)',
  request: { query: z.object({ ...commonQuery, branch: branchParam }) },
  responses: menuResponse,
});

const eventsMenu = createRoute({
  method: 'get',
  path: '/v2/events-menu/',
  tags: ['Menus and banners'],
  summary: 'The promo strip of current events',
  request: { query: z.object({ ...commonQuery, branch: branchParam }) },
  responses: menuResponse,
});

const bannerList = createRoute({
  method: 'get',
  path: '/v2/banner',
  tags: ['Menus and banners'],
  summary: 'Banners by location',
  request: {
    query: z.object({
      ...commonQuery,
      location: z.string().max(100).optional(),
      visible: z.enum(['0', '1', 'true', 'false']).optional(),
    }),
  },
  responses: {
    200: { description: 'Banners', content: { 'application/json': { schema: z.array(BannerSchema) } } },
    ...invalid,
  },
});

const bannerType = createRoute({
  method: 'get',
  path: '/v2/banner-type',
  tags: ['Menus and banners'],
  summary: "Banners of a type ('so-topline-desktop', NEW_MENU_{id}); the first item carries `banner`",
  request: {
    query: z.object({
      ...commonQuery,
      type: z
        .string()
        .regex(/^(so-topline-desktop|NEW_MENU_\d+|main-slider|home-services)$/, 'Неизвестный тип баннера'),
      url: z.string().max(2000).optional(),
    }),
  },
  responses: {
    200: {
      description: 'A list whose first item has banner',
      content: { 'application/json': { schema: z.array(z.object({ type: z.string(), banner: BannerSchema })) } },
    },
    ...invalid,
  },
});

/** A menu's rows for a branch (cached for an hour). */
export const loadMenu = async (deps: ApiEnv['Variables']['deps'], code: string, branch: string) =>
  cached(deps.cache, `menu:${code}:${branch}`, TIMINGS.menuCacheMs, () => listMenuItems(deps.handle.db, code, branch));

/** The active top-line banner for a page path, or null. */
export async function loadTopBanner(db: Database, url: string | undefined): Promise<Banner | null> {
  const [row] = await listBanners(db, { type: 'so-topline-desktop', visible: true, url, now: new Date() });
  return row ? toBanner(row) : null;
}

export function registerMenuRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(menu, async (c) => {
    const q = c.req.valid('query');
    const rows = await loadMenu(c.get('deps'), q.menu_code, q.branch ?? DEFAULT_BRANCH);
    return c.json(buildMenuTree(rows, q.parent_id ?? null), 200);
  });

  app.openapi(staticMenu, async (c) => {
    const rows = await loadMenu(c.get('deps'), 'static', c.req.valid('query').branch ?? DEFAULT_BRANCH);
    return c.json(buildMenuTree(rows), 200);
  });

  app.openapi(eventsMenu, async (c) => {
    const rows = await loadMenu(c.get('deps'), 'events', c.req.valid('query').branch ?? DEFAULT_BRANCH);
    return c.json(buildMenuTree(rows), 200);
  });

  app.openapi(bannerList, async (c) => {
    const q = c.req.valid('query');
    const visible = q.visible === undefined ? undefined : q.visible === '1' || q.visible === 'true';
    const rows = await listBanners(c.get('deps').handle.db, { location: q.location, visible, now: new Date() });
    return c.json(rows.map(toBanner), 200);
  });

  app.openapi(bannerType, async (c) => {
    const q = c.req.valid('query');
    const rows = await listBanners(c.get('deps').handle.db, {
      type: q.type,
      visible: true,
      url: q.url,
      now: new Date(),
    });
    return c.json(
      rows.map((row) => ({ type: row.type, banner: toBanner(row) })),
      200,
    );
  });
}
