import { describe, expect, it } from 'vitest';
import { cardOutcome, TEST_CARDS, validateCardForm } from './cards.ts';

const now = new Date('2026-05-15T12:00:00Z');
const good = { number: '4111 1111 1111 1111', expiry: '12/30', cvc: '123', holder: 'IVAN PETROV' };

describe('sandbox card form', () => {
  it('accepts every test card with a future expiry', () => {
    for (const card of TEST_CARDS) expect(validateCardForm({ ...good, number: card.number }, now)).toEqual({});
  });

  it('asks for every field with the §5 message', () => {
    expect(validateCardForm({ number: '', expiry: '', cvc: '', holder: '' }, now)).toEqual({
      number: 'Это поле необходимо заполнить.',
      expiry: 'Это поле необходимо заполнить.',
      cvc: 'Это поле необходимо заполнить.',
      holder: 'Это поле необходимо заполнить.',
    });
  });

  it('refuses a bad number, an expired or malformed date, a short CVC and a Cyrillic name', () => {
    const errors = validateCardForm({ number: '4111 1111 1111 1112', expiry: '04/26', cvc: '12', holder: 'Иван' }, now);
    expect(Object.keys(errors).sort()).toEqual(['cvc', 'expiry', 'holder', 'number']);
    expect(errors.expiry).toBe('Срок действия карты истёк');
    expect(validateCardForm({ ...good, expiry: '13/30' }, now).expiry).toBe('Укажите срок в виде ММ/ГГ');
    expect(validateCardForm({ ...good, expiry: '05/26' }, now)).toEqual({});
    expect(validateCardForm({ ...good, number: '4111 abcd' }, now).number).toBe('Допустимы только цифры.');
  });

  it('maps the test cards to success, «Недостаточно средств» and 3-D Secure; other cards decline', () => {
    expect(cardOutcome('4111111111111111')).toEqual({ kind: 'success' });
    expect(cardOutcome('4000 0000 0000 0002')).toEqual({ kind: 'decline', reason: 'Недостаточно средств' });
    expect(cardOutcome('4000-0000-0000-3220')).toEqual({ kind: '3ds' });
    expect(cardOutcome('5555 5555 5555 4444').kind).toBe('decline');
  });
});
