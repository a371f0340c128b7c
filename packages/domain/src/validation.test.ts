import { describe, expect, it } from 'vitest';
import {
  FORM_MESSAGES,
  applyMask,
  formatPhone,
  isTime,
  nationalPhoneDigits,
  normalizePhone,
  parseMaskedDate,
  validateBirthDate,
  validateConsent,
  validateMobilePhone,
  validatePassword,
  validatePasswordRepeat,
  validateSmsCode,
  validateText,
} from './validation.ts';

describe('§5 form messages', () => {
  it('are worded exactly as the SPEC writes them', () => {
    expect(FORM_MESSAGES.required).toBe('Это поле необходимо заполнить.');
    expect(FORM_MESSAGES.numeric).toBe('Допустимы только цифры.');
    expect(FORM_MESSAGES.email).toBe('Пожалуйста, введите корректный email.');
    expect(FORM_MESSAGES.minLength(3)).toBe('Пожалуйста, введите не меньше 3 символов.');
    expect(FORM_MESSAGES.maxLength(50)).toBe('Пожалуйста, введите не больше 50 символов.');
    expect(FORM_MESSAGES.passwordsMatch).toBe('Пароли не совпадают');
    expect(FORM_MESSAGES.consent).toBe('Для завершения необходимо согласие.');
    expect(FORM_MESSAGES.mobileStartsWith9).toBe('Код номера мобильного телефона должен начинаться с «9»');
    expect(FORM_MESSAGES.passwordCase).toBe('Пароль должен содержать строчные и заглавные буквы');
    expect(FORM_MESSAGES.lettersOnly).toBe('Это поле должно содержать только буквы');
    expect(FORM_MESSAGES.date).toBe('Введенная дата некорректна. Попробуйте еще раз');
  });
});

describe('phones', () => {
  it.each([
    ['+7 (916) 123-45-67', '79161234567'],
    ['+7 916 123 45 67', '79161234567'],
    ['8 916 123 45 67', '79161234567'],
    ['9161234567', '79161234567'],
    ['89161234567', '79161234567'],
  ])('normalises %s to %s (digits, country digit dropped, 7 prefixed)', (input, sent) => {
    expect(normalizePhone(input)).toBe(sent);
  });

  it('refuses what is not ten national digits', () => {
    expect(normalizePhone('+7 916 123')).toBeNull();
    expect(nationalPhoneDigits('123456789012')).toBeNull();
  });

  it('fills the masks as the shopper types', () => {
    expect(applyMask('916', '+7 (###) ###-##-##')).toBe('+7 (916');
    expect(applyMask('9161234567', '+7 (###) ###-##-##')).toBe('+7 (916) 123-45-67');
    expect(applyMask('9161234567', '8 ### ### ## ##')).toBe('8 916 123 45 67');
    expect(formatPhone('79161234567')).toBe('+7 (916) 123-45-67');
    expect(formatPhone('12')).toBe('12');
  });

  it('gives the §5 message of a bad mobile phone', () => {
    expect(validateMobilePhone('')).toBe(FORM_MESSAGES.required);
    expect(validateMobilePhone('+7 (816) 123-45-67')).toBe(FORM_MESSAGES.mobileStartsWith9);
    expect(validateMobilePhone('+7 (916) 12')).toBe(FORM_MESSAGES.minLength(10));
    expect(validateMobilePhone('9161234567a')).toBe(FORM_MESSAGES.numeric);
    expect(validateMobilePhone('+7 (916) 123-45-67')).toBeNull();
    expect(validateMobilePhone('8 916 123 45 67')).toBeNull();
  });
});

describe('text rules', () => {
  it('checks required, letters, e-mail and lengths in that order', () => {
    expect(validateText(' ', { required: true })).toBe(FORM_MESSAGES.required);
    expect(validateText('', { max: 3 })).toBeNull();
    expect(validateText('Иван2', { lettersOnly: true })).toBe(FORM_MESSAGES.lettersOnly);
    expect(validateText('Анна-Мария', { lettersOnly: true })).toBeNull();
    expect(validateText('ivan@', { email: true })).toBe(FORM_MESSAGES.email);
    expect(validateText('ivan @mail.ru', { email: true })).toBe(FORM_MESSAGES.email);
    expect(validateText('ivan@mail.ru', { email: true })).toBeNull();
    expect(validateText('12a', { numeric: true })).toBe(FORM_MESSAGES.numeric);
    expect(validateText('Ян', { min: 3 })).toBe(FORM_MESSAGES.minLength(3));
    expect(validateText('Иван', { max: 3 })).toBe(FORM_MESSAGES.maxLength(3));
  });

  it('checks passwords, their repeat, consent and codes', () => {
    expect(validatePassword('')).toBe(FORM_MESSAGES.required);
    expect(validatePassword('Ab1')).toBe(FORM_MESSAGES.minLength(8));
    expect(validatePassword('password1')).toBe(FORM_MESSAGES.passwordCase);
    expect(validatePassword('Password1')).toBeNull();
    expect(validatePasswordRepeat('Password1', 'Password2')).toBe(FORM_MESSAGES.passwordsMatch);
    expect(validatePasswordRepeat('Password1', 'Password1')).toBeNull();
    expect(validateConsent(undefined)).toBe(FORM_MESSAGES.consent);
    expect(validateConsent('on')).toBeNull();
    expect(validateSmsCode('12a456')).toBe(FORM_MESSAGES.numeric);
    expect(validateSmsCode('12345')).toBe(FORM_MESSAGES.minLength(6));
    expect(validateSmsCode('123456')).toBeNull();
  });

  it('checks masked dates and times', () => {
    expect(parseMaskedDate('29.02.2024')).toBe('2024-02-29');
    expect(parseMaskedDate('29.02.2023')).toBeNull();
    expect(validateBirthDate('31.04.1990', '2026-11-21')).toBe(FORM_MESSAGES.date);
    expect(validateBirthDate('01.01.2030', '2026-11-21')).toBe(FORM_MESSAGES.date);
    expect(validateBirthDate('15.06.1990', '2026-11-21')).toBeNull();
    expect(validateBirthDate('', '2026-11-21')).toBeNull();
    expect(isTime('09:30')).toBe(true);
    expect(isTime('24:00')).toBe(false);
  });
});
