// VAT rates by date (Налоговый кодекс РФ, ст. 164): the standard rate is 22 % from 1 January 2026
// (Федеральный закон от 28.11.2025 № 425-ФЗ), 20 % before; the reduced 10 % and the 0 % rates stay.
// A product's `vat` says which rate applies to it: 10 or 0 for a reduced rate, anything else (20,
// the catalogue's default) the standard rate of the day. A receipt takes the rate at the moment of
// the sale and keeps it, so a receipt issued in 2025 still says 20 %.

export interface VatPeriod {
  /** First moment the rate applies, ISO (Moscow midnight of the day the law takes effect). */
  from: string;
  rate: number;
  law: string;
}

/** The standard rate, oldest first. */
export const STANDARD_VAT_RATES: readonly VatPeriod[] = [
  { from: '2019-01-01T00:00:00+03:00', rate: 20, law: 'Федеральный закон от 03.08.2018 № 303-ФЗ' },
  { from: '2026-01-01T00:00:00+03:00', rate: 22, law: 'Федеральный закон от 28.11.2025 № 425-ФЗ' },
];

export const REDUCED_VAT_RATES: readonly number[] = [10, 0];

/** The standard VAT rate in force at this moment. */
export function standardVatRate(at: Date): number {
  let rate = STANDARD_VAT_RATES[0]!.rate;
  for (const period of STANDARD_VAT_RATES) if (at.getTime() >= Date.parse(period.from)) rate = period.rate;
  return rate;
}

/** The VAT rate of a sale of a product whose `vat` is `productVat`, at this moment. */
export function vatRateAt(productVat: number | null | undefined, at: Date): number {
  if (productVat != null && REDUCED_VAT_RATES.includes(productVat)) return productVat;
  return standardVatRate(at);
}
