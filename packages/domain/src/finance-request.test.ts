import { describe, expect, it } from 'vitest';
import { canMoveFinanceRequest, validateFinanceRequest } from './finance-request.ts';

const ok = {
  kind: 'property',
  name: 'Ольга Смирнова',
  phone: '+7 (916) 123-45-67',
  email: '',
  city: '',
  comment: '',
  consent: 'on',
};

describe('validateFinanceRequest', () => {
  it('accepts a filled application, the e-mail optional', () => {
    expect(validateFinanceRequest(ok)).toEqual({});
  });
  it('gives the §5 messages', () => {
    expect(
      validateFinanceRequest({ kind: 'car', name: 'R2D2', phone: '8 (495) 123-45-67', email: 'x@', consent: false }),
    ).toEqual({
      kind: 'Это поле необходимо заполнить.',
      name: 'Это поле должно содержать только буквы',
      phone: 'Код номера мобильного телефона должен начинаться с «9»',
      email: 'Пожалуйста, введите корректный email.',
      consent: 'Для завершения необходимо согласие.',
    });
    expect(validateFinanceRequest({ ...ok, comment: 'я'.repeat(1001) })).toEqual({
      comment: 'Пожалуйста, введите не больше 1000 символов.',
    });
  });
  it('an agent leaves an e-mail and a city', () => {
    expect(validateFinanceRequest({ ...ok, kind: 'agent' })).toEqual({
      email: 'Это поле необходимо заполнить.',
      city: 'Это поле необходимо заполнить.',
    });
  });
});

describe('canMoveFinanceRequest', () => {
  it('new → answered → closed, closed is final', () => {
    expect(canMoveFinanceRequest('new', 'answered')).toBe(true);
    expect(canMoveFinanceRequest('answered', 'closed')).toBe(true);
    expect(canMoveFinanceRequest('new', 'closed')).toBe(true);
    expect(canMoveFinanceRequest('closed', 'answered')).toBe(false);
    expect(canMoveFinanceRequest('closed', 'closed')).toBe(false);
  });
});
