// The one place that turns an order's rows into the Order object of the contract (SPEC §3 Order),
// with the §4 status rules: names and texts, activity, paid, cancelable, delivery line, shelf life.
import {
  deliveryTypeLabel,
  isOrderActive,
  isOrderCancelable,
  isOrderCancelled,
  isOrderPaid,
  orderDeliveryLine,
  orderPaymentState,
  orderShelfLifeDate,
  orderStatusName,
  orderStatusText,
  orderRefundFacts,
  paymentTypeName,
  refundText,
} from '@store/domain';
import type { OrderDetailRow } from '../data/orders.ts';
import type { Order } from '../schemas/orders.ts';
import { receiptLink } from './order-receipt.ts';
import { presentConfirmation } from './business-sign-in.ts';

export function presentOrder(row: OrderDetailRow): Order {
  const pickup = row.store_id !== null;
  const interval =
    row.delivery_time_from && row.delivery_time_to ? `${row.delivery_time_from} - ${row.delivery_time_to}` : null;
  const payment = orderPaymentState({
    paymentTypeId: row.payment_type,
    statusId: row.status_id,
    paymentStatusOi: row.payment_status_oi,
    totalSum: row.total_sum,
    sumPrepaid: row.sum_prepaid,
  });
  const last = row.history.length - 1;
  const refund = orderRefundFacts(row.refunds ?? []);
  return {
    id: row.id,
    status: { id: row.status_id, text: orderStatusText(row.status_id), name: orderStatusName(row.status_id) },
    statuses: row.history.map((h, index) => ({
      id: h.status_id,
      name: orderStatusName(h.status_id),
      isActive: index === last,
      at: h.at,
    })),
    contact_name: row.contact_name,
    contact_surname: row.contact_surname,
    mobile_phone: row.mobile_phone,
    email: row.email,
    city: row.city ?? { id: row.city_id, name: '' },
    delivery_type: row.delivery_type,
    delivery_type_name: deliveryTypeLabel(row.delivery_type, pickup ? 'pickup' : null),
    delivery_address: row.delivery_address,
    cms_addressee: row.store,
    delivery_cost: row.delivery_cost,
    delivery_date: row.delivery_date,
    delivery_time_from: row.delivery_time_from,
    delivery_time_to: row.delivery_time_to,
    delivery_line: orderDeliveryLine({
      statusId: row.status_id,
      orderTypeId: row.order_type_id,
      deliveryDate: row.delivery_date,
      interval,
    }),
    shelf_life_date: pickup ? orderShelfLifeDate(row.delivery_date) : null,
    discount: row.discount,
    sum: row.sum,
    sum_prepaid: row.sum_prepaid,
    total_sum: row.total_sum,
    waiting_sum: payment.waitingSum,
    payment_type: row.payment_type,
    payment_type_name: paymentTypeName(row.payment_type),
    payment_status_oi: row.payment_status_oi,
    is_paid: isOrderPaid(row.payment_status_oi),
    is_active: isOrderActive(row.status_id),
    is_cancelled: isOrderCancelled(row.status_id),
    order_type_id: row.order_type_id,
    basket: row.lines.map((l) => ({
      id: l.id,
      product_id: l.product_id,
      name: l.name,
      url: l.url,
      image: l.image,
      qty: l.qty,
      price: l.price,
      final_price: l.final_price,
      vat: l.vat,
      parent_id: l.parent_id,
      kind: l.kind,
      warranty_id: l.warranty_id,
    })),
    inserted_at: row.inserted_at,
    // A sold certificate whose codes are out is cancelled through the contact centre (cancelOrder says so).
    is_cancelable: isOrderCancelable(row.status_id) && !row.sells_issued_certificates,
    is_editable: false,
    link_to_order_receipt: row.paid_payment_id === null ? null : receiptLink(row.id),
    promocode_input: row.promocode,
    company:
      row.company_inn && row.company_name
        ? { inn: row.company_inn, name: row.company_name, confirmation: presentConfirmation(row.company_confirmation) }
        : null,
    trade_in: row.trade_in_devices,
    comment: row.comment,
    bonuses_spent: row.bonuses_spent,
    gift_certificates: row.gift_certificates,
    payment_required: payment.paymentRequired,
    can_repayment: payment.canRepayment,
    refund: refund && {
      amount: refund.card,
      gift_certificates: refund.certificates,
      status: refund.status,
      text: refundText(refund),
    },
  };
}
