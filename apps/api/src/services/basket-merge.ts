// Sign-in on a second device (issue 6): the guest basket of this browser and the basket the customer
// already has become one. Lines of the same product (and seller) add up within the caps of the
// domain (the purchase rule's maxQty and capQuantity: the product's maximum and the stock behind the
// line, decision 0010); other lines move
// over with their warranty and accessories; a warranty the kept line already has wins. The browser
// then uses the customer's basket. Without an earlier basket the guest basket simply becomes theirs.
import type { TransactionHandle } from '@store/db';
import { capQuantity, purchasability } from '@store/domain';
import { attachBasketToCustomer } from '../data/basket.ts';
import { purchaseFactsFor } from '../data/purchase.ts';
import {
  emptyBasket,
  findCustomerBasket,
  listActiveLines,
  moveLines,
  setLineQty,
  touchCustomerBasket,
  type MergeLineRow,
} from '../data/basket-merge.ts';

/**
 * Returns the basket the browser should use from now on: the customer's earlier basket (with the
 * guest's lines merged in), or the guest basket (now the customer's), or null when there is none.
 */
export async function joinBaskets(
  tx: TransactionHandle,
  input: { guestBasketId: string | null; customerId: number; cityId: number },
): Promise<string | null> {
  const { guestBasketId, customerId } = input;
  const earlier = await findCustomerBasket(tx, customerId, guestBasketId);
  if (!earlier) {
    if (guestBasketId) await attachBasketToCustomer(tx, guestBasketId, customerId);
    return guestBasketId;
  }
  await touchCustomerBasket(tx, earlier, customerId);
  if (!guestBasketId) return earlier;

  const guest = await listActiveLines(tx, guestBasketId);
  const kept = await listActiveLines(tx, earlier);
  const tops = guest.filter((l) => l.parent_id === null);
  const products = await purchaseFactsFor(tx, [...new Set(guest.map((l) => l.product_id))], input.cityId);
  const childrenOf = (lines: MergeLineRow[], id: number) => lines.filter((l) => l.parent_id === id);
  const maxFor = (line: MergeLineRow) => {
    const p = products.get(line.product_id);
    if (!p) return line.qty;
    return purchasability(p, { supplierId: line.supplier_id }).maxQty;
  };

  for (const line of tops) {
    const twin = kept.find(
      (k) =>
        k.parent_id === null &&
        k.kind === line.kind &&
        k.product_id === line.product_id &&
        k.supplier_id === line.supplier_id,
    );
    if (!twin) {
      // The line keeps its quantity; more than is left shows as a shortage in the basket (decision 0009).
      await moveLines(tx, guestBasketId, earlier, [line.id, ...childrenOf(guest, line.id).map((l) => l.id)]);
      continue;
    }
    // The two add up within the caps, but never below what either basket asked: no silent lowering.
    const qty = Math.max(capQuantity(twin.qty + line.qty, maxFor(line)).qty, twin.qty, line.qty);
    if (qty !== twin.qty) await setLineQty(tx, earlier, twin.id, qty);
    // The guest line's warranty and accessories join the kept line unless it has them already.
    const theirs = childrenOf(kept, twin.id);
    const joining = childrenOf(guest, line.id).filter((child) =>
      child.kind === 'warranty'
        ? !theirs.some((t) => t.kind === 'warranty')
        : !theirs.some((t) => t.kind === child.kind && t.product_id === child.product_id),
    );
    await moveLines(
      tx,
      guestBasketId,
      earlier,
      joining.map((l) => l.id),
      twin.id,
    );
  }
  await emptyBasket(tx, guestBasketId);
  return earlier;
}
