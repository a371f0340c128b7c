// The credit application of an order paid by credit (13), bank instalment (20) or loan (48), for the
// account's order page (issue 17). Other orders have none; an order without one answers null.
import { isApiError, type ApiClient, type CreditApplication, type Order } from '@store/api-client';
import { PAYMENT_TYPE_IDS } from '@store/domain';

const CREDIT_PAYMENTS: readonly number[] = [
  PAYMENT_TYPE_IDS.creditOnline,
  PAYMENT_TYPE_IDS.bankInstalment,
  PAYMENT_TYPE_IDS.loan,
];

export async function orderCreditApplication(api: ApiClient, order: Order): Promise<CreditApplication | null> {
  if (!CREDIT_PAYMENTS.includes(order.payment_type)) return null;
  try {
    return await api.credit.get(order.id);
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}
