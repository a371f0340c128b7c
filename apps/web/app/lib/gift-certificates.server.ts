// /certificate and /cert (routes/certificate.tsx; issue 15 item 6, decision 0027): the two forms of the
// page. «Купить» orders a certificate (the API's gift-certificates/order) and sends the shopper to the
// order's payment page; «Проверить» asks for a code's balance. Both work without JavaScript.
import { redirect } from 'react-router';
import { isApiError, type ApiClient } from '@store/api-client';
import type { BuyErrors, BuyValues } from './gift-certificates.ts';
import {
  GIFT_CERTIFICATE_MESSAGES,
  GIFT_CERTIFICATE_NOMINALS,
  PAYMENT_TYPE_IDS,
  normalizeGiftCertificateCode,
} from '@store/domain';

export const newBuyKey = () => `cert-${crypto.randomUUID()}`;

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.slice(0, 300) : '';
};

export async function buyCertificate(api: ApiClient, form: FormData) {
  const values: BuyValues = {
    nominal: text(form, 'nominal'),
    payment_type: text(form, 'payment_type') || String(PAYMENT_TYPE_IDS.online),
    contact_name: text(form, 'contact_name'),
    mobile_phone: text(form, 'mobile_phone'),
    email: text(form, 'email'),
    recipient_name: text(form, 'recipient_name'),
    recipient_email: text(form, 'recipient_email'),
    idempotency_key: /^cert-[0-9a-f-]{36}$/.test(text(form, 'idempotency_key'))
      ? text(form, 'idempotency_key')
      : newBuyKey(),
  };
  const rubles = Number(values.nominal);
  const nominal = Number.isInteger(rubles) ? rubles * 100 : -1;
  if (!GIFT_CERTIFICATE_NOMINALS.includes(nominal)) {
    return { intent: 'buy', values, errors: { nominal: GIFT_CERTIFICATE_MESSAGES.nominal } } as const;
  }
  try {
    const { data: order, headers: answer } = await api.giftCertificates.order({
      nominal,
      payment_type: Number(values.payment_type) || PAYMENT_TYPE_IDS.online,
      contact_name: values.contact_name,
      mobile_phone: values.mobile_phone,
      email: values.email,
      recipient_name: values.recipient_name || null,
      recipient_email: values.recipient_email || null,
      idempotency_key: values.idempotency_key,
    });
    const headers = new Headers();
    // A new guest's order comes with the basket cookie that owns it (and so may pay it).
    for (const cookie of answer.getSetCookie()) headers.append('set-cookie', cookie);
    return redirect(`/cart/payment/${order.id}`, { headers });
  } catch (error) {
    if (!isApiError(error, 422) || !error.body) throw error;
    const errors: BuyErrors = {};
    for (const [field, messages] of Object.entries(error.body.errors ?? {})) {
      const key = (field in values ? field : 'form') as keyof BuyErrors;
      errors[key] ??= messages.join(' ');
    }
    if (Object.keys(errors).length === 0) errors.form = error.body.message;
    return { intent: 'buy', values, errors } as const;
  }
}

export async function checkBalance(api: ApiClient, form: FormData) {
  const code = text(form, 'code').trim();
  if (!normalizeGiftCertificateCode(code)) {
    return { intent: 'balance', code, balance: null, error: GIFT_CERTIFICATE_MESSAGES.format } as const;
  }
  try {
    return { intent: 'balance', code, balance: await api.giftCertificates.balance(code), error: null } as const;
  } catch (error) {
    if (isApiError(error, 404) || isApiError(error, 422) || isApiError(error, 429)) {
      const message = error.body?.errors?.code?.[0] ?? error.body?.message ?? GIFT_CERTIFICATE_MESSAGES.notFound;
      return { intent: 'balance', code, balance: null, error: message } as const;
    }
    throw error;
  }
}
