// Ways to receive goods in the shopper's city (SPEC §3 Delivery option, §7 Delivery and availability):
// GET /v2/delivery/list for one product and GET /variations_orders for an order of lines. Both answer
// from services/delivery.ts; dates are counted from now, money is kopecks.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { PREORDER_LEAD_DAYS, isProductAvailable, orderReceiving, purchasability } from '@store/domain';
import {
  listOrderLineFacts,
  retrieveCityCentre,
  retrieveCityDeliveryFacts,
  retrieveDefaultCityId,
} from '../data/availability.ts';
import { retrieveProductDetail } from '../data/product-detail.ts';
import { purchaseFactsFor } from '../data/purchase.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError, fieldErrors } from '../http/errors.ts';
import { bracketRows, commaList, commonQuery, positiveInt } from '../http/params.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';
import { deliveryOptionsFor, orderVariationsFor } from '../services/delivery.ts';

const DeliveryOptionSchema = z
  .object({
    delivery_type_id: z.number().int(),
    name: z.string(),
    delivery_purpose: z.enum(['courier', 'courier_fast', 'pickup']),
    /** ISO time the order can arrive or be collected from. */
    datetime: z.string(),
    /** 'from - to' time range of the day, for courier deliveries. */
    interval: z.string().nullable(),
    /** Kopecks. */
    delivery_cost: z.number().int(),
    cost_prepayment: z.boolean(),
    has_preorder_product: z.boolean(),
    client_city_id: z.number().int(),
    /** A multicenter reserve, ready in 15 minutes (the page words it 'через 15 минут'). */
    is_reserve: z.boolean(),
  })
  .openapi('DeliveryOption');
export type DeliveryOption = z.infer<typeof DeliveryOptionSchema>;

const list = createRoute({
  method: 'get',
  path: '/v2/delivery/list',
  tags: ['Delivery and availability'],
  summary: "Ways to receive a product in the shopper's city with dates and costs",
  request: { query: z.object({ ...commonQuery, product_id: positiveInt, qty: positiveInt.max(99).default(1) }) },
  responses: {
    200: { description: 'Options', content: { 'application/json': { schema: z.array(DeliveryOptionSchema) } } },
    ...notFoundOrInvalid,
  },
});

/** order_type_id of /variations_orders: 1 an ordinary order, 2 a preorder (any preorder line also makes one). */
export const ORDER_TYPE_IDS = { regular: 1, preorder: 2 } as const;
const LINE_FIELDS = ['id', 'qty', 'price', 'marketplace_supplier_id'] as const;
/** Lines in one order. */
export const MAX_ORDER_LINES = 50;

const VariationSchema = DeliveryOptionSchema.extend({
  /** courier | express | pickup | pickup-point | multicenter (SPEC §4 Express courier). */
  group: z.enum(['courier', 'express', 'pickup', 'pickup-point', 'multicenter']),
  payment_type_ids: z.array(z.number().int()),
  /** Days it can come or be collected (YYYY-MM-DD). */
  dates: z.array(z.string()),
  /** Courier time slots of a day ('10:00 - 14:00'); empty for pickups. */
  intervals: z.array(z.string()),
}).openapi('OrderVariation');
const VARIATION_FIELDS = Object.keys(VariationSchema.shape) as [
  keyof typeof VariationSchema.shape,
  ...(keyof typeof VariationSchema.shape)[],
];

const LineSchema = z.object({
  id: positiveInt,
  qty: positiveInt.max(99).default(1),
  /** The price the shopper sees; the answer carries the store's own current price, which costs are counted from. */
  price: z.coerce.number().int().min(0).optional(),
  marketplace_supplier_id: positiveInt.optional(),
});

const VariationsOrdersSchema = z
  .object({
    city_id: z.number().int(),
    order_type_id: z.number().int(),
    /** Σ price × qty, kopecks. */
    sum: z.number().int(),
    has_preorder_product: z.boolean(),
    products: z.array(
      z.object({
        id: z.number().int(),
        qty: z.number().int(),
        price: z.number().int(),
        marketplace_supplier_id: z.number().int().nullable(),
      }),
    ),
    /** Every field unless `fields` names some. */
    variations: z.array(VariationSchema.partial()),
  })
  .openapi('VariationsOrders');

const variationsOrders = createRoute({
  method: 'get',
  path: '/variations_orders',
  tags: ['Delivery and availability'],
  summary: 'Ways to receive an order: courier, express, multicenter pickup, pickup points, parcel lockers',
  description:
    'Lines in bracket notation: products[0][id]=5&products[0][qty]=1&products[0][price]=3819000' +
    '&products[0][marketplace_supplier_id]=3 (up to 50 lines, qty 1–99, default 1). The store prices the lines ' +
    'itself. A seller’s lines (marketplace_supplier_id) travel only with the seller and cannot share an order ' +
    'with the store’s own goods. `fields` picks the variation fields to answer (comma-joined).',
  request: {
    query: z.object({
      ...commonQuery,
      order_type_id: z.coerce
        .number()
        .int()
        .refine((v) => v === ORDER_TYPE_IDS.regular || v === ORDER_TYPE_IDS.preorder, {
          message: 'Допустимые значения: 1, 2.',
        })
        .default(ORDER_TYPE_IDS.regular),
      fields: commaList(z.enum(VARIATION_FIELDS)),
    }),
  },
  responses: {
    200: { description: 'Variations', content: { 'application/json': { schema: VariationsOrdersSchema } } },
    ...notFoundOrInvalid,
  },
});

export type OrderVariation = z.infer<typeof VariationSchema>;
/** The answer without `fields`: every variation in full. */
export type VariationsOrders = Omit<z.infer<typeof VariationsOrdersSchema>, 'variations'> & {
  variations: OrderVariation[];
};

const invalid = (errors: Record<string, string[]>) => new ApiError(422, 'Проверьте параметры запроса', errors);

export function registerDeliveryRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(list, async (c) => {
    const q = c.req.valid('query');
    const { handle } = c.get('deps');
    const product = await retrieveProductDetail(handle, q.product_id, q.city_id ?? null);
    if (!product || product.status !== 1) throw new ApiError(404, 'Товар не найден');
    const city = await retrieveCityCentre(handle, q.city_id ?? (await retrieveDefaultCityId(handle)));
    if (!city) throw new ApiError(422, 'Проверьте параметры запроса', { city_id: ['Город не найден'] });
    // The purchase rule (decision 0010): how q.qty units reach this city, and when.
    const facts = (await purchaseFactsFor(handle, [product.id], city.id)).get(product.id);
    const purchase = facts ? purchasability(facts, { qty: q.qty }) : null;
    if (!purchase || purchase.way === 'unavailable') return c.json([], 200);
    return c.json(
      deliveryOptionsFor({
        deliveryTypeIds: city.delivery_type_ids,
        cityId: city.id,
        sum: product.offer.price * q.qty,
        ...orderReceiving([purchase]),
        supplier: purchase.way === 'marketplace',
        now: new Date(),
      }),
      200,
    );
  });

  app.openapi(variationsOrders, async (c) => {
    const q = c.req.valid('query');
    const { handle } = c.get('deps');
    const parsed = bracketRows(new URL(c.req.url).searchParams, 'products', LINE_FIELDS, MAX_ORDER_LINES);
    const errors = { ...parsed.errors };
    if (parsed.rows.length === 0 && Object.keys(errors).length === 0) {
      errors['products'] = ['Это поле необходимо заполнить.'];
    }
    const lines = parsed.rows.flatMap(({ index, values }) => {
      const line = LineSchema.safeParse(values);
      if (line.success) return [{ index, ...line.data }];
      for (const [field, messages] of Object.entries(fieldErrors(line.error))) {
        errors[`products.${index}.${field}`] = messages;
      }
      return [];
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);

    const cityId = q.city_id ?? (await retrieveDefaultCityId(handle));
    const city = await retrieveCityDeliveryFacts(handle, cityId);
    if (!city) throw invalid({ city_id: ['Город не найден'] });
    const facts = new Map(
      (await listOrderLineFacts(handle, [...new Set(lines.map((l) => l.id))], city.id)).map((f) => [f.id, f]),
    );

    const missing: Record<string, string[]> = {};
    for (const line of lines) {
      const fact = facts.get(line.id);
      if (!fact || fact.status !== 1) missing[`products.${line.index}.id`] = ['Товар не найден'];
    }
    if (Object.keys(missing).length > 0) throw new ApiError(404, 'Товар не найден', missing);

    const priced = lines.map((line) => {
      const fact = facts.get(line.id)!;
      const supplierId = line.marketplace_supplier_id ?? null;
      const key = `products.${line.index}`;
      if (supplierId !== null) {
        const offer = fact.supplier_offers.find((o) => o.supplier_id === supplierId);
        if (!offer) errors[`${key}.marketplace_supplier_id`] = ['Этот продавец не продаёт товар'];
        else if (offer.qty < line.qty) errors[`${key}.qty`] = [`У продавца есть только ${offer.qty} шт.`];
        return { line, fact, supplierId, price: offer?.price ?? 0 };
      }
      if (!isProductAvailable(fact)) errors[`${key}.id`] = ['Товар сейчас нельзя заказать'];
      return { line, fact, supplierId, price: fact.price };
    });
    const sellers = new Set(priced.map((p) => p.supplierId));
    if (sellers.size > 1) errors['products'] = ['Товары разных продавцов оформляются отдельными заказами'];
    if (Object.keys(errors).length > 0) throw invalid(errors);

    const supplier = priced[0]!.supplierId !== null;
    const sum = priced.reduce((total, p) => total + p.price * p.line.qty, 0);
    // Lines of the same product (and seller) add up; the purchase rule says how and when they arrive.
    const asked = new Map<string, { id: number; supplierId: number | null; qty: number }>();
    for (const p of priced) {
      const key = `${p.line.id}:${p.supplierId ?? ''}`;
      asked.set(key, { id: p.line.id, supplierId: p.supplierId, qty: (asked.get(key)?.qty ?? 0) + p.line.qty });
    }
    const purchaseFacts = await purchaseFactsFor(handle, [...facts.keys()], city.id);
    const receiving = orderReceiving(
      [...asked.values()].map((a) =>
        purchasability(purchaseFacts.get(a.id)!, { qty: a.qty, supplierId: a.supplierId }),
      ),
    );
    const preorder = q.order_type_id === ORDER_TYPE_IDS.preorder || receiving.preorder;
    const variations = orderVariationsFor({
      deliveryTypeIds: city.delivery_type_ids,
      paymentTypeIds: city.payment_type_ids,
      cityId: city.id,
      sum,
      ...receiving,
      preorder,
      leadDays: Math.max(receiving.leadDays, preorder ? PREORDER_LEAD_DAYS : 0),
      supplier,
      now: new Date(),
    });
    const fields = q.fields;
    return c.json(
      {
        city_id: city.id,
        order_type_id: preorder ? ORDER_TYPE_IDS.preorder : ORDER_TYPE_IDS.regular,
        sum,
        has_preorder_product: preorder,
        products: priced.map((p) => ({
          id: p.line.id,
          qty: p.line.qty,
          price: p.price,
          marketplace_supplier_id: p.supplierId,
        })),
        variations: fields ? variations.map((v) => Object.fromEntries(fields.map((f) => [f, v[f]]))) : variations,
      },
      200,
    );
  });
}
