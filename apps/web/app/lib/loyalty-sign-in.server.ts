// The guest's sign-in to «Мультионы» (SPEC §4 Loyalty login, §8 loyalty rows; issue 15): phone → SMS code
// (request_id) → code; the API then sets the loyaltyCard cookie (shared across the domain) and the
// shopper goes back to the page they came from (a hydrated form), or to /user/loyalty?signed=1 showing
// the card's balance for the product (without JavaScript: the cached product page cannot). A failed send shows the server's message under the phone,
// a failed check under the code; nothing says whether the phone has a card before the code is proven.
import { data, redirect } from 'react-router';
import type { ApiClient } from '@store/api-client';
import { NO_STORE, apiFormErrors, formText, safeBack, withCookies } from './auth.server.ts';
import {
  balanceAfterLimitFailure,
  IN_PLACE_FIELD,
  loyaltyProductOf,
  loyaltySignInHref,
  type LoyaltyBalanceFacts,
  type LoyaltySignInState,
} from './loyalty-sign-in.ts';

export async function loyaltySignInAction(request: Request, api: ApiClient, form: FormData) {
  const url = new URL(request.url);
  const back = safeBack(url.searchParams.get('back'), '/');
  const intent = formText(form, 'intent');
  const phone = formText(form, 'phone').slice(0, 40);
  const requestId = formText(form, 'request_id').slice(0, 64);
  const reply = (state: Omit<LoyaltySignInState, 'phone' | 'back'>, status = 200) =>
    data<LoyaltySignInState>({ phone, back, ...state }, { status, headers: NO_STORE });
  const field = intent === 'loyalty-check' ? 'code' : 'phone';
  try {
    if (intent === 'loyalty-send') {
      const sent = await api.loyalty.verify({ phone });
      return reply({ step: 'code', requestId: sent.request_id, errors: {}, message: 'Мы отправили код в SMS' });
    }
    if (intent === 'loyalty-check') {
      const code = formText(form, 'code').replace(/\D/g, '').slice(0, 6);
      const { headers } = await api.loyalty.validate({ phone, code, request_id: requestId });
      // A hydrated product page asks the balance itself; without JavaScript the answer is /user/loyalty
      // showing it (the product page is the same for everyone and cached, so it cannot).
      const inPlace = formText(form, IN_PLACE_FIELD) === '1';
      const next = inPlace ? back : loyaltySignInHref(back, loyaltyProductOf(url), true);
      return redirect(next, { headers: withCookies(headers, NO_STORE) });
    }
    return reply({ step: 'phone', requestId: '', errors: { phone: 'Неизвестное действие' }, message: null }, 400);
  } catch (error) {
    const failure = apiFormErrors(error);
    if (!failure) throw error;
    // §8: the server's words go under the field of the step (a rate limit too).
    const message = failure.errors[field] ?? failure.errors['phone'] ?? failure.message;
    const step = field === 'code' ? 'code' : 'phone';
    return reply({ step, requestId, errors: { [field]: message }, message: null }, 422);
  }
}

/**
 * After a proven code (`signed`): the card's figures for one unit of the product, from the loyaltyCard
 * cookie the sign-in set. Null while there is no card (phone authorisation is needed: show the form).
 * §8: a 404 on a bonus-limits check is a balance of 0.
 */
export async function signedInBalance(api: ApiClient, productId: number): Promise<LoyaltyBalanceFacts | null> {
  try {
    const limit = await api.loyalty.productsLimit({ products: [{ product_id: productId, qty: 1 }] });
    return limit.available === null ? null : { available: limit.available, spendable: limit.spendable ?? 0 };
  } catch (error) {
    const zero = balanceAfterLimitFailure(error);
    if (zero) return zero;
    throw error;
  }
}
