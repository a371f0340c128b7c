// The company lookup by ИНН of the corporate order (/cart/corporate), shared by the page once
// hydrated and by its action without JavaScript: the suggestions API's find-party answers the
// company; the name is its `value` (DaData's shape).
import type { ApiClient } from '@store/api-client';
import { validateInn } from '@store/domain';

export const COMPANY_NOT_FOUND = 'Компания с таким ИНН не найдена — введите название вручную.';
export const COMPANY_LOOKUP_FAILED = 'Не удалось найти компанию — введите название вручную.';

export type CompanyLookup =
  { kind: 'found'; name: string } | { kind: 'not-found' } | { kind: 'invalid'; message: string } | { kind: 'failed' };

/** Looks a company up by a (checked) ИНН; a wrong ИНН is not sent, a failing service is «failed». */
export async function lookupCompany(api: Pick<ApiClient, 'suggestions'>, rawInn: string): Promise<CompanyLookup> {
  const inn = rawInn.replace(/\s+/g, '');
  const invalid = validateInn(inn);
  if (invalid) return { kind: 'invalid', message: invalid };
  try {
    const { suggestions } = await api.suggestions.findParty(inn);
    const name = suggestions[0]?.value.trim();
    return name ? { kind: 'found', name } : { kind: 'not-found' };
  } catch {
    return { kind: 'failed' };
  }
}

/** The line the page says after a lookup (found: the name; otherwise why to type it). */
export function lookupMessage(result: CompanyLookup): string {
  switch (result.kind) {
    case 'found':
      return `Найдено: ${result.name}`;
    case 'not-found':
      return COMPANY_NOT_FOUND;
    case 'invalid':
      return result.message;
    case 'failed':
      return COMPANY_LOOKUP_FAILED;
  }
}
