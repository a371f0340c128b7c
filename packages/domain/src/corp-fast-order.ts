// The corporate fast order of /service/corporate (SPEC §1 corporate fast-order form, §7 POST
// /v2/corp/fast-order, §4: the submit sets an order-sent status): a company asks for goods without a
// basket and the contact centre calls back. The §5 messages for every field, one rule for the page
// and the API (its zod schema refines with it).
import { validateInn } from './inn.ts';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, validateConsent, validateMobilePhone, validateText } from './validation.ts';

export interface CorpFastOrderInput {
  company: string;
  inn: string;
  contact_name: string;
  phone: string;
  email: string;
  /** Product names, article numbers, quantities, or any request in free text. */
  products: string;
  consent: boolean | string;
}

export type CorpFastOrderField = keyof CorpFastOrderInput;

export const CORP_FAST_ORDER_LIMITS = { company: 300, products: 2000, productsMin: 3 } as const;

/** The first §5 message of each field that breaks its rule; an empty object when the request is fine. */
export function validateCorpFastOrder(input: Partial<CorpFastOrderInput>): Partial<Record<CorpFastOrderField, string>> {
  const checks: [CorpFastOrderField, string | null][] = [
    ['company', validateText(input.company, { required: true, max: CORP_FAST_ORDER_LIMITS.company })],
    ['inn', validateInn(input.inn)],
    ['contact_name', validateText(input.contact_name, { required: true, lettersOnly: true, max: NAME_MAX_LENGTH })],
    ['phone', validateMobilePhone(input.phone)],
    ['email', validateText(input.email, { required: true, email: true, max: EMAIL_MAX_LENGTH })],
    [
      'products',
      validateText(input.products, {
        required: true,
        min: CORP_FAST_ORDER_LIMITS.productsMin,
        max: CORP_FAST_ORDER_LIMITS.products,
      }),
    ],
    ['consent', validateConsent(input.consent ?? null)],
  ];
  const errors: Partial<Record<CorpFastOrderField, string>> = {};
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}
