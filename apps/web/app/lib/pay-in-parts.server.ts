// «Частями» in checkout (issue 17): the limit check the payment step posts, answered by the API
// (POST /api/broker/revo/limit, kept there for this basket) and kept in the draft's §3 params.
import { isApiError, type ApiClient, type CheckoutDraftState } from '@store/api-client';

type Params = CheckoutDraftState['params'];

/** The draft params of the provider's answer for the phone, or the phone's field error. */
export async function checkPartsLimit(
  api: ApiClient,
  phone: string,
): Promise<{ params: Partial<Params> } | { error: string }> {
  try {
    const answer = await api.payInParts.limit(phone);
    return {
      params: {
        mokkaCreditLimit: answer.mokkaCreditLimit,
        mokkaRange: answer.mokkaRange,
        mokkaWarranty: answer.mokkaWarranty,
        mokkaPhone: answer.phone,
        mokkaStatus: answer.status,
      },
    };
  } catch (error) {
    if (isApiError(error, 422)) return { error: error.body?.errors?.phone?.[0] ?? 'Проверьте номер телефона' };
    throw error;
  }
}
