// The product page's «Мультионы» line (SPEC §4 Loyalty balance: the maximum spendable amount for one unit):
// the bonuses a purchase earns and «можно оплатить до N бонусами». Both follow from the price and the
// category alone, so the line is the same for everyone in a city and the page stays cacheable.
import { accrualFor, formatBonuses, maxSpendablePerUnit } from '@store/domain';
import { AppLink } from '../app-link.tsx';

/** «до N бонусами» / «до 21 бонусом». */
function instrumental(n: number): string {
  const word = n % 10 === 1 && n % 100 !== 11 ? 'бонусом' : 'бонусами';
  return `${new Intl.NumberFormat('ru-RU').format(n)} ${word}`;
}

export function ProductBonuses({ price, categoryPath }: { price: number; categoryPath: readonly number[] }) {
  const earned = accrualFor({ categoryPath, paidKopecks: price });
  const spendable = maxSpendablePerUnit({ priceKopecks: price, categoryPath });
  if (earned <= 0 && spendable <= 0) return null;
  return (
    <p className="pp-bonuses">
      {earned > 0 ? (
        <>
          <strong>+{formatBonuses(earned)}</strong> за покупку
          {spendable > 0 ? ' · ' : null}
        </>
      ) : null}
      {spendable > 0 ? <>можно оплатить до {instrumental(spendable)}</> : null}{' '}
      <AppLink to="/account/loyalty">Мультионы</AppLink>
    </p>
  );
}
