// The company's taxpayer number (ИНН) of the corporate fast order: 10 digits for a company, 12 for a
// sole trader, with the Federal Tax Service's check digits. No company lookup service exists yet, so
// the number is checked here and the operator confirms the company when calling back.
import { FORM_MESSAGES } from './validation.ts';

const WEIGHTS_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_12_A = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_12_B = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

export const INN_MESSAGES = {
  length: 'ИНН состоит из 10 цифр (организация) или 12 цифр (ИП)',
  checksum: 'Проверьте ИНН: такого номера не бывает',
} as const;

const checkDigit = (digits: readonly number[], weights: readonly number[]) =>
  (weights.reduce((sum, w, i) => sum + w * digits[i]!, 0) % 11) % 10;

/** Whether the digits carry valid check digits (10 or 12 digits). */
export function isValidInn(inn: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return false;
  const d = [...inn].map(Number);
  if (d.length === 10) return checkDigit(d, WEIGHTS_10) === d[9];
  return checkDigit(d, WEIGHTS_12_A) === d[10] && checkDigit(d, WEIGHTS_12_B) === d[11];
}

/** The §5-style message for an ИНН field, or null when it is fine. Spaces are ignored. */
export function validateInn(value: string | null | undefined): string | null {
  const inn = (value ?? '').replace(/\s+/g, '');
  if (inn === '') return FORM_MESSAGES.required;
  if (!/^\d+$/.test(inn)) return FORM_MESSAGES.numeric;
  if (inn.length !== 10 && inn.length !== 12) return INN_MESSAGES.length;
  return isValidInn(inn) ? null : INN_MESSAGES.checksum;
}
