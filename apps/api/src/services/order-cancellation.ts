// What every cancellation of an order gives back (issue 17, decision 0058): the shopper's cancel
// (services/orders.ts `cancelOrder`) and the credit ones (services/credit.ts: declined by the banks,
// cancelled by the shopper, past the timeout) all go through here, so an order that never reached the
// acquirer gets its «Мультионы» and gift certificates back exactly as a paid one does. The money the
// acquirer took is services/refunds.ts's, after this, for the orders that have any.
import type { TransactionHandle } from '@store/db';
import { releaseReservations, releaseSupplierReservations, setOrderStatus } from '../data/orders.ts';
import { returnOrderCertificates } from './gift-certificates.ts';
import { reverseOrderBonuses } from './loyalty.ts';

/**
 * Status I, the reserved units back to sale (ours and the suppliers'), the written-off bonuses back
 * («Возврат списанных бонусов») and the accruals cancelled, the certificates' held amounts back on their
 * balance. The caller holds the order row's lock (`lockOrder`); each step is once per order whatever
 * calls it again.
 */
export async function putBackCancelledOrder(tx: TransactionHandle, orderId: number, now = new Date()) {
  await setOrderStatus(tx, orderId, 'I', true);
  await releaseReservations(tx, orderId);
  await releaseSupplierReservations(tx, orderId);
  await reverseOrderBonuses(tx, orderId, now);
  await returnOrderCertificates(tx, orderId);
}
