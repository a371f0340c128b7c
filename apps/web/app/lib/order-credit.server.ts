// The bank applications of orders paid by credit (13), bank instalment (20) or loan (48), for the
// account's order page and order list (issue 17). Other orders have none; an order whose application
// is not there (404) shows none. Any other failure is the page's error: an outage is never «no credit».
import { isApiError, type ApiClient, type CreditApplication, type Order } from '@store/api-client';
import { APPLICATION_KIND_BY_PAYMENT } from '@store/domain';

export async function orderCreditApplication(
  api: Pick<ApiClient, 'credit'>,
  order: Pick<Order, 'id' | 'payment_type'>,
): Promise<CreditApplication | null> {
  if (!(order.payment_type in APPLICATION_KIND_BY_PAYMENT)) return null;
  try {
    return await api.credit.get(order.id);
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** The applications of a page of orders, by order id (only the credit orders are asked, in parallel). */
export async function orderCreditApplications(
  api: Pick<ApiClient, 'credit'>,
  orders: readonly Pick<Order, 'id' | 'payment_type'>[],
): Promise<Record<number, CreditApplication>> {
  const found = await Promise.all(orders.map((o) => orderCreditApplication(api, o)));
  return Object.fromEntries(found.flatMap((a) => (a ? [[a.order_id, a]] : [])));
}
