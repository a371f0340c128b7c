// Loyalty «Мультионы» on the server side of pages (SPEC §4 Loyalty balance, §8 loyalty rows).
import { isApiError, type ApiClient } from '@store/api-client';

/**
 * The available bonuses for the account menu: null when the customer has no card yet (404) or the
 * session ended (401, the layout then signs in again). Any other failure is swallowed as §8 says for
 * loyalty loads, and logged.
 */
export async function availableBonuses(api: Pick<ApiClient, 'loyalty'>, log = console.error): Promise<number | null> {
  try {
    return (await api.loyalty.amount()).available;
  } catch (error) {
    if (isApiError(error, 404) || isApiError(error, 401)) return null;
    log('account: bonus balance failed', error);
    return null;
  }
}
