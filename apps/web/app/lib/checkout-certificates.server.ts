// Gift certificates on the checkout's payment step (issue 15 item 6, decision 0027). The codes live in the
// order's draft (`gift_certificates`); each page load asks the API what each can pay now and spreads the
// order's total over them in order (the domain's applyGiftCertificates, the rule create-order uses), so the
// aside, the summary and the order agree. «Применить» checks a code before keeping it; «Убрать» drops one.
import { isApiError, type ApiClient, type CheckoutDraftOrder } from '@store/api-client';
import {
  GIFT_CERTIFICATE_MESSAGES,
  GIFT_CERTIFICATE_RULES,
  applyGiftCertificates,
  formatGiftCertificateCode,
  normalizeGiftCertificateCode,
} from '@store/domain';
import type { CheckoutCertificates } from './checkout-certificates.ts';

/** What the order's certificates pay of `total` now; a code that no longer can pays nothing and says why. */
export async function checkoutCertificates(
  api: ApiClient,
  codes: readonly string[],
  total: number,
): Promise<CheckoutCertificates> {
  if (codes.length === 0) return { lines: [], paid: 0, due: total };
  const balances = await Promise.all(
    codes.map(async (code) => {
      try {
        return { code, balance: (await api.giftCertificates.balance(code)).balance, error: null };
      } catch (error) {
        if (!isApiError(error) || error.status >= 500) throw error;
        const message = error.body?.errors?.code?.[0] ?? error.body?.message ?? GIFT_CERTIFICATE_MESSAGES.notFound;
        return { code, balance: 0, error: message };
      }
    }),
  );
  const applied = applyGiftCertificates(
    total,
    balances.map((b) => b.balance),
  );
  return {
    lines: balances.map((b, i) => ({
      code: formatGiftCertificateCode(b.code),
      rawCode: b.code,
      balance: b.balance,
      amount: applied.amounts[i]!,
      error: b.error,
    })),
    paid: applied.paid,
    due: applied.due,
  };
}

/**
 * «Применить» (intent certificate-add): the code in the §5 mask, not given yet, able to pay now; answers
 * the order's new codes or the field error for `gift_certificate`.
 */
export async function addCertificateCode(
  api: ApiClient,
  order: CheckoutDraftOrder,
  raw: string,
): Promise<{ codes: string[] } | { error: string }> {
  const codes = order.gift_certificates ?? [];
  const code = normalizeGiftCertificateCode(raw);
  if (!code) return { error: GIFT_CERTIFICATE_MESSAGES.format };
  if (codes.includes(code)) return { error: GIFT_CERTIFICATE_MESSAGES.repeated };
  if (codes.length >= GIFT_CERTIFICATE_RULES.maxPerOrder) return { error: GIFT_CERTIFICATE_MESSAGES.tooMany };
  try {
    const balance = await api.giftCertificates.balance(code);
    if (balance.balance === 0) return { error: GIFT_CERTIFICATE_MESSAGES.spent };
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw error;
    return { error: error.body?.errors?.code?.[0] ?? error.body?.message ?? GIFT_CERTIFICATE_MESSAGES.notFound };
  }
  return { codes: [...codes, code] };
}

/** «Убрать» (intent certificate-remove). */
export const removeCertificateCode = (order: CheckoutDraftOrder, raw: string) =>
  (order.gift_certificates ?? []).filter((c) => c !== normalizeGiftCertificateCode(raw));
