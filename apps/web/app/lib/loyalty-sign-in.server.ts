// The guest's sign-in to «Мультионы» (SPEC §4 Loyalty login, §8 loyalty rows; issue 15): phone → SMS code
// (request_id) → code; the API then sets the loyaltyCard cookie (shared across the domain) and the
// shopper goes back to the page they came from. A failed send shows the server's message under the phone,
// a failed check under the code; nothing says whether the phone has a card before the code is proven.
import { data, redirect } from 'react-router';
import type { ApiClient } from '@store/api-client';
import { NO_STORE, apiFormErrors, formText, safeBack, withCookies } from './auth.server.ts';
import type { LoyaltySignInState } from './loyalty-sign-in.ts';

export async function loyaltySignInAction(request: Request, api: ApiClient, form: FormData) {
  const back = safeBack(new URL(request.url).searchParams.get('back'), '/');
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
      return redirect(back, { headers: withCookies(headers, NO_STORE) });
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
