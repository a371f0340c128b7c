import { describe, expect, it } from 'vitest';
import { INN_MESSAGES, isValidInn, validateInn } from './inn.ts';
import { FORM_MESSAGES } from './validation.ts';

describe('ИНН of the corporate fast order', () => {
  it('accepts real 10-digit company and 12-digit sole-trader numbers', () => {
    expect(isValidInn('7707083893')).toBe(true);
    expect(isValidInn('7736207543')).toBe(true);
    expect(isValidInn('500100732259')).toBe(true);
    expect(validateInn(' 7707 083893 ')).toBeNull();
  });

  it('refuses a wrong check digit, a wrong length, letters and an empty field with their messages', () => {
    expect(isValidInn('7707083894')).toBe(false);
    expect(validateInn('7707083894')).toBe(INN_MESSAGES.checksum);
    expect(validateInn('500100732258')).toBe(INN_MESSAGES.checksum);
    expect(validateInn('77070838')).toBe(INN_MESSAGES.length);
    expect(validateInn('77070838931')).toBe(INN_MESSAGES.length);
    expect(validateInn('77O7083893')).toBe(FORM_MESSAGES.numeric);
    expect(validateInn('')).toBe(FORM_MESSAGES.required);
    expect(validateInn(null)).toBe(FORM_MESSAGES.required);
  });
});
