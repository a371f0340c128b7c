// Test only: the products and staff sessions the order tests start from.
import type { DatabaseHandle } from '@store/db';
import { employeeToken } from '@store/db/seed/staff';
import type { Harness } from './api-harness.ts';
import { TestSession } from './session.ts';

export interface SellableProduct {
  id: number;
  price: number;
  path: number[];
}

/**
 * One product a shopper can order now: active in an active category, offered, not a pre-order, an ordinary
 * sale (order type 'false'), its price in kopecks within `price`. `section` narrows it to a top category
 * (200 is TV and audio, 3 % accrual, decision 0026), `credit` to products a bank may lend for. The first by id,
 * or the last with `newest`, so each test file can keep to its own product.
 */
export async function sellableProduct(
  handle: DatabaseHandle,
  {
    price: [min, max],
    section,
    credit = false,
    newest = false,
  }: {
    price: [number, number];
    section?: number;
    credit?: boolean;
    newest?: boolean;
  },
): Promise<SellableProduct> {
  const [product] = await handle.query<SellableProduct>(
    `select p.id, o.price, c.path from products p
       join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
      where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and o.price between $1 and $2 and ($3::int is null or c.path[1] = $3) and (not $4 or o.has_credit)
      order by p.id ${newest ? 'desc' : 'asc'} limit 1`,
    [min, max, section ?? null, credit],
  );
  if (!product) throw new Error(`no sellable product between ${min} and ${max} kopecks`);
  return product;
}

/** A store employee with the operator role (personnel number 5005 in the demo staff), signed in from `ip`. */
export async function operatorSession(h: Pick<Harness, 'call' | 'handle'>, ip: string): Promise<TestSession> {
  const operator = new TestSession(h, ip);
  const signedIn = await operator.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5005) });
  if (signedIn.status !== 200) throw new Error(`operator sign-in answered ${signedIn.status}`);
  return operator;
}
