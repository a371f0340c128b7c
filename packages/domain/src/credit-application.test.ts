import { describe, expect, it } from 'vitest';
import {
  ageOn,
  applicationStatusFromBanks,
  canMoveApplication,
  isApplicationFinal,
  validateApplicant,
} from './credit-application.ts';

describe('credit application transitions', () => {
  it('goes new → reviewing → approved → signed and nowhere from the end', () => {
    expect(canMoveApplication('new', 'reviewing')).toBe(true);
    expect(canMoveApplication('reviewing', 'approved')).toBe(true);
    expect(canMoveApplication('approved', 'signed')).toBe(true);
    expect(canMoveApplication('reviewing', 'signed')).toBe(false);
    expect(canMoveApplication('declined', 'approved')).toBe(false);
    expect(canMoveApplication('signed', 'cancelled')).toBe(false);
    expect(isApplicationFinal('declined')).toBe(true);
    expect(isApplicationFinal('conditions')).toBe(false);
  });

  it('income confirmation goes back to reviewing', () => {
    expect(canMoveApplication('conditions', 'reviewing')).toBe(true);
  });

  it('the banks answers make the status: one approval is enough, all declines decline', () => {
    expect(applicationStatusFromBanks(['declined', 'approved', 'reviewing'])).toBe('approved');
    expect(applicationStatusFromBanks(['declined', 'reviewing'])).toBe('reviewing');
    expect(applicationStatusFromBanks(['declined', 'conditions'])).toBe('conditions');
    expect(applicationStatusFromBanks(['declined', 'declined', 'declined'])).toBe('declined');
    expect(applicationStatusFromBanks([])).toBe('reviewing');
  });
});

describe('applicant form', () => {
  const good = {
    last_name: 'Соколова',
    first_name: 'Анна',
    middle_name: 'Игоревна',
    birth_date: '1990-04-12',
    passport_series: '45 10',
    passport_number: '111111',
    income: '85000',
    employment: 'employee',
    phone: '+7 (916) 123-45-67',
    consent: 'on',
  };

  it('accepts a complete form', () => {
    expect(validateApplicant(good, '2026-11-26')).toEqual({});
  });

  it('names every bad field in Russian', () => {
    const errors = validateApplicant(
      { ...good, passport_series: '45', passport_number: 'abc', income: '', consent: null, birth_date: '2010-01-01' },
      '2026-11-26',
    );
    expect(errors).toEqual({
      passport_series: 'Серия паспорта — 4 цифры',
      passport_number: 'Номер паспорта — 6 цифр',
      income: 'Это поле необходимо заполнить.',
      consent: 'Нужно согласие на запрос кредитной истории',
      birth_date: 'Кредит оформляется с 18 до 85 лет',
    });
  });

  it('counts age in full years', () => {
    expect(ageOn('2008-11-27', '2026-11-26')).toBe(17);
    expect(ageOn('2008-11-26', '2026-11-26')).toBe(18);
    expect(ageOn('2008-02-30', '2026-11-26')).toBeNull();
  });
});
