// «Мультионы» on the checkout's payment step (issue 15): the amount the shopper types or picks is
// checked against the order's quote (calc-apply-to-basket's `bonuses`, the rule create-order uses) and
// kept in the order's draft; a field error in the §5 / loyalty wording otherwise.
import type { CalcApplyToBasket } from '@store/api-client';
import { FORM_MESSAGES, LOYALTY_MESSAGES } from '@store/domain';

type Quote = NonNullable<CalcApplyToBasket['bonuses']>;

/** «Списать» (intent bonuses): the amount to keep in the draft, or the error for the `bonuses` field. */
export async function chooseBonuses(
  raw: FormDataEntryValue | null,
  quote: (amount: number) => Promise<Quote | null>,
): Promise<{ amount: number } | { error: string }> {
  const text = typeof raw === 'string' ? raw.replace(/\s+/g, '') : '';
  if (text === '' || text === '0') return { amount: 0 };
  if (!/^\d{1,9}$/.test(text)) return { error: FORM_MESSAGES.numeric };
  const amount = Number(text);
  const q = await quote(amount);
  if (!q || q.available === null) return { error: LOYALTY_MESSAGES.signInToSpend };
  if (amount > q.max) return { error: LOYALTY_MESSAGES.tooMany(q.max) };
  if (amount > q.available) return { error: LOYALTY_MESSAGES.notEnough };
  return { amount };
}
