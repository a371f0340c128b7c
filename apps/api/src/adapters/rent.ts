// Rent instead of buying (issue 17, SPEC §7 GET /v2/arenter/availability: item_id, counter 2): a rental
// partner says which products it rents out and for how much a month. The store asks it through this
// adapter; the built-in sandbox below works offline and decides by the product's category and price.
//
// A real partner (Arenter's API, say) has the same shape: GET {base}/availability?item_id=…&counter=2
// with the partner key, answering {"available": true, "plans": [{"months": 12, "price": "2990.00"}]};
// its adapter converts rubles to kopecks. Any failure reaches the route as an error, which answers
// «nothing to rent» (§8: a failed arenter availability is treated as empty).
export interface RentPlan {
  months: number;
  /** Kopecks a month. */
  monthly_fee: number;
}

export interface RentItem {
  id: number;
  categoryId: number;
  /** Kopecks. */
  price: number;
}

export interface RentProvider {
  readonly name: string;
  /** The plans of one product, at most `counter` of them, shortest term first; [] when it is not rented out. */
  availability(item: RentItem, counter: number): Promise<RentPlan[]>;
}

const RUB = 100;

/** What the sandbox partner rents out: smartphones, TVs, laptops, tablets and game consoles from 15 000 ₽. */
export const SANDBOX_RENT = {
  categoryIds: [224, 201, 301, 107, 801] as readonly number[],
  minPrice: 15_000 * RUB,
  /** A month's fee as a share of the price, by term: a longer term is cheaper a month. */
  rates: [
    { months: 12, rate: 0.055 },
    { months: 6, rate: 0.08 },
    { months: 3, rate: 0.12 },
  ],
} as const;

export function sandboxRentPlans(item: RentItem, counter: number): RentPlan[] {
  if (!SANDBOX_RENT.categoryIds.includes(item.categoryId) || item.price < SANDBOX_RENT.minPrice) return [];
  return SANDBOX_RENT.rates
    .slice(0, Math.max(0, counter))
    .map(({ months, rate }) => ({ months, monthly_fee: Math.ceil((item.price * rate) / RUB) * RUB }))
    .sort((a, b) => a.months - b.months);
}

export function createSandboxRent(): RentProvider {
  return { name: 'sandbox', availability: async (item, counter) => sandboxRentPlans(item, counter) };
}
