// The product page's «Мультионы» line (SPEC §4 Loyalty balance: the maximum spendable amount for one unit):
// the bonuses a purchase earns and «можно оплатить до N бонусами». Both follow from the price and the
// category alone, so the line is the same for everyone in a city and the page stays cacheable.
import { Suspense } from 'react';
import { accrualFor, formatBonuses, formatBonusesInstrumental, maxSpendablePerUnit } from '@store/domain';
import { AppLink } from '../app-link.tsx';
import { splitComponent } from '../../lib/split-component.tsx';

// The card's balance and the sign-in form under it are used only after a click (or once the browser asks
// the balance): a chunk of their own, hydrated after the buy box, keeps them out of the product page's
// first JavaScript (issue 12 budget). The server's HTML has the form from the start, and it posts to
// /user/loyalty without JavaScript.
const ProductLoyaltyBalance = splitComponent(() =>
  import('./loyalty-sign-in.tsx').then((m) => m.ProductLoyaltyBalance),
);

export function ProductBonuses({
  productId,
  price,
  categoryPath,
}: {
  productId: number;
  price: number;
  categoryPath: readonly number[];
}) {
  const earned = accrualFor({ categoryPath, paidKopecks: price });
  const spendable = maxSpendablePerUnit({ priceKopecks: price, categoryPath });
  if (earned <= 0 && spendable <= 0) return null;
  return (
    <>
      <p className="pp-bonuses">
        {earned > 0 ? (
          <>
            <strong>+{formatBonuses(earned)}</strong> за покупку
            {spendable > 0 ? ' · ' : null}
          </>
        ) : null}
        {spendable > 0 ? <>можно оплатить до {formatBonusesInstrumental(spendable)}</> : null}{' '}
        <AppLink to="/account/loyalty">Мультионы</AppLink>
      </p>
      {spendable > 0 ? (
        <Suspense fallback={null}>
          <ProductLoyaltyBalance productId={productId} />
        </Suspense>
      ) : null}
    </>
  );
}
