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
import { tradeInState } from './trade-in.ts';

/** §9 delivery type of pickup in a multicenter. */
const MULTICENTER_PICKUP = 1;

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
  const session = await findTradeInSession(handle, tx);
  if (!session) return fail('trade_in_tx', TRADE_IN_ORDER_MESSAGES.notFound);
  const state = await tradeInState(handle, session);
  if (!state.derivable || !tradeInValued(state.devices))
    return fail('trade_in_tx', state.derivable ? TRADE_IN_ORDER_MESSAGES.notValued : TRADE_IN_ORDER_MESSAGES.noProduct);
  const line = lines.find((l) => l.product_id === state.derivable!.product_id);
  if (!line) return fail('trade_in_tx', TRADE_IN_ORDER_MESSAGES.noProduct);
  if (line.qty !== 1) return fail('trade_in_tx', TRADE_IN_ORDER_MESSAGES.oneUnit);
  if (deliveryTypeId !== MULTICENTER_PICKUP) return fail('delivery.delivery_type', TRADE_IN_ORDER_MESSAGES.pickupOnly);
  const total = state.total_discount;
  if (total > line.final_price) return fail('trade_in_tx', TRADE_IN_MESSAGES.discountTooLarge);
  const bonus = state.discountBenefit;
  return {
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
