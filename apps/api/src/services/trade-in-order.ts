// Trade-in in create-order (SPEC §3 exchange device record, §9 trade-in-1/2; issue 16 item 3): the
// shopper's valued old devices discount one unit of the new device as the promotion with
// is_trade_in_action (absolute_discount of the whole trade-in, so priceOrder puts it into the line's
// final price and the payment, the receipt and the stored order agree), only with pickup in a
// multicenter, and the devices are copied into order_trade_in_devices: a later price list never changes them.
import type { DatabaseHandle, TransactionHandle } from '@store/db';
import {
  chosenTradeInDevices,
  conditionDeviceCode,
  TRADE_IN_MESSAGES,
  tradeInValued,
  type AppliedPromotion,
} from '@store/domain';
import {
  closeTradeInSession,
  findTradeInSession,
  insertOrderTradeInDevices,
  type OrderTradeInDeviceRow,
} from '../data/trade-in.ts';
import { tradeInState, type TradeInState } from './trade-in.ts';

/** §9 delivery type of pickup in a multicenter. */
export const MULTICENTER_PICKUP = 1;

export const TRADE_IN_ORDER_MESSAGES = {
  notFound: 'Расчёт Trade-in не найден — оцените устройство ещё раз',
  notValued: 'Оцените все старые устройства или удалите лишние',
  noProduct: 'Товара, для которого считали Trade-in, нет в заказе',
  oneUnit: 'Trade-in оформляется на одну единицу товара',
  pickupOnly: 'Заказ с Trade-in можно получить только в Мультицентре: там примут старое устройство',
} as const;

export interface OrderTradeIn {
  sessionId: number;
  productId: number;
  actionId: number | null;
  actionName: string;
  total: number;
  /** The promotion that carries the discount into the order's pricing. */
  applied: AppliedPromotion;
  devices: OrderTradeInDeviceRow[];
}

type Errors = Record<string, string[]>;

/** Why a calculator does not discount these lines (the keys of TRADE_IN_ORDER_MESSAGES, or the price cap). */
export type TradeInRefusal = 'notFound' | 'notValued' | 'noProduct' | 'oneUnit' | 'discountTooLarge';

export const tradeInRefusalText = (reason: TradeInRefusal) =>
  reason === 'discountTooLarge' ? TRADE_IN_MESSAGES.discountTooLarge : TRADE_IN_ORDER_MESSAGES[reason];

/**
 * The one check create-order and the checkout summary share: the trade-in of tx for these lines (its
 * new device among them, one unit, every chosen old device valued, the discount within the price), or
 * why not. The delivery rule is create-order's own (the summary narrows the ways instead).
 */
export async function checkTradeIn(
  handle: Pick<DatabaseHandle, 'query'>,
  tx: string,
  lines: readonly { product_id: number; qty: number; final_price: number }[],
): Promise<{ tradeIn: OrderTradeIn; state: TradeInState } | { refused: TradeInRefusal; state: TradeInState | null }> {
  const session = await findTradeInSession(handle, tx);
  if (!session) return { refused: 'notFound', state: null };
  const state = await tradeInState(handle, session);
  if (!state.derivable) return { refused: 'noProduct', state };
  if (!tradeInValued(state.devices)) return { refused: 'notValued', state };
  const line = lines.find((l) => l.product_id === state.derivable!.product_id);
  if (!line) return { refused: 'noProduct', state };
  if (line.qty !== 1) return { refused: 'oneUnit', state };
  const total = state.total_discount;
  if (total > line.final_price) return { refused: 'discountTooLarge', state };
  const bonus = state.discountBenefit;
  const tradeIn: OrderTradeIn = {
    sessionId: session.id,
    productId: line.product_id,
    actionId: state.action?.id ?? null,
    actionName: state.action?.name ?? 'Trade-in',
    total,
    applied: {
      id: state.action?.id ?? 0,
      action_type: 'absolute_discount',
      discount: total,
      target_product_ids: [line.product_id],
    },
    devices: chosenTradeInDevices(state.devices).map((d, i) => ({
      device_id: d.tId,
      brand: d.brand!,
      model: d.model!,
      memory: d.memory!,
      condition_device: conditionDeviceCode(d.status!),
      discount: d.price!,
      // The promotion's bonus rides on the first device.
      discount_trade_in: i === 0 ? bonus : 0,
    })),
  };
  return { tradeIn, state };
}

/**
 * The trade-in of tx for an order of these lines, or null without tx. Field errors go to `errors`
 * under `trade_in_tx` (the delivery rule under delivery.delivery_type).
 */
export async function tradeInForOrder(
  handle: DatabaseHandle,
  tx: string | null | undefined,
  lines: readonly { product_id: number; qty: number; final_price: number }[],
  deliveryTypeId: number,
  errors: Errors,
): Promise<OrderTradeIn | null> {
  if (!tx) return null;
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
    return null;
  };
  const checked = await checkTradeIn(handle, tx, lines);
  if ('refused' in checked) return fail('trade_in_tx', tradeInRefusalText(checked.refused));
  if (deliveryTypeId !== MULTICENTER_PICKUP) return fail('delivery.delivery_type', TRADE_IN_ORDER_MESSAGES.pickupOnly);
  return checked.tradeIn;
}

/** In create-order's transaction: the exchange device records, and the calculator used up. */
export async function storeOrderTradeIn(tx: Pick<TransactionHandle, 'query'>, orderId: number, tradeIn: OrderTradeIn) {
  await insertOrderTradeInDevices(tx, orderId, tradeIn.devices);
  await closeTradeInSession(tx, tradeIn.sessionId);
}

/** The promotions priced into the order, with the trade-in's. */
export const withTradeIn = (applied: readonly AppliedPromotion[], tradeIn: OrderTradeIn | null) =>
  tradeIn ? [...applied, tradeIn.applied] : applied;

/** The order's stored promotions name the trade-in promotion and its discount. */
export function tradeInSnapshot<
  S extends {
    actionIds: number[];
    applied: { id: number; public_name: string; action_type: string; promocode: string | null; discount: number }[];
  },
>(snapshot: S, tradeIn: OrderTradeIn | null): S {
  if (!tradeIn) return snapshot;
  return {
    ...snapshot,
    actionIds: tradeIn.actionId === null ? snapshot.actionIds : [...snapshot.actionIds, tradeIn.actionId],
    applied: [
      ...snapshot.applied,
      {
        id: tradeIn.actionId ?? 0,
        public_name: tradeIn.actionName,
        action_type: 'trade-in',
        promocode: null,
        discount: tradeIn.total,
      },
    ],
  };
}
