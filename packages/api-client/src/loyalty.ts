// Loyalty «Мультионы» answers (apps/api/src/routes/loyalty.ts is the authority).

export interface BonusBalance {
  total: number;
  available: number;
  blocked: number;
  pending: number;
  systemName: string;
  balanceType: { name: string };
  expiring_soon: { amount: number; date: string } | null;
}

export interface LoyaltyCard {
  /** EAN-13 card number. */
  card_id: string;
  check_data: string;
  /** Available bonuses. */
  balance: number;
  bonuses: BonusBalance;
}

export interface BonusHistoryAction {
  order: number | null;
  dateTimeUtc: string;
  title: string;
  amount: number;
  customerBalanceChanges: {
    balanceChangeKind: 'RetailOrderBonus' | 'RetailOrderPayment' | 'Expired' | 'Custom';
    changeAmount: number;
    expirationDateTimeUtc: string | null;
    isAvailable: boolean;
    availableFromDateTimeUtc: string | null;
    comment: string | null;
    title: string;
  }[];
}

export interface LoyaltyNotice {
  id: string;
  type: 'expiring' | 'blocked' | 'pending';
  text: string;
  date: string | null;
}

export interface ProductsLimit {
  maxAmount: number;
  available: number | null;
  spendable: number | null;
  products: { product_id: number; max_amount: number }[];
}
