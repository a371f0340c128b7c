// An operator's partial refund of a completed order returns goods too (decision 0061): the returned units'
// share of the line's pending «Мультионы» accrual is cancelled, spread like the refund's kopecks.
import { accrualShareCancelled, type Receipt } from '@store/domain';
import type { TransactionHandle } from '@store/db';
import { insertEntry } from '../data/loyalty.ts';
import { listPendingAccruals, listReceiptOrderLines } from '../data/order-returns.ts';
import { listOrderPaidPayments, retrieveRefund } from '../data/refunds.ts';
import { lockAndSettle } from './loyalty.ts';

type Q = Pick<TransactionHandle, 'query'>;

/**
 * An operator's partial refund (`refundId`, just written under the order's lock) of a completed order
 * whose accrual is still pending: each returned line's accrual loses the returned units' share,
 * `⌊a·k/qty⌋` differences over the units returned so far, so all the partial returns of a line add up
 * to its accrual and a later whole return cancels only the rest (reverseOrderBonuses). Once per refund.
 * Only for an order paid by one payment: with several, a receipt position's units are split between
 * payments and which accrued units came back is not known.
 */
export async function cancelReturnedUnitsAccrual(tx: Q, orderId: number, refundId: number, now = new Date()) {
  const payments = (await listOrderPaidPayments(tx, orderId)).filter((p) => (p.receipt as Receipt | null)?.items);
  if (payments.length !== 1) return 0;
  const accruals = await listPendingAccruals(tx, orderId, now);
  if (accruals.length === 0) return 0;
  const refund = await retrieveRefund(tx, refundId);
  if (!refund) return 0;
  const sale = payments[0]!.receipt as unknown as Receipt;
  const lines = await listReceiptOrderLines(tx, orderId);
  const returnedSoFar = new Map<number, number>();
  for (const r of payments[0]!.returned) returnedSoFar.set(r.position, (returnedSoFar.get(r.position) ?? 0) + r.qty);
  let total = 0;
  for (const cardId of [...new Set(accruals.map((a) => a.card_id))].sort((a, b) => a - b)) {
    await lockAndSettle(tx, cardId, now);
  }
  for (const returned of refund.lines) {
    const line = lines[returned.position];
    // Delivery is the receipt's last position and earns nothing; a line renamed since the sale is not guessed.
    if (!line || sale.items[returned.position]?.name !== line.name) continue;
    const accrual = accruals.find((a) => a.order_line_id === line.id);
    if (!accrual) continue;
    const before = (returnedSoFar.get(returned.position) ?? 0) - returned.qty;
    const share = Math.min(
      accrual.amount - accrual.cancelled,
      accrualShareCancelled(accrual.amount, line.qty, before, returned.qty),
    );
    if (share <= 0) continue;
    const id = await insertEntry(tx, {
      cardId: accrual.card_id,
      kind: 'RetailOrderBonus',
      amount: -share,
      orderId,
      orderLineId: line.id,
      lineStatus: 'I',
      reversesId: accrual.id,
      postingKey: `bonus-return:${orderId}:${line.id}:${refundId}`,
      createdAt: now,
    });
    if (id !== null) total += share;
  }
  return total;
}
