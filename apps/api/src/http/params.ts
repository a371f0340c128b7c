// Query conventions of SPEC §7: application_type, city_id and trace_id on every call,
// comma-joined arrays, and pagination in x-pagination-* headers.
import type { Context } from 'hono';
import { z } from '@hono/zod-openapi';
import { MAX_ID } from '@store/domain';

/** Accepts `1,2,3`, repeated parameters, or both. */
export function commaList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === '') return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
    return parts.map((p) => p.trim()).filter((p) => p !== '');
  }, z.array(item).optional());
}

/**
 * Every id (and page number) of the API: a positive integer that fits a PostgreSQL `integer`, so
 * 2147483648 is a 422 and never reaches the database (docs/decisions/0011). From the query or a form.
 */
export const positiveInt = z.coerce.number().int().positive().max(MAX_ID);

/** The same id inside a JSON body, where it must be a number. */
export const bodyId = z.number().int().positive().max(MAX_ID);

/** Parameters every call may carry; validated so a bad city_id is a 422, not a 500. */
/** An A/B branch code: one capital Latin letter. */
export const branchParam = z
  .string()
  .regex(/^[A-Z]$/, 'Ветка — одна заглавная латинская буква')
  .optional();

export const commonQuery = {
  application_type: z.string().max(32).optional(),
  city_id: positiveInt.optional(),
  trace_id: z.string().max(128).optional(),
};

export function pageQuery(defaultPerPage: number, maxPerPage: number) {
  return {
    page: positiveInt.default(1),
    per_page: z.coerce.number().int().min(0).max(maxPerPage).default(defaultPerPage),
  };
}

export interface Pagination {
  total: number;
  page: number;
  perPage: number;
}

export function setPaginationHeaders(c: Context, { total, page, perPage }: Pagination) {
  c.header('x-pagination-total-count', String(total));
  c.header('x-pagination-page-count', String(perPage > 0 ? Math.ceil(total / perPage) : 0));
  c.header('x-pagination-current-page', String(page));
  c.header('x-pagination-per-page', String(perPage));
}

/**
 * Rows sent in bracket notation, `name[i][field]=value` (SPEC §7 products[i][id|qty|…]): the raw
 * values per row in index order, or field errors. A key of the family with a field not in `fields`,
 * a repeated key, an index over `maxRows - 1` or a non-decimal index is an error, never ignored.
 */
export function bracketRows<F extends string>(
  search: URLSearchParams,
  name: string,
  fields: readonly F[],
  maxRows: number,
): { rows: { index: number; values: Partial<Record<F, string>> }[]; errors: Record<string, string[]> } {
  const byIndex = new Map<number, Partial<Record<F, string>>>();
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const pattern = new RegExp(`^${name}\\[([^\\]]*)\\](?:\\[([^\\]]*)\\])?(.*)$`);
  for (const key of new Set(search.keys())) {
    if (key !== name && !key.startsWith(`${name}[`)) continue;
    const match = pattern.exec(key);
    const index = match?.[1] ?? '';
    const field = match?.[2];
    if (!match || match[3] !== '' || field === undefined || !/^\d{1,3}$/.test(index)) {
      fail(name, `Параметр ${key} не распознан: ожидается ${name}[номер][поле].`);
      continue;
    }
    const row = Number(index);
    if (row >= maxRows) {
      fail(name, `Нужно не больше ${maxRows} значений.`);
      continue;
    }
    if (!(fields as readonly string[]).includes(field)) {
      fail(`${name}.${row}.${field}`, `Неизвестное поле. Допустимые поля: ${fields.join(', ')}.`);
      continue;
    }
    const values = search.getAll(key);
    if (values.length > 1) {
      fail(`${name}.${row}.${field}`, 'Значение передано несколько раз.');
      continue;
    }
    const entry: Partial<Record<F, string>> = byIndex.get(row) ?? {};
    entry[field as F] = values[0]!;
    byIndex.set(row, entry);
  }
  const rows = [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([index, values]) => ({ index, values }));
  return { rows, errors };
}
