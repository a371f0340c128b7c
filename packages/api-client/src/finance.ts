// Calls of the insurance and finance pages (issue 17 item 6): the phone's SMS code, the application,
// and the operators' list.
import type { FinanceRequest, FinanceRequestCreate } from '@store/api';

export type { FinanceRequest, FinanceRequestCreate };

type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;

interface Callers {
  paginated: <T>(
    path: string,
    query: Query,
  ) => Promise<{ items: T[]; totalCount: number; pageCount: number; currentPage: number; perPage: number }>;
  request: <T>(method: string, path: string, query?: Query, body?: unknown) => Promise<{ data: T; headers: Headers }>;
}

export function financeCalls({ paginated, request }: Callers) {
  return {
    /** POST /v2/finance/phone/send-code: 422 with a phone field error, 429 when asked too often. */
    sendCode: async (phone: string) =>
      (await request<{ sent: boolean }>('POST', '/v2/finance/phone/send-code', {}, { phone })).data,
    /** POST /v2/finance/phone/confirm: the phone's proof for the application, or 422 on the code field. */
    confirmCode: async (phone: string, code: string) =>
      (await request<{ phone_request_id: string }>('POST', '/v2/finance/phone/confirm', {}, { phone, code })).data,
    /** POST /v2/finance/requests: the stored application, or 422 with field errors. */
    create: async (body: FinanceRequestCreate) =>
      (await request<FinanceRequest>('POST', '/v2/finance/requests', {}, body)).data,
    /** Operators only (GET /ops/finance-requests). */
    list: (q: { page?: number; per_page?: number; status?: string; kind?: string } = {}) =>
      paginated<FinanceRequest>('/ops/finance-requests', q),
  };
}
