// Delivery options for a product in the shopper's city (SPEC §3 Delivery option, §7 /v2/delivery/list).
// Dates are counted from now; costs follow the store's rules below (kopecks).
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { DELIVERY_TYPE_IDS, EXPRESS_COURIER, deliveryTypeLabel, isProductAvailable } from '@store/domain';
import { retrieveCityCentre, retrieveDefaultCityId } from '../data/availability.ts';
import { retrieveProductDetail } from '../data/product-detail.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { commonQuery, positiveInt } from '../http/params.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';

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
  })
  .openapi('DeliveryOption');
type DeliveryOption = z.infer<typeof DeliveryOptionSchema>;

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

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Free courier delivery from this order sum (kopecks). */
const FREE_COURIER_FROM = 1_000_000;

/** The options a city's delivery types give for an order sum; `now` is passed in for testability. */
export function deliveryOptionsFor(input: {
  deliveryTypeIds: readonly number[];
  cityId: number;
  sum: number;
  preorder: boolean;
  inStockInCity: boolean;
  now: Date;
}): DeliveryOption[] {
  const { now } = input;
  // Days start at 00:00 Moscow time (UTC+3); deliveries are promised from the next morning.
  const moscowMidnight = Math.floor((now.getTime() + 3 * HOUR) / DAY) * DAY - 3 * HOUR;
  const at = (days: number, hour: number) => new Date(moscowMidnight + days * DAY + hour * HOUR).toISOString();
  const lead = input.preorder ? 10 : 0;
  const base = { has_preorder_product: input.preorder, client_city_id: input.cityId, cost_prepayment: false };
  const options: DeliveryOption[] = [];
  for (const id of input.deliveryTypeIds) {
    const name = deliveryTypeLabel(id);
    if (id === DELIVERY_TYPE_IDS.express) {
      // Express needs stock in the city and is not for preorders (SPEC §4 Express courier).
      if (!input.inStockInCity || input.preorder) continue;
      options.push({
        ...base,
        delivery_type_id: id,
        name,
        delivery_purpose: 'courier_fast',
        datetime: new Date(now.getTime() + EXPRESS_COURIER.defaultMinutes * 60_000).toISOString(),
        interval: null,
        delivery_cost: 59_000,
        cost_prepayment: true,
      });
    } else if (id === 2 || id === DELIVERY_TYPE_IDS.supplierCourier) {
      options.push({
        ...base,
        delivery_type_id: id,
        name,
        delivery_purpose: 'courier',
        datetime: at(lead + (id === 2 ? 1 : 3), 10),
        interval: '10:00 - 22:00',
        delivery_cost: input.sum >= FREE_COURIER_FROM ? 0 : 39_900,
      });
    } else if (id === 1 || id === DELIVERY_TYPE_IDS.supplierPickup) {
      options.push({
        ...base,
        delivery_type_id: id,
        name,
        delivery_purpose: 'pickup',
        datetime:
          input.inStockInCity && id === 1 && !input.preorder
            ? new Date(now.getTime() + 15 * 60_000).toISOString()
            : at(lead + 2, 10),
        interval: null,
        delivery_cost: 0,
      });
    } else if (
      (DELIVERY_TYPE_IDS.pickupPoint as readonly number[]).includes(id) ||
      (DELIVERY_TYPE_IDS.postbox as readonly number[]).includes(id)
    ) {
      const postbox = (DELIVERY_TYPE_IDS.postbox as readonly number[]).includes(id);
      options.push({
        ...base,
        delivery_type_id: id,
        name,
        delivery_purpose: 'pickup',
        datetime: at(lead + 2, 10),
        interval: null,
        delivery_cost: postbox ? 9_900 : input.sum >= 300_000 ? 0 : 14_900,
      });
    }
  }
  return options;
}

export function registerDeliveryRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(list, async (c) => {
    const q = c.req.valid('query');
    const { handle } = c.get('deps');
    const product = await retrieveProductDetail(handle, q.product_id, q.city_id ?? null);
    if (!product || product.status !== 1) throw new ApiError(404, 'Товар не найден');
    const city = await retrieveCityCentre(handle, q.city_id ?? (await retrieveDefaultCityId(handle)));
    if (!city) throw new ApiError(422, 'Проверьте параметры запроса', { city_id: ['Город не найден'] });
    if (!isProductAvailable(product.offer)) return c.json([], 200);
    return c.json(
      deliveryOptionsFor({
        deliveryTypeIds: city.delivery_type_ids,
        cityId: city.id,
        sum: product.offer.price * q.qty,
        preorder: product.offer.preorder,
        inStockInCity: product.city_availability.quantity >= q.qty,
        now: new Date(),
      }),
      200,
    );
  });
}
