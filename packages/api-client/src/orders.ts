// The request of POST /api/create-order as the checkout builds it (the API's zod schema is the
// authority; the Order it answers is the API's own `Order` type).

export interface CreateOrderRequest {
  /** 16..100 of [A-Za-z0-9_-], made once per order by the checkout and kept in its draft. */
  idempotency_key: string;
  /** Product lines of the basket in this order; their warranty and accessory lines come along. */
  line_ids?: number[];
  /** One click from the product page instead of line_ids: one unit of it, the basket untouched. */
  product_id?: number;
  /** 17: the corporate fast order (with company, e-mail, payment_type 5; delivery may be left out). */
  order_type_id?: 17;
  company?: { inn: string; name: string };
  contacts: { contact_name: string; contact_surname?: string; mobile_phone: string; email?: string };
  delivery?: { delivery_type: number; store_id?: number; address?: string; date?: string; interval?: string };
  payment_type: number;
  /** Payment 20's variant (0-0-24, 0-0-36) of GET /v2/credit/checkout-options. */
  instalment_label?: string;
  action_ids?: number[];
  present_product_id?: number;
  promocode?: string;
  comment?: string;
  employee_personal_number?: string;
  /** The shopper's trade-in calculator (tx): its valued devices discount the new device. */
  trade_in_tx?: string;
}
