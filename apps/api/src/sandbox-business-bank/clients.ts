// The sandbox business bank's clients: the organisations whose representatives can sign in. They are
// the demo companies the store's local company suggestions know (so «Найти» on the corporate form and
// the bank agree on the name), plus two sole traders (12-digit ИНН, no КПП).
import { isValidInn } from '@store/domain';
import { demoCompanies } from '../adapters/address-suggestions.ts';

export interface BankClient {
  inn: string;
  kpp: string | null;
  name: string;
  ogrn: string;
}

const WEIGHTS_A = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_B = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

/** A sole trader's 12-digit ИНН from its first ten digits, with both check digits. */
function soleTraderInn(ten: string): string {
  const digit = (digits: string, weights: number[]) =>
    String((weights.reduce((s, w, i) => s + w * Number(digits[i]), 0) % 11) % 10);
  const eleven = ten + digit(ten, WEIGHTS_A);
  return eleven + digit(eleven, WEIGHTS_B);
}

const SOLE_TRADERS = [
  { ten: '5001007322', name: 'ИП Соколова Марина Викторовна', ogrn: '314500100012345' },
  { ten: '7724531904', name: 'ИП Белов Артём Сергеевич', ogrn: '319774600098765' },
];

export function sandboxBankClients(): BankClient[] {
  const companies = demoCompanies().map((c) => ({ inn: c.inn, kpp: c.kpp, name: c.name, ogrn: c.ogrn }));
  const traders = SOLE_TRADERS.map((t) => ({ inn: soleTraderInn(t.ten), kpp: null, name: t.name, ogrn: t.ogrn }));
  const clients = [...companies, ...traders];
  if (!clients.every((c) => isValidInn(c.inn))) throw new Error('a sandbox bank client has a wrong ИНН');
  return clients;
}
