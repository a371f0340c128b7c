// Demo staff for employee sign-in (/user/upos): a trade point for each of the first multicenters and
// a few employees. Their 16-character codes are derived from the number, so they are documented
// (README) rather than random: trade point 101 signs in with XTP0000000000101, employee 5001 with
// XEMP000000005001. Only hashes are stored.
import { createHash } from 'node:crypto';
import type { DatabaseHandle } from '../index.ts';
import type { StoreRow } from './stores.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const tradePointCode = (number: number) => `XTP${String(number).padStart(13, '0')}`;
export const employeeToken = (personnelNumber: number) => `XEMP${String(personnelNumber).padStart(12, '0')}`;

const EMPLOYEES = ['Иванова Мария', 'Петров Алексей', 'Сидорова Екатерина', 'Кузнецов Дмитрий', 'Орлова Анна'];
/** Employees of the contact centre: the operator role opens the operators' lists (/api/ops/…). */
export const OPERATOR_PERSONNEL_NUMBERS: readonly number[] = [5005];

export async function insertStaff(handle: DatabaseHandle, stores: StoreRow[]): Promise<void> {
  const shops = stores.filter((s) => s.type === 1).slice(0, 5);
  for (const [i, shop] of shops.entries()) {
    const number = 101 + i;
    await handle.query(
      'insert into trade_points (number, name, store_id, code_hash) values ($1, $2, $3, $4) on conflict (number) do nothing',
      [String(number), shop.name, shop.id, sha256(tradePointCode(number))],
    );
  }
  for (const [i, name] of EMPLOYEES.entries()) {
    const personnelNumber = 5001 + i;
    await handle.query(
      `insert into employees (personnel_number, name, token_hash, trade_point_number, roles)
       values ($1, $2, $3, $4, $5::text[])
       on conflict (personnel_number) do nothing`,
      [
        String(personnelNumber),
        name,
        sha256(employeeToken(personnelNumber)),
        shops.length > 0 ? String(101 + (i % shops.length)) : null,
        OPERATOR_PERSONNEL_NUMBERS.includes(personnelNumber) ? ['operator'] : [],
      ],
    );
  }
}
