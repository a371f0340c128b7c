// Pure helpers of the «Наличие и доставка» tab (SPEC §4 Availability, Delivery time text, Express
// courier, §9 Delivery and payment, Display): the ways to receive the product in words, and the
// store map's Web Mercator projection and tiles.
import type { OrderVariation } from '@store/api-client';
import {
  DELIVERY_TYPE_IDS,
  deliveryCostLabel,
  deliveryTimeText,
  deliveryTypeLabel,
  expressLabel,
  type GeoPoint,
} from '@store/domain';

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

/** The map's own drawing size; the page scales it to its box (same 4:3 proportions). */
export const MAP_SIZE = { width: 640, height: 480 } as const;
const TILE = 256;
const MAX_ZOOM = 16;
const MIN_ZOOM = 3;
/** Room kept around the outermost pins, in map pixels (a pin is drawn above its point). */
const PADDING = { x: 36, top: 52, bottom: 24 } as const;

export interface MapView {
  zoom: number;
  /** World pixel of the map's top left corner at this zoom. */
  left: number;
  top: number;
}

/** Web Mercator: a point's place in the world square, 0..1 each way (north at 0). */
export function mercator(latitude: number, longitude: number): { x: number; y: number } {
  const lat = Math.max(-85.05112878, Math.min(85.05112878, latitude));
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: (longitude + 180) / 360, y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI) };
}

const coordinate = (value: GeoPoint['latitude']) =>
  value == null || (typeof value === 'string' && value.trim() === '') ? Number.NaN : Number(value);
const numeric = (p: GeoPoint) => ({ latitude: coordinate(p.latitude), longitude: coordinate(p.longitude) });
const valid = (p: { latitude: number; longitude: number }) =>
  Number.isFinite(p.latitude) &&
  Number.isFinite(p.longitude) &&
  Math.abs(p.latitude) <= 90 &&
  Math.abs(p.longitude) <= 180;

/**
 * The view showing every point: the largest whole zoom at which their bounding box fits (so tiles
 * line up), centred on the box. One point alone is shown at zoom 14; none gives null.
 */
export function mapView(points: readonly GeoPoint[]): MapView | null {
  const world = points
    .map(numeric)
    .filter(valid)
    .map((p) => mercator(p.latitude, p.longitude));
  if (world.length === 0) return null;
  const xs = world.map((p) => p.x);
  const ys = world.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const fit = (span: number, room: number) => (span > 0 ? Math.log2(room / (span * TILE)) : Number.POSITIVE_INFINITY);
  const zoomFit = Math.min(
    fit(maxX - minX, MAP_SIZE.width - 2 * PADDING.x),
    fit(maxY - minY, MAP_SIZE.height - PADDING.top - PADDING.bottom),
  );
  const zoom = Number.isFinite(zoomFit) ? Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, Math.floor(zoomFit))) : 14;
  const scale = TILE * 2 ** zoom;
  const centreX = ((minX + maxX) / 2) * scale;
  // The box sits a little low, leaving the pins' heads room at the top.
  const centreY = ((minY + maxY) / 2) * scale - (PADDING.top - PADDING.bottom) / 2;
  return { zoom, left: centreX - MAP_SIZE.width / 2, top: centreY - MAP_SIZE.height / 2 };
}

/** Where a point falls on the map, in percent of its width and height. */
export function mapPosition(view: MapView, point: GeoPoint): { x: number; y: number } | null {
  const p = numeric(point);
  if (!valid(p)) return null;
  const world = mercator(p.latitude, p.longitude);
  const scale = TILE * 2 ** view.zoom;
  return {
    x: ((world.x * scale - view.left) / MAP_SIZE.width) * 100,
    y: ((world.y * scale - view.top) / MAP_SIZE.height) * 100,
  };
}

export interface MapTile {
  key: string;
  src: string;
  /** Percent of the map's width and height. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The tiles covering the view, from a `{z}/{x}/{y}` address template. */
export function mapTiles(view: MapView, template: string): MapTile[] {
  const count = 2 ** view.zoom;
  const tiles: MapTile[] = [];
  for (let ty = Math.floor(view.top / TILE); ty * TILE < view.top + MAP_SIZE.height; ty++) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor(view.left / TILE); tx * TILE < view.left + MAP_SIZE.width; tx++) {
      const wrapped = ((tx % count) + count) % count;
      tiles.push({
        key: `${view.zoom}/${tx}/${ty}`,
        src: template
          .replaceAll('{z}', String(view.zoom))
          .replaceAll('{x}', String(wrapped))
          .replaceAll('{y}', String(ty)),
        x: ((tx * TILE - view.left) / MAP_SIZE.width) * 100,
        y: ((ty * TILE - view.top) / MAP_SIZE.height) * 100,
        width: (TILE / MAP_SIZE.width) * 100,
        height: (TILE / MAP_SIZE.height) * 100,
      });
    }
  }
  return tiles;
}
