// The checkout's step addresses (/cart?step=delivery&order=2) and their names: all the basket page needs of
// checkout.ts, kept apart so its first scripts do not carry the delivery and payment helpers (decision 0064).
import { CHECKOUT_STEPS, type CheckoutStep } from '@store/domain';

export const STEP_LABELS: Record<CheckoutStep, string> = {
  basket: 'Корзина',
  contacts: 'Контакты',
  delivery: 'Доставка',
  payments: 'Оплата',
  summary: 'Подтверждение',
};

/** /cart?step=delivery&order=2 (order is 1-based in the address; the basket step has no step). */
export function stepHref(step: CheckoutStep, orderIndex: number, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams();
  if (step !== 'basket') search.set('step', step);
  if (orderIndex > 0) search.set('order', String(orderIndex + 1));
  for (const [k, v] of Object.entries(extra)) search.set(k, v);
  const s = search.toString();
  return s ? `/cart?${s}` : '/cart';
}

/** The step and order the address asks for (unknown values fall back to the basket and the draft's order). */
export function stepFromUrl(url: URL): { step: CheckoutStep; order: number | null } {
  const raw = url.searchParams.get('step');
  const step = (CHECKOUT_STEPS as readonly string[]).includes(raw ?? '') ? (raw as CheckoutStep) : 'basket';
  const order = Number(url.searchParams.get('order'));
  return { step, order: Number.isInteger(order) && order >= 1 && order <= 10 ? order - 1 : null };
}
