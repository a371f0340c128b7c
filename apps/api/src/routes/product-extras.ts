// Product page calls beyond the product itself: where to receive it, credit and instalment offers,
// the trade-in discount and extended warranties.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  creditOffersFor as domainCreditOffers,
  PAGE_SIZES,
  STORE_LIST_TYPES,
  distanceMetres,
  isProductAvailable,
  parseNumericId,
  productTag,
  storeGroupOf,
  warrantyOffers,
} from '@store/domain';
import { retrieveCityCentre, retrieveDefaultCityId } from '../data/availability.ts';
import { listAllStores, listProductStockByStore } from '../data/stores.ts';
import { chooseStores, pickupFacts, storeUrl } from '../services/stores.ts';
import { retrieveProductFacts } from '../data/product-detail.ts';
import type { ApiEnv } from '../http/env.ts';
import { tagAnswer } from '../http/page-tags.ts';
import { ApiError } from '../http/errors.ts';
import { commonQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';

const errors = notFoundOrInvalid;

const ReceivingStoreSchema = z
  .object({
    id: z.number().int(),
    type: z.number().int(),
    group: z.enum(['multicenter', 'parcelLocker', 'pickupPoint']),
    name: z.string(),
    brand: z.string(),
    url: z.string(),
    address: z.string(),
    stations: z.array(z.object({ name: z.string(), color: z.string() })),
    latitude: z.number(),
    longitude: z.number(),
    work_time_line: z.string(),
    directions: z.string().nullable(),
    /** Units in this store now; 0 means it comes there with a delivery. */
    quantity: z.number().int(),
    availability: z.enum(['in-stock', 'delivery']),
    hasReserve: z.boolean(),
    /** The day the order can be picked up (YYYY-MM-DD) and from what time. */
    date: z.string(),
    time: z.string(),
    deliveryCost: z.number().int(),
    distance: z.number().int().nullable(),
  })
  .openapi('ReceivingStore');
export type ReceivingStore = z.infer<typeof ReceivingStoreSchema>;

const availability = createRoute({
  method: 'post',
  path: '/v2/products/availability',
  tags: ['Delivery and availability'],
  summary: "Where a product can be received in the shopper's city: stores with stock, pickup points and lockers",
  request: {
    body: {
      content: {
        'application/json': {
          schema: z.object({
            product_id: positiveInt,
            city_id: positiveInt.optional(),
            /** The shopper's position for distances; the city centre otherwise. */
            latitude: z.coerce.number().min(-90).max(90).optional(),
            longitude: z.coerce.number().min(-180).max(180).optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'Receiving points',
      content: {
        'application/json': {
          schema: z.object({
            stores: z.array(ReceivingStoreSchema),
            status: z.enum(['ok', 'out of stock', 'no deliveries']),
          }),
        },
      },
    },
    ...errors,
  },
});

const CreditOfferSchema = z
  .object({
    id: z.number().int(),
    action_id: z.number().int().nullable(),
    /** credit | installment | bank_installment | bnpl */
    type: z.string(),
    title: z.string(),
    terms: z.array(z.object({ months: z.number().int(), payment: z.number().int() })),
    monthly_payment: z.number().int(),
    banks: z.array(z.string()),
  })
  .openapi('CreditOffer');
export type CreditOffer = z.infer<typeof CreditOfferSchema>;

const productParam = { params: z.object({ id: positiveInt }), query: z.object({ ...commonQuery }) };

const creditOffers = createRoute({
  method: 'get',
  path: '/v2/products/{id}/credit-offers',
  tags: ['Products'],
  summary: 'Credit, instalment, bank instalment and buy-now-pay-later offers for the product',
  request: productParam,
  responses: {
    200: { description: 'Offers', content: { 'application/json': { schema: z.array(CreditOfferSchema) } } },
    ...errors,
  },
});

const tradeIn = createRoute({
  method: 'get',
  path: '/v2/products/{id}/trade-in-discount',
  tags: ['Products'],
  summary: 'The discount on this product when an old device is handed in',
  request: productParam,
  responses: {
    200: {
      description: 'Discount',
      content: {
        'application/json': { schema: z.object({ discount: z.number().int(), price_with_trade_in: z.number().int() }) },
      },
    },
    ...errors,
  },
});

const WarrantySchema = z
  .object({ id: z.number().int(), name: z.string(), years: z.number().int(), price: z.number().int() })
  .openapi('Warranty');
export type Warranty = z.infer<typeof WarrantySchema>;

const warranties = createRoute({
  method: 'get',
  path: '/v2/products/{id}/warranties',
  tags: ['Products'],
  summary: 'Extended warranties for the product (per_page 15)',
  request: {
    params: z.object({ id: positiveInt }),
    query: z.object({
      ...commonQuery,
      page: positiveInt.default(1),
      per_page: z.coerce.number().int().min(1).max(50).default(PAGE_SIZES.warranties),
    }),
  },
  responses: {
    200: { description: 'Warranties', content: { 'application/json': { schema: z.array(WarrantySchema) } } },
    ...errors,
  },
});

/** The offers of a price: one calculation in the domain (credit-offers.ts), shared with checkout. */
export function creditOffersFor(price: number, hasCredit: boolean): CreditOffer[] {
  return domainCreditOffers(price, hasCredit);
}

export function registerProductExtraRoutes(app: OpenAPIHono<ApiEnv>) {
  const loadFacts = async (c: { get: (k: 'deps') => ApiEnv['Variables']['deps'] }, id: number) => {
    const facts = await retrieveProductFacts(c.get('deps').readHandle, id);
    if (!facts || facts.status !== 1) throw new ApiError(404, 'Товар не найден');
    return facts;
  };

  app.openapi(availability, async (c) => {
    const body = c.req.valid('json');
    const { readHandle: handle } = c.get('deps');
    const product = await loadFacts(c, body.product_id);
    // The availability tab shows this product's stock by store: its stock changes drop that page.
    tagAnswer(c, [productTag(body.product_id)]);
    const cityId = body.city_id ?? parseNumericId(c.req.query('city_id')) ?? (await retrieveDefaultCityId(handle));
    const city = await retrieveCityCentre(handle, cityId);
    if (!city) throw new ApiError(422, 'Проверьте параметры запроса', { city_id: ['Город не найден'] });
    if (city.delivery_type_ids.length === 0) return c.json({ stores: [], status: 'no deliveries' as const }, 200);
    if (!isProductAvailable(product.offer) || product.offer.preorder)
      return c.json({ stores: [], status: 'out of stock' as const }, 200);
    const origin =
      body.latitude !== undefined && body.longitude !== undefined
        ? { latitude: body.latitude, longitude: body.longitude }
        : { latitude: city.latitude, longitude: city.longitude };
    const now = new Date();
    const cityStores = chooseStores(await listAllStores(handle), { cityId, types: STORE_LIST_TYPES }).map(
      (s) => s.record,
    );
    const stock = await listProductStockByStore(
      handle,
      product.id,
      cityStores.map((s) => s.id),
    );
    const stores: ReceivingStore[] = cityStores.flatMap((row) => {
      const group = storeGroupOf(row.type);
      if (!group) return [];
      const quantity = stock.get(row.id) ?? 0;
      const pickup = pickupFacts(row, quantity, { price: product.price, preorder: false }, now);
      return [
        {
          id: row.id,
          type: row.type,
          group,
          name: row.name,
          brand: row.brand,
          url: storeUrl(row.slug),
          address: row.address,
          stations: row.stations.map((st) => ({ name: st.name, color: st.color })),
          latitude: row.latitude,
          longitude: row.longitude,
          work_time_line: row.work_time_line,
          directions: row.directions,
          quantity,
          availability: pickup.hasReserve ? ('in-stock' as const) : ('delivery' as const),
          hasReserve: pickup.hasReserve,
          date: pickup.date,
          time: pickup.time,
          deliveryCost: pickup.deliveryCost,
          distance: distanceMetres(origin, row),
        },
      ];
    });
    return c.json({ stores, status: stores.length > 0 ? ('ok' as const) : ('no deliveries' as const) }, 200);
  });

  app.openapi(creditOffers, async (c) => {
    const product = await loadFacts(c, c.req.valid('param').id);
    return c.json(creditOffersFor(product.price, product.hasCredit), 200);
  });

  app.openapi(tradeIn, async (c) => {
    const product = await loadFacts(c, c.req.valid('param').id);
    const discount = product.discountTradein ?? 0;
    return c.json({ discount, price_with_trade_in: product.price - discount }, 200);
  });

  app.openapi(warranties, async (c) => {
    const q = c.req.valid('query');
    const product = await loadFacts(c, c.req.valid('param').id);
    // Extended warranties exist for physical goods from 3 000 ₽ (is_warranty).
    const all = warrantyOffers(product.price, product.isWarranty);
    setPaginationHeaders(c, { total: all.length, page: q.page, perPage: q.per_page });
    return c.json(all.slice((q.page - 1) * q.per_page, q.page * q.per_page), 200);
  });
}
