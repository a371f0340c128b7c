// The product page's «Мультионы» line (SPEC §4 Loyalty balance: the maximum spendable amount for one unit):
// the bonuses a purchase earns and «можно оплатить до N бонусами». Both follow from the price and the
// category alone, so the line is the same for everyone in a city and the page stays cacheable.
import { accrualFor, formatBonuses, formatBonusesInstrumental, maxSpendablePerUnit } from '@store/domain';
import { AppLink } from '../app-link.tsx';
import { ProductLoyaltyBalance } from './loyalty-sign-in.tsx';

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
      {spendable > 0 ? <ProductLoyaltyBalance productId={productId} /> : null}
    </>
  );
}
