// 54-FZ receipt data sent to the payment provider with an online payment and stored with it: one
// item per order line (name, quantity, price, amount, VAT code from the line's VAT rate), the
// payment method and object of each item, the customer's contact and the store's taxation system.
// Money is kopecks; the items always add up to the payment amount, as the fiscal receipt must.
// The VAT rate is the one in force when the receipt is issued (vat.ts) and is kept with each item.
import { standardVatRate, vatRateAt } from './vat.ts';

export type ReceiptVatCode = 'vat22' | 'vat20' | 'vat10' | 'vat0' | 'none';
export const RECEIPT_VAT_CODES = ['vat22', 'vat20', 'vat10', 'vat0', 'none'] as const;
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
  /** The VAT rate in percent at the moment of the sale (null: without VAT). Older receipts lack it. */
  vat_rate?: number | null;
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
  /** When the receipt was issued (ISO): the moment its VAT rates are taken at. Older receipts lack it. */
  issued_at?: string;
}

export interface ReceiptLine {
  name: string;
  qty: number;
  /** Kopecks per unit the shopper pays. */
  finalPrice: number;
  /** The product's VAT class in percent: 10 or 0 reduced, anything else the standard rate of the day. */
  vat: number;
  kind: string;
}

/** The 54-FZ VAT code of a rate in percent; a rate the receipt cannot name is «без НДС». */
export function receiptVatCode(rate: number): ReceiptVatCode {
  if (rate === 22) return 'vat22';
  if (rate === 20) return 'vat20';
  if (rate === 10) return 'vat10';
  if (rate === 0) return 'vat0';
  return 'none';
}

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
  /** The moment of the sale: the VAT rates in force then. */
  at: Date;
}): Receipt {
  const items: ReceiptItem[] = input.lines
    .filter((line) => line.qty > 0)
    .map((line) => {
      const rate = vatRateAt(line.vat, input.at);
      return {
        name: line.name,
        qty: line.qty,
        price: line.finalPrice,
        amount: line.finalPrice * line.qty,
        vat_code: receiptVatCode(rate),
        vat_rate: rate,
        payment_method: 'full_prepayment',
        payment_object: line.kind === 'warranty' ? 'service' : 'commodity',
      };
    });
  if (input.deliveryCost > 0) {
    // Delivery is a service at the standard rate.
    const rate = standardVatRate(input.at);
    items.push({
      name: 'Доставка',
      qty: 1,
      price: input.deliveryCost,
      amount: input.deliveryCost,
      vat_code: receiptVatCode(rate),
      vat_rate: rate,
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
    issued_at: input.at.toISOString(),
  };
}
