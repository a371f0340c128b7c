// The operator guard (docs/decisions/0022): the operators' lists (/api/ops/…) are for employees signed
// in with their personnel token (the signed employee session, auth/employee.ts) whose record holds the
// 'operator' role and is active. Read on every call, so taking the role away works at once.
import type { Context } from 'hono';
import { retrieveEmployeeRoles } from '../data/accounts.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { employeeOf } from './employee.ts';

export const OPERATOR_ROLE = 'operator';

export async function requireOperator(c: Context<ApiEnv>) {
  const claims = employeeOf(c);
  if (!claims?.pn) throw new ApiError(401, 'Войдите по коду сотрудника');
  const employee = await retrieveEmployeeRoles(c.get('deps').handle, claims.pn);
  if (!employee?.roles.includes(OPERATOR_ROLE)) throw new ApiError(403, 'Раздел доступен только операторам');
  return employee;
}
