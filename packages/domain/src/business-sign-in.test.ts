import { describe, expect, it } from 'vitest';
import { KPP_MESSAGES, REPRESENTATIVE_MESSAGES, validateBusinessSignIn, validateKpp } from './business-sign-in.ts';
import { INN_MESSAGES } from './inn.ts';
import { FORM_MESSAGES } from './validation.ts';

describe('the business bank sign-in form', () => {
  it('takes an organisation with its КПП and a sole trader without one', () => {
    expect(validateBusinessSignIn({ inn: '7707083893', kpp: '773601001', representative: 'Иванов Пётр' })).toEqual({});
    expect(validateBusinessSignIn({ inn: '7707083893', kpp: '7736AB001', representative: 'Иванов Пётр' })).toEqual({});
    expect(validateBusinessSignIn({ inn: '500100732259', kpp: '', representative: 'Анна Смирнова-Кац' })).toEqual({});
  });

  it('words every wrong field', () => {
    expect(validateBusinessSignIn({ inn: '7707083894', kpp: 'x', representative: '' })).toEqual({
      inn: INN_MESSAGES.checksum,
      representative: FORM_MESSAGES.required,
    });
    expect(validateBusinessSignIn({ inn: '7707083893', kpp: '', representative: 'Иванов' })).toEqual({
      kpp: FORM_MESSAGES.required,
      representative: REPRESENTATIVE_MESSAGES.fullName,
    });
    expect(validateBusinessSignIn({ inn: '123', kpp: '', representative: 'Иванов 2' }).inn).toBe(INN_MESSAGES.length);
    expect(validateBusinessSignIn({ inn: '123', kpp: '', representative: 'Иванов 2' }).representative).toBe(
      FORM_MESSAGES.lettersOnly,
    );
  });

  it('checks the КПП by its shape and the kind of taxpayer', () => {
    expect(validateKpp('77360100', '7707083893')).toBe(KPP_MESSAGES.format);
    expect(validateKpp('7736ab001', '7707083893')).toBe(KPP_MESSAGES.format);
    expect(validateKpp('773601001', '500100732259')).toBe(KPP_MESSAGES.soleTrader);
    expect(validateKpp(' 7736 01001 ', '7707083893')).toBeNull();
  });
});
