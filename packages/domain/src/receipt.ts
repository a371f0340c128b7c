// 54-FZ receipt data sent to the payment provider with an online payment and stored with it: one
// item per order line (name, quantity, price, amount, VAT code from the line's VAT rate), the
// payment method and object of each item, the customer's contact and the store's taxation system.
// Money is kopecks; the items always add up to the payment amount, as the fiscal receipt must.

export type ReceiptVatCode = 'vat20' | 'vat10' | 'vat0' | 'none';
/** Taxation system of the seller: общая система налогообложения. */
export const RECEIPT_TAXATION_SYSTEM = 'osn';

export interface ReceiptItem {
  name: string;
  qty: number;
  /** Kopecks per unit after discounts. */
  price: number;
  /** Kopecks: price × qty, corrected so the items add up to the payment. */
  amount: number;
  vat_code: ReceiptVatCode;
  payment_method: 'full_prepayment';
  /** A warranty is a service, everything else (and delivery is its own line) a commodity or service. */
  payment_object: 'commodity' | 'service';
}

export interface Receipt {
  items: ReceiptItem[];
  customer: { phone: string; email: string | null };
  taxation_system: typeof RECEIPT_TAXATION_SYSTEM;
  /** Kopecks; the sum of the items' amounts. */
  total: number;
}

export interface ReceiptLine {
  name: string;
  qty: number;
  /** Kopecks per unit the shopper pays. */
  finalPrice: number;
  /** VAT rate in percent (20, 10, 0). */
  vat: number;
  kind: string;
}

/** The 54-FZ VAT code of a rate in percent; a rate the receipt cannot name is «без НДС». */
export function receiptVatCode(rate: number): ReceiptVatCode {
  if (rate === 20) return 'vat20';
  if (rate === 10) return 'vat10';
  if (rate === 0) return 'vat0';
  return 'none';
}

/** VAT of the delivery service line. */
const DELIVERY_VAT = 20;

/**
 * The receipt of a payment of `amount` kopecks for an order's lines and delivery cost. When the
 * lines do not add up to the amount (an order-level discount, or a part already paid), the
 * difference is spread over the items in proportion to their amounts, the last item taking the
 * rounding, so the receipt's total always equals the payment.
 */
export function buildReceipt(input: {
  lines: readonly ReceiptLine[];
  deliveryCost: number;
  amount: number;
  customer: { phone: string; email: string | null };
}): Receipt {
  const items: ReceiptItem[] = input.lines
    .filter((line) => line.qty > 0)
    .map((line) => ({
      name: line.name,
      qty: line.qty,
      price: line.finalPrice,
      amount: line.finalPrice * line.qty,
      vat_code: receiptVatCode(line.vat),
      payment_method: 'full_prepayment',
      payment_object: line.kind === 'warranty' ? 'service' : 'commodity',
    }));
  if (input.deliveryCost > 0) {
    items.push({
      name: 'Доставка',
      qty: 1,
      price: input.deliveryCost,
      amount: input.deliveryCost,
      vat_code: receiptVatCode(DELIVERY_VAT),
      payment_method: 'full_prepayment',
      payment_object: 'service',
    });
  }
  const listed = items.reduce((sum, item) => sum + item.amount, 0);
  if (listed !== input.amount && listed > 0) {
    let left = input.amount;
    items.forEach((item, index) => {
      const share = index === items.length - 1 ? left : Math.round((item.amount * input.amount) / listed);
      item.amount = share;
      // The unit price follows the corrected amount; a remainder of one kopeck stays in the amount.
      item.price = Math.round(share / item.qty);
      left -= share;
    });
  }
  return {
    items,
    customer: input.customer,
    taxation_system: RECEIPT_TAXATION_SYSTEM,
    total: items.reduce((sum, item) => sum + item.amount, 0),
  };
}
