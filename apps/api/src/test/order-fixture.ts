// Test only: an order written straight into the database, as create-order would leave it (lines of
// real seeded products with their VAT, the first status row, basket_id set), so the payment calls
// can be tested before and apart from the order service.
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '@store/db';

export interface FixtureOrder {
  id: number;
  basketId: string;
  totalSum: number;
  lines: { productId: number; name: string; qty: number; finalPrice: number; vat: number; kind: string }[];
}

export interface FixtureOptions {
  paymentType?: number;
  /** Products with this VAT rate (20 or 10) when given. */
  vats?: number[];
  qty?: number;
  deliveryCost?: number;
  statusId?: string;
  basketId?: string;
  /** Adds a warranty line under the first product. */
  warranty?: boolean;
  orderTypeId?: number;
}

export const newBasketId = () => randomBytes(24).toString('base64url');

export async function insertOrder(handle: DatabaseHandle, options: FixtureOptions = {}): Promise<FixtureOrder> {
  const vats = options.vats ?? [20];
  const qty = options.qty ?? 1;
  const basketId = options.basketId ?? newBasketId();
  const lines: FixtureOrder['lines'] = [];
  for (const [i, vat] of vats.entries()) {
    const [product] = await handle.query<{ id: number; name: string; price: number; vat: number }>(
      `select p.id, p.name, o.price, p.vat::int as vat
         from products p join product_offers o on o.product_id = p.id
        where p.status = 1 and o.available and p.vat = $1
        order by p.id offset $2 limit 1`,
      [vat, i],
    );
    if (!product) throw new Error(`no seeded product with VAT ${vat}`);
    lines.push({ productId: product.id, name: product.name, qty, finalPrice: product.price, vat, kind: 'product' });
  }
  if (options.warranty) {
    lines.push({
      productId: lines[0]!.productId,
      name: 'Дополнительная гарантия 2 года',
      qty: 1,
      finalPrice: 2_990_00,
      vat: 20,
      kind: 'warranty',
    });
  }
  const sum = lines.reduce((s, l) => s + l.finalPrice * l.qty, 0);
  const deliveryCost = options.deliveryCost ?? 0;
  const [city] = await handle.query<{ id: number }>(`select id from cities order by id limit 1`);
  const [store] = await handle.query<{ id: number }>(
    `select id from stores where city_id = $1 and type = 1 and status = 1 order by id limit 1`,
    [city!.id],
  );
  const [order] = await handle.query<{ id: number }>(
    `insert into orders (idempotency_key, basket_id, city_id, status_id, order_type_id, contact_name, mobile_phone, email,
                         delivery_type, store_id, delivery_date, delivery_cost, payment_type, sum, total_sum)
     values ($1, $2, $3, $4, $5, 'Иван', '79161234567', 'ivan@example.ru', 1, $6, '2026-06-01', $7, $8, $9, $10)
     returning id`,
    [
      randomBytes(16).toString('hex'),
      basketId,
      city!.id,
      options.statusId ?? 'N',
      options.orderTypeId ?? 1,
      store?.id ?? null,
      deliveryCost,
      options.paymentType ?? 17,
      sum,
      sum + deliveryCost,
    ],
  );
  let parent: number | null = null;
  for (const line of lines) {
    const rows: { id: number }[] = await handle.query<{ id: number }>(
      `insert into order_lines (order_id, product_id, parent_id, kind, name, qty, price, final_price, vat)
       values ($1, $2, $3, $4, $5, $6, $7, $7, $8) returning id`,
      [
        order!.id,
        line.productId,
        line.kind === 'warranty' ? parent : null,
        line.kind,
        line.name,
        line.qty,
        line.finalPrice,
        line.vat,
      ],
    );
    parent ??= rows[0]!.id;
  }
  await handle.query(`insert into order_status_history (order_id, status_id) values ($1, $2)`, [
    order!.id,
    options.statusId ?? 'N',
  ]);
  return { id: order!.id, basketId, totalSum: sum + deliveryCost, lines };
}
