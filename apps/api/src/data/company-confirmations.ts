// All SQL of a corporate order's company confirmed by the business bank's sign-in (issue 17,
// migration 0027, decision 0047).
import type { TransactionHandle } from '@store/db';

type Queryable = Pick<TransactionHandle, 'query'>;

export interface CompanyConfirmationRow {
  provider: string;
  inn: string;
  kpp: string | null;
  company_name: string;
  ogrn: string | null;
  representative: string;
  confirmed_at: string;
}

/** The order's confirmation as JSON (or null) inside the order's own select (alias `o`). */
export const COMPANY_CONFIRMATION_JSON = `(select json_build_object(
    'provider', cc.provider, 'inn', cc.inn, 'kpp', cc.kpp, 'company_name', cc.company_name, 'ogrn', cc.ogrn,
    'representative', cc.representative,
    'confirmed_at', to_char(cc.confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
    from order_company_confirmations cc where cc.order_id = o.id)`;

/** The order's confirmation, or null. */
export async function retrieveCompanyConfirmation(q: Queryable, orderId: number) {
  const [row] = await q.query<{ c: CompanyConfirmationRow | null }>(
    `select ${COMPANY_CONFIRMATION_JSON} as c from orders o where o.id = $1`,
    [orderId],
  );
  return row?.c ?? null;
}

export interface CompanyOrderRow {
  id: number;
  customer_id: number | null;
  basket_id: string | null;
  order_type_id: number;
  status_id: string;
  company_inn: string | null;
  company_name: string | null;
  email: string | null;
  mobile_phone: string;
  confirmed: boolean;
}

/** What the bank sign-in needs of an order; `lock` takes the order row until the transaction ends. */
export async function retrieveCompanyOrder(q: Queryable, orderId: number, lock = false) {
  const [row] = await q.query<CompanyOrderRow>(
    `select o.id, o.customer_id, o.basket_id, o.order_type_id, o.status_id, o.company_inn, o.company_name, o.email,
            o.mobile_phone, exists (select 1 from order_company_confirmations cc where cc.order_id = o.id) as confirmed
       from orders o
      where o.id = $1${lock ? ' for update of o' : ''}`,
    [orderId],
  );
  return row ?? null;
}

export interface NewCompanyConfirmation {
  orderId: number;
  provider: string;
  inn: string;
  kpp: string | null;
  companyName: string;
  ogrn: string | null;
  representative: string;
  bankSubject: string;
}

/** Records the bank's answer; false when the order already has one. */
export async function insertCompanyConfirmation(q: Queryable, c: NewCompanyConfirmation): Promise<boolean> {
  const rows = await q.query<{ order_id: number }>(
    `insert into order_company_confirmations
       (order_id, provider, inn, kpp, company_name, ogrn, representative, bank_subject)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (order_id) do nothing
     returning order_id`,
    [c.orderId, c.provider, c.inn, c.kpp, c.companyName, c.ogrn, c.representative, c.bankSubject],
  );
  return rows.length === 1;
}

/** Removes the order's confirmation (an operator undid it) and answers what it was, or null when there was none. */
export async function deleteCompanyConfirmation(q: Queryable, orderId: number): Promise<CompanyConfirmationRow | null> {
  const [row] = await q.query<CompanyConfirmationRow>(
    `delete from order_company_confirmations cc where cc.order_id = $1
     returning cc.provider, cc.inn, cc.kpp, cc.company_name, cc.ogrn, cc.representative,
               to_char(cc.confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as confirmed_at`,
    [orderId],
  );
  return row ?? null;
}
