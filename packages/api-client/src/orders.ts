// Types of POST /api/create-order as the ORDERS / PAYMENTS / CHECKOUT contract writes them (SPEC §3 Order).
// The checkout sends the request; the Order object comes back from create-order and the order pages.

export interface CreateOrderRequest {
  /** 16..100 of [A-Za-z0-9_-], made once per order by the checkout and kept in its draft. */
  idempotency_key: string;
  /** Product lines of the basket in this order; their warranty and accessory lines come along. */
  line_ids: number[];
  contacts: { contact_name: string; contact_surname?: string; mobile_phone: string; email?: string };
  delivery: { delivery_type: number; store_id?: number; address?: string; date?: string; interval?: string };
  payment_type: number;
  action_ids?: number[];
  present_product_id?: number;
  promocode?: string;
  comment?: string;
  employee_personal_number?: string;
}

export interface OrderStatusStep {
  id: string;
  name: string;
  isActive: boolean;
  at: string | null;
}

export interface OrderBasketLine {
  id: number;
  product_id: number;
  name: string;
  url: string;
  image: string | null;
  qty: number;
  price: number;
  final_price: number;
  vat: number | null;
  parent_id: number | null;
  kind: string;
  warranty_id: number | null;
}

export interface Order {
  id: number;
  status: { id: string; text: string | null; name: string };
  statuses: OrderStatusStep[];
  contact_name: string;
  contact_surname: string | null;
  mobile_phone: string;
  email: string | null;
  city: { id: number; name: string };
  delivery_type: number;
  delivery_type_name: string;
  delivery_address: string | null;
  cms_addressee: { id: number; name: string; address: string; work_time_line: string } | null;
  delivery_cost: number;
  delivery_date: string | null;
  delivery_time_from: string | null;
  delivery_time_to: string | null;
  delivery_line: string;
  shelf_life_date: string | null;
  discount: number;
  sum: number;
  sum_prepaid: number;
  total_sum: number;
  waiting_sum: number;
  payment_type: number;
  payment_type_name: string;
  payment_status_oi: number;
  is_paid: boolean;
  is_active: boolean;
  is_cancelled: boolean;
  order_type_id: number;
  basket: OrderBasketLine[];
  inserted_at: string;
  is_cancelable: boolean;
  is_editable: false;
  link_to_order_receipt: string | null;
  promocode_input: string | null;
  /** A prepaid method not paid yet: the shopper goes to /cart/payment/{id}. */
  payment_required: boolean;
  can_repayment: boolean;
}
