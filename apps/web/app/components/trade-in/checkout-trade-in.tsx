// The trade-in in the checkout's order aside, on every step (issue 16 item 3): its own discount line
// in the totals and the old devices the shopper hands in with their prices. The figures come from
// calc-apply-to-basket with the shopper's trade_in_tx, priced as create-order will.
import type { CalcApplyToBasket } from '@store/api-client';
import { formatPrice } from '@store/domain';

type CheckoutTradeIn = NonNullable<CalcApplyToBasket['trade_in']>;

/** The totals' line (a `dl` row): what the trade-in takes off. */
export function TradeInTotalLine({ tradeIn }: { tradeIn: CheckoutTradeIn | null | undefined }) {
  if (!tradeIn?.applied || tradeIn.discount <= 0) return null;
  return (
    <div className="co-totals-discount" data-testid="trade-in-discount">
      <dt>Скидка по Trade-in</dt>
      <dd>−{formatPrice(tradeIn.discount)}</dd>
    </div>
  );
}

/** The devices handed in, their prices and the promotion's bonus; or why the trade-in does not apply. */
export function TradeInHandIn({ tradeIn }: { tradeIn: CheckoutTradeIn | null | undefined }) {
  if (!tradeIn) return null;
  return (
    <section className="order-trade-in co-trade-in" aria-labelledby="co-trade-in-title">
      <h3 id="co-trade-in-title">Сдаёте в Trade-in</h3>
      <ul>
        {tradeIn.devices.map((d) => (
          <li key={d.tId}>
            <span>
              {d.name}, {d.condition.toLowerCase()}
            </span>
            <strong>−{formatPrice(d.price)}</strong>
          </li>
        ))}
        {tradeIn.bonus > 0 ? (
          <li>
            <span title={tradeIn.action_name ?? undefined}>Бонус по акции Trade-in</span>
            <strong>−{formatPrice(tradeIn.bonus)}</strong>
          </li>
        ) : null}
      </ul>
      {tradeIn.applied ? (
        <p className="muted">Получение — только в Мультицентре: там примут старые устройства.</p>
      ) : (
        <p role="alert" className="cart-error">
          Скидка по Trade-in не применена: {tradeIn.message}
        </p>
      )}
    </section>
  );
}
