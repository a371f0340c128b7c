// The delivery and payment terms of a city (ours, not in the SPEC: it names /delivery and /delivery/pay
// but no call behind them): the ways checkout offers there, their costs, free thresholds, times and
// payment ids (services/delivery.ts deliveryTermsFor, the same computation as /variations_orders), the
// pickup networks with their store counts, and the payment methods the ways take with their limits.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { DELIVERY_TYPE_IDS, EXPRESS_COURIER, PAYMENT_METHODS } from '@store/domain';
import { cached } from '../cache.ts';
import { retrieveDefaultCityId } from '../data/availability.ts';
import { listCityPickupNetworks } from '../data/stores.ts';
import { retrieveCity } from '../data/cities.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { commonQuery } from '../http/params.ts';
import { paymentMethodFields } from '../schemas/payments.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';
import { EXPRESS_HOURS, deliveryTermsFor } from '../services/delivery.ts';
import { paymentMethodFacts } from '../services/payment-methods.ts';

const TermSchema = z
  .object({
    delivery_type_id: z.number().int(),
    name: z.string(),
    group: z.enum(['courier', 'express', 'pickup', 'pickup-point', 'multicenter']),
    delivery_purpose: z.enum(['courier', 'courier_fast', 'pickup']),
    seller: z.boolean(),
    cost: z.number().int(),
    free_from: z.number().int().nullable(),
    prepaid: z.boolean(),
    days: z.number().int(),
    minutes: z.number().int().nullable(),
    hours: z.string().nullable(),
    intervals: z.array(z.string()),
    payment_type_ids: z.array(z.number().int()),
    /** Stores of this type in the city (pickup ways), by brand. */
    networks: z.array(z.object({ brand: z.string(), stores: z.number().int() })),
  })
  .openapi('DeliveryTerm');

const PaymentTermSchema = z
  .object({
    ...paymentMethodFields,
    /** Kopecks; null: no bound. */
    min_sum: z.number().int().nullable(),
    max_sum: z.number().int().nullable(),
    /** The store's own ways that take it. */
    delivery_type_ids: z.array(z.number().int()),
  })
  .openapi('PaymentTerm');

const DeliveryTermsSchema = z
  .object({
    city: z.object({
      id: z.number().int(),
      alias: z.string(),
      name: z.string(),
      /** «в Москве». */
      in_city: z.string(),
      has_metro: z.boolean(),
      has_mkad: z.boolean(),
    }),
    ways: z.array(TermSchema),
    /** Express courier in the city: where and when; null when the city has none. */
    express: z
      .object({ minutes: z.number().int(), hours: z.string(), area: z.string(), cost: z.number().int() })
      .nullable(),
    /** The lowest sum from which some way of the store's goods is free (kopecks), or null. */
    free_from: z.number().int().nullable(),
    payments: z.array(PaymentTermSchema),
  })
  .openapi('DeliveryTerms');
export type DeliveryTerms = z.infer<typeof DeliveryTermsSchema>;
export type DeliveryTerm = z.infer<typeof TermSchema>;
export type PaymentTerm = z.infer<typeof PaymentTermSchema>;

const terms = createRoute({
  method: 'get',
  path: '/v2/delivery/terms',
  tags: ['Delivery and availability'],
  summary: "The city's ways to receive goods and to pay, as checkout offers them (the delivery pages)",
  request: { query: z.object(commonQuery) },
  responses: {
    200: { description: 'Terms', content: { 'application/json': { schema: DeliveryTermsSchema } } },
    ...notFoundOrInvalid,
  },
});

/** Store types whose stores a pickup way hands over in: the way's id is the store type (SPEC §3, §9). */
const PICKUP_STORE_TYPES = [1, ...DELIVERY_TYPE_IDS.pickupPoint, ...DELIVERY_TYPE_IDS.postbox];
const TERMS_CACHE_MS = 60_000;
const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function registerDeliveryTermRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(terms, async (c) => {
    const { handle, cache } = c.get('deps');
    const cityId = c.req.valid('query').city_id ?? (await retrieveDefaultCityId(handle));
    const city = await retrieveCity(handle.db, { id: cityId });
    if (!city) throw new ApiError(422, 'Проверьте параметры запроса', { city_id: ['Город не найден'] });
    const now = new Date();
    // The terms change with the day only through «today» of the midday order, so a minute's cache is exact.
    const networks = await cached(cache, `delivery-networks:${city.id}`, TERMS_CACHE_MS, () =>
      listCityPickupNetworks(handle, city.id, PICKUP_STORE_TYPES),
    );
    const ways = deliveryTermsFor(
      { cityId: city.id, deliveryTypeIds: city.deliveryTypeIds, paymentTypeIds: city.paymentTypeIds },
      now,
    ).map((way) => ({
      ...way,
      networks:
        way.delivery_purpose === 'pickup' && !way.seller
          ? networks.filter((n) => n.type === way.delivery_type_id).map(({ brand, stores }) => ({ brand, stores }))
          : [],
    }));
    const own = ways.filter((w) => !w.seller);
    const express = own.find((w) => w.delivery_type_id === DELIVERY_TYPE_IDS.express);
    const frees = own.flatMap((w) => (w.free_from === null ? [] : [w.free_from]));
    const payments = PAYMENT_METHODS.flatMap((m) => {
      const takers = own.filter((w) => w.payment_type_ids.includes(m.id)).map((w) => w.delivery_type_id);
      if (takers.length === 0) return [];
      return [
        {
          ...paymentMethodFacts(m),
          min_sum: m.min_basket_threshold,
          max_sum: m.max_basket_threshold,
          delivery_type_ids: takers,
        },
      ];
    });
    const inCity = city.declension['prepositional'] ?? city.name;
    const answer: DeliveryTerms = {
      city: {
        id: city.id,
        alias: city.alias,
        name: city.name,
        in_city: `в ${inCity}`,
        has_metro: city.hasMetro,
        has_mkad: city.hasMkad,
      },
      ways,
      express: express
        ? {
            minutes: express.minutes ?? EXPRESS_COURIER.defaultMinutes,
            hours: `${pad(EXPRESS_HOURS.from)}–${pad(EXPRESS_HOURS.to)}`,
            area: city.hasMkad ? 'в пределах МКАД' : `в черте города ${city.declension['genitive'] ?? city.name}`,
            cost: express.cost,
          }
        : null,
      free_from: frees.length > 0 ? Math.min(...frees) : null,
      payments,
    };
    return c.json(answer, 200);
  });
}
