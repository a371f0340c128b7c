// Pure helpers of the «Наличие и доставка» tab (SPEC §4 Availability, Delivery time text, Express
// courier, §9 Delivery and payment, Display): the ways to receive the product in words, and the
// Web Mercator projection (the store map itself is Leaflet: components/stores/).
import type { OrderVariation } from '@store/api-client';
import { DELIVERY_TYPE_IDS, deliveryCostLabel, deliveryTimeText, deliveryTypeLabel, expressLabel } from '@store/domain';

// ---------------------------------------------------------------- Ways to receive

export type WayKind =
  'multicenter' | 'courier' | 'express' | 'pickup-point' | 'postbox' | 'seller-courier' | 'seller-pickup';

/** One line of «Способы получения». */
export interface ReceivingWay {
  kind: WayKind;
  title: string;
  /** When, in the SPEC's words: 'через 15 минут', 'завтра c 10:00', 'от 30 мин.'. */
  when: string;
  /** 'бесплатно', '399 ₽', 'от 99 ₽' (SPEC §4 Express courier cost rules). */
  cost: string | null;
  /** A short second line: time slots or how it is paid. */
  note: string | null;
}

const WAY_ORDER: readonly WayKind[] = [
  'multicenter',
  'express',
  'courier',
  'pickup-point',
  'postbox',
  'seller-courier',
  'seller-pickup',
];

const WAY_TITLES: Partial<Record<WayKind, string>> = {
  multicenter: 'Самовывоз из Мультицентра',
  'pickup-point': 'Пункты выдачи',
  postbox: 'Постаматы',
};

function wayKind(id: number, purpose: OrderVariation['delivery_purpose']): WayKind {
  if (id === DELIVERY_TYPE_IDS.express || purpose === 'courier_fast') return 'express';
  if (id === DELIVERY_TYPE_IDS.supplierCourier) return 'seller-courier';
  if (id === DELIVERY_TYPE_IDS.supplierPickup) return 'seller-pickup';
  if ((DELIVERY_TYPE_IDS.postbox as readonly number[]).includes(id)) return 'postbox';
  if ((DELIVERY_TYPE_IDS.pickupPoint as readonly number[]).includes(id)) return 'pickup-point';
  return purpose === 'pickup' ? 'multicenter' : 'courier';
}

/** The express courier minutes the 'express courier time' feature sets, if any (its value is {minutes} or a number). */
export function expressFeatureMinutes(
  features: readonly { key: string; is_active: boolean; featureValue?: unknown }[],
) {
  const feature = features.find((f) => f.key === 'express_courier_time' && f.is_active);
  const value = feature?.featureValue;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'minutes' in value) {
    const minutes = (value as { minutes: unknown }).minutes;
    if (typeof minutes === 'number' || typeof minutes === 'string') return minutes;
  }
  return null;
}

const slotText = (interval: string) => interval.replace(/\s*-\s*/, ' до ').replace(/^/, 'с ');

/**
 * The order variations as the tab shows them: one line per kind (pickup points of several
 * networks are one line, with 'от' when their costs differ), soonest time first within a kind.
 * Express reads 'от N мин.' (the feature's minutes when valid, else 30) and is left out once its
 * time has passed.
 */
export function receivingWays(
  variations: readonly OrderVariation[],
  now: number,
  expressMinutes: number | string | null = null,
): ReceivingWay[] {
  const byKind = new Map<WayKind, OrderVariation[]>();
  for (const v of variations) {
    const kind = wayKind(v.delivery_type_id, v.delivery_purpose);
    if (kind === 'express' && !(Date.parse(v.datetime) > now)) continue;
    byKind.set(kind, [...(byKind.get(kind) ?? []), v]);
  }
  return WAY_ORDER.flatMap((kind) => {
    const group = byKind.get(kind);
    if (!group) return [];
    const soonest = [...group].sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime))[0]!;
    const when =
      kind === 'express'
        ? expressLabel(expressMinutes)
        : deliveryTimeText({
            date: soonest.datetime,
            now,
            isReserve: soonest.is_reserve,
            withinWorkingHours: soonest.is_reserve,
          });
    const prepaid = group.every((v) => v.cost_prepayment);
    const note =
      kind === 'courier' && soonest.interval
        ? `Доставим ${slotText(soonest.interval)}, ${soonest.intervals.length > 1 ? 'интервал выберете при заказе' : 'в удобное время'}`
        : prepaid
          ? 'Оплата онлайн при заказе'
          : 'Оплата при получении или онлайн';
    return [
      {
        kind,
        title: WAY_TITLES[kind] ?? deliveryTypeLabel(soonest.delivery_type_id, soonest.delivery_purpose),
        when,
        cost: deliveryCostLabel(group.map((v) => v.delivery_cost)),
        note,
      },
    ];
  });
}

// ---------------------------------------------------------------- Map

/** Web Mercator: a point's place in the world square, 0..1 each way (north at 0). */
export function mercator(latitude: number, longitude: number): { x: number; y: number } {
  const lat = Math.max(-85.05112878, Math.min(85.05112878, latitude));
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: (longitude + 180) / 360, y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI) };
}
