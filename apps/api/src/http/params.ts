// Query conventions of SPEC §7: application_type, city_id and trace_id on every call,
// comma-joined arrays, and pagination in x-pagination-* headers.
import type { Context } from 'hono';
import { z } from '@hono/zod-openapi';

/** Accepts `1,2,3`, repeated parameters, or both. */
export function commaList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === '') return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
    return parts.map((p) => p.trim()).filter((p) => p !== '');
  }, z.array(item).optional());
}

export const positiveInt = z.coerce.number().int().positive();

/** Parameters every call may carry; validated so a bad city_id is a 422, not a 500. */
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
