// Operators change a product's price or its units in a store, show or hide it, or move it to another
// category (issue 19): the new price is in every instance's listings, facets, product pages and page
// caches within moments, and so is the stock in every instance's «В наличии» filter, and a product shown,
// hidden or moved in its listings, search and suggestions (catalog/catalog-events.ts, decisions 0034,
// 0050 and 0088).
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { TransactionHandle } from '@store/db';
import { requireOperator } from '../auth/operator.ts';
import { applyCatalogChange, notifyCatalogChange, type CatalogChange } from '../catalog/catalog-events.ts';
import {
  moveProduct,
  setProductShown,
  updateOfferPrice,
  upsertStoreStock,
  type ProductPlacement,
} from '../data/catalog-changes.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { positiveInt } from '../http/params.ts';
import { productChangeTags } from '../page-events.ts';
import { errorResponses } from '../schemas/shell.ts';

/** Kopecks within PostgreSQL's integer. */
const kopecks = z.number().int().min(1).max(2_000_000_000);

const PriceChangeSchema = z
  .object({
    /** The new price in kopecks. */
    price: kopecks,
    /** The crossed-out price in kopecks, above the new one; null or left out: none. */
    price_old: kopecks.nullable().default(null),
  })
  .refine((value) => value.price_old === null || value.price_old > value.price, {
    path: ['price_old'],
    message: 'Старая цена должна быть больше новой',
  })
  .openapi('PriceChange');

const PriceSchema = z
  .object({ id: z.number().int(), price: z.number().int(), price_old: z.number().int().nullable() })
  .openapi('ProductPrice');

/** POST /ops/products/{id}/<what>: the operator's body in, the stored row out. */
function operatorRoute<In extends z.ZodType, Out extends z.ZodType>(
  what: string,
  summary: string,
  body: In,
  stored: { description: string; schema: Out },
) {
  return createRoute({
    method: 'post',
    path: `/ops/products/{id}/${what}`,
    tags: ['Operations'],
    summary,
    request: {
      params: z.object({ id: positiveInt }),
      body: { required: true, content: { 'application/json': { schema: body } } },
    },
    responses: {
      200: { description: stored.description, content: { 'application/json': { schema: stored.schema } } },
      401: errorResponses[401],
      403: errorResponses[401],
      404: errorResponses[404],
      422: errorResponses[422],
    },
  });
}

const changePrice = operatorRoute(
  'price',
  "Operator: set a product's price (kopecks); every instance shows it within moments",
  PriceChangeSchema,
  { description: 'The stored price', schema: PriceSchema },
);

const StockChangeSchema = z
  .object({
    /** The store (shop or warehouse) whose units are counted. */
    store_id: z.number().int().min(1).max(2_147_483_647),
    /** The units there now. */
    quantity: z.number().int().min(0).max(1_000_000),
  })
  .openapi('StockChange');

const StockSchema = z
  .object({ product_id: z.number().int(), store_id: z.number().int(), quantity: z.number().int() })
  .openapi('StoreStock');

const changeStock = operatorRoute(
  'stock',
  "Operator: set a product's units in one store (a stocktake); every instance's «В наличии» follows within moments",
  StockChangeSchema,
  { description: 'The stored units', schema: StockSchema },
);

const PlacementSchema = z
  .object({ id: z.number().int(), shown: z.boolean(), category_id: z.number().int() })
  .openapi('ProductPlacement');

const changeVisibility = operatorRoute(
  'visibility',
  'Operator: show or hide a product; every instance lists, finds and suggests it (or stops) within seconds',
  z
    .object({
      /** true: shown in the catalogue (it needs a price); false: hidden, its page answers 404. */
      shown: z.boolean(),
    })
    .openapi('ProductVisibility'),
  { description: 'The product as it is now', schema: PlacementSchema },
);

const changeCategory = operatorRoute(
  'category',
  "Operator: move a product to another category; every instance's listings follow within seconds",
  z.object({ category_id: z.number().int().min(1).max(2_147_483_647) }).openapi('ProductCategory'),
  { description: 'The product as it is now', schema: PlacementSchema },
);

/**
 * An operator's change of one product: `write` in a transaction that announces it to every instance
 * on commit (no instance reads the old row after hearing of the new one), 404 with `missing` when it
 * wrote nothing; then this instance at once (the notification applies it again, harmlessly) and the
 * pages that show the product on every instance. The answer is not cached.
 */
async function operatorChange<T>(
  c: Context<ApiEnv>,
  change: CatalogChange,
  write: (tx: TransactionHandle) => Promise<T | null>,
  missing: string,
): Promise<T> {
  await requireOperator(c);
  const deps = c.get('deps');
  // The pages that showed the product before (a moved product leaves its old category's listings).
  const before = await productChangeTags(deps.handle, change.ids);
  // One token for this change: the instance that made it applies it once, not again when its own
  // notification arrives (a product change reads the products again: catalog-events.ts).
  const announced: CatalogChange = { ...change, token: randomUUID() };
  const stored = await deps.handle.transaction(async (tx) => {
    const row = await write(tx);
    if (row) await notifyCatalogChange(tx, announced);
    return row;
  });
  if (!stored) throw new ApiError(404, missing);
  await applyCatalogChange(deps.handle, c.get('catalog'), announced);
  const after = await productChangeTags(deps.handle, change.ids);
  await deps.pageEvents.publish([...new Set([...before, ...after])]);
  c.header('cache-control', 'no-store');
  return stored;
}

/**
 * A product shown, hidden or moved (operatorChange of kind 'product'): `write` answers the product as it
 * is now, null when there is none (404), or `refusal.when` when the change cannot be made (422 on the field).
 */
function placementChange<Refused extends string>(
  c: Context<ApiEnv>,
  id: number,
  write: (tx: TransactionHandle) => Promise<ProductPlacement | Refused | null>,
  refusal: { when: Refused; field: string; message: string },
): Promise<ProductPlacement> {
  return operatorChange(
    c,
    { kind: 'product', ids: [id] },
    async (tx) => {
      const row = await write(tx);
      if (row === refusal.when) throw new ApiError(422, refusal.message, { [refusal.field]: [refusal.message] });
      return row as ProductPlacement | null;
    },
    'Товар не найден',
  );
}

export function registerOpsCatalogRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(changePrice, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const stored = await operatorChange(
      c,
      { kind: 'price', ids: [id] },
      (tx) => updateOfferPrice(tx, id, body.price, body.price_old),
      'Товар не найден',
    );
    c.get('deps').logger.info('price changed', { trace_id: c.get('traceId'), product_id: id, price: stored.price });
    return c.json(stored, 200);
  });

  app.openapi(changeStock, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const stored = await operatorChange(
      c,
      { kind: 'stock', ids: [id] },
      (tx) => upsertStoreStock(tx, id, body.store_id, body.quantity),
      'Товар или магазин не найден',
    );
    c.get('deps').logger.info('stock changed', { trace_id: c.get('traceId'), product_id: id, ...body });
    return c.json(stored, 200);
  });

  app.openapi(changeVisibility, async (c) => {
    const { id } = c.req.valid('param');
    const { shown } = c.req.valid('json');
    const stored = await placementChange(c, id, (tx) => setProductShown(tx, id, shown), {
      when: 'no-price',
      field: 'shown',
      message: 'У товара нет цены: показать его нельзя',
    });
    c.get('deps').logger.info('product shown or hidden', { trace_id: c.get('traceId'), product_id: id, shown });
    return c.json(stored, 200);
  });

  app.openapi(changeCategory, async (c) => {
    const { id } = c.req.valid('param');
    const { category_id: categoryId } = c.req.valid('json');
    const stored = await placementChange(c, id, (tx) => moveProduct(tx, id, categoryId), {
      when: 'no-category',
      field: 'category_id',
      message: 'Категория не найдена',
    });
    c.get('deps').logger.info('product moved', { trace_id: c.get('traceId'), product_id: id, category_id: categoryId });
    return c.json(stored, 200);
  });
}
