// Form validation of SPEC §5: the messages exactly as written, the field rules that produce them,
// and the phone rules (digits only, country digit dropped, 7 prefixed when sent; the input masks).
// Used by the checkout's contacts step, sign-in, registration, profile and address forms, on the
// server and in the browser alike.

export const FORM_MESSAGES = {
  required: 'Это поле необходимо заполнить.',
  numeric: 'Допустимы только цифры.',
  email: 'Пожалуйста, введите корректный email.',
  minLength: (min: number) => `Пожалуйста, введите не меньше ${min} символов.`,
  maxLength: (max: number) => `Пожалуйста, введите не больше ${max} символов.`,
  passwordsMatch: 'Пароли не совпадают',
  consent: 'Для завершения необходимо согласие.',
  mobileStartsWith9: 'Код номера мобильного телефона должен начинаться с «9»',
  passwordCase: 'Пароль должен содержать строчные и заглавные буквы',
  lettersOnly: 'Это поле должно содержать только буквы',
  date: 'Введенная дата некорректна. Попробуйте еще раз',
} as const;

/** SPEC §5 input masks; '#' is one digit. */
export const PHONE_MASKS = ['+7 (###) ###-##-##', '+7 ### ### ## ##', '8 ### ### ## ##'] as const;
export const DATE_MASK = '##.##.####';
export const TIME_MASK = '##:##';
/** The SMS code is six digits; the 16-character code starting with X is the trade-point/personnel code. */
export const SMS_CODE_LENGTH = 6;
export const X_CODE_LENGTH = 16;
/** Our choice: the SPEC gives the case rule but no length; 8 is the common minimum. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 100;

/** The ten national digits of a Russian phone as typed in any of the masks (or null if not ten). */
export function nationalPhoneDigits(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  // "+7 …" and "8 …" carry a leading country digit; drop it.
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) digits = digits.slice(1);
  return digits.length === 10 ? digits : null;
}

/** The phone as sent to the server: 7 followed by the ten national digits ('79161234567'), or null. */
export function normalizePhone(input: string): string | null {
  const national = nationalPhoneDigits(input);
  return national ? `7${national}` : null;
}

/** Puts digits into a mask ('#' per digit), stopping where the digits run out: what the input shows while typing. */
export function applyMask(digits: string, mask: string): string {
  const only = digits.replace(/\D/g, '');
  let out = '';
  let next = 0;
  for (const char of mask) {
    if (next >= only.length) break;
    if (char === '#') out += only[next++];
    else out += char;
  }
  return out;
}

/** '+7 (916) 123-45-67' for any accepted form of a phone; the input unchanged if it is not a whole phone. */
export function formatPhone(input: string, mask: string = PHONE_MASKS[0]): string {
  const national = nationalPhoneDigits(input);
  return national ? applyMask(national, mask) : input;
}

/** The §5 message for a mobile phone, or null when it is valid. */
export function validateMobilePhone(input: string | null | undefined): string | null {
  const raw = (input ?? '').trim();
  if (raw === '') return FORM_MESSAGES.required;
  if (/[^\d\s()+-]/.test(raw)) return FORM_MESSAGES.numeric;
  let digits = raw.replace(/\D/g, '');
  // The country digit of '+7 …' and '8 …' (or of eleven digits typed in a row) is not part of the number.
  if (raw.startsWith('+7') || /^8\s/.test(raw) || (digits.length === 11 && /^[78]/.test(digits))) {
    digits = digits.slice(1);
  }
  if (digits.length > 0 && !digits.startsWith('9')) return FORM_MESSAGES.mobileStartsWith9;
  if (digits.length < 10) return FORM_MESSAGES.minLength(10);
  if (digits.length > 10) return FORM_MESSAGES.maxLength(10);
  return null;
}

// One @, a dot in the domain, no spaces: what a shopper can mistype, not the whole of RFC 5322.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const isEmail = (value: string) => EMAIL.test(value.trim());

/** Letters of any script, with the spaces, hyphens and apostrophes of names like «Анна-Мария». */
const LETTERS_ONLY = /^[\p{L}]+([\s'’-][\p{L}]+)*$/u;

export interface TextRules {
  required?: boolean;
  min?: number;
  max?: number;
  email?: boolean;
  numeric?: boolean;
  lettersOnly?: boolean;
}

/** The first §5 message a text breaks, or null. An empty optional field is valid. */
export function validateText(input: string | null | undefined, rules: TextRules): string | null {
  const value = (input ?? '').trim();
  if (value === '') return rules.required ? FORM_MESSAGES.required : null;
  if (rules.numeric && !/^\d+$/.test(value)) return FORM_MESSAGES.numeric;
  if (rules.lettersOnly && !LETTERS_ONLY.test(value)) return FORM_MESSAGES.lettersOnly;
  if (rules.email && !isEmail(value)) return FORM_MESSAGES.email;
  if (rules.min !== undefined && [...value].length < rules.min) return FORM_MESSAGES.minLength(rules.min);
  if (rules.max !== undefined && [...value].length > rules.max) return FORM_MESSAGES.maxLength(rules.max);
  return null;
}

/** A new password: required, 8–64 characters, lower- and upper-case letters. */
export function validatePassword(input: string | null | undefined): string | null {
  const value = input ?? '';
  if (value === '') return FORM_MESSAGES.required;
  if (value.length < PASSWORD_MIN_LENGTH) return FORM_MESSAGES.minLength(PASSWORD_MIN_LENGTH);
  if (value.length > PASSWORD_MAX_LENGTH) return FORM_MESSAGES.maxLength(PASSWORD_MAX_LENGTH);
  if (!/\p{Ll}/u.test(value) || !/\p{Lu}/u.test(value)) return FORM_MESSAGES.passwordCase;
  return null;
}

export const validatePasswordRepeat = (password: string, repeat: string | null | undefined): string | null =>
  (repeat ?? '') === '' ? FORM_MESSAGES.required : password === repeat ? null : FORM_MESSAGES.passwordsMatch;

export const validateConsent = (given: boolean | string | null | undefined): string | null =>
  given === true || given === 'on' || given === 'true' || given === '1' ? null : FORM_MESSAGES.consent;

/** A six-digit SMS code. */
export function validateSmsCode(input: string | null | undefined): string | null {
  const value = (input ?? '').trim();
  if (value === '') return FORM_MESSAGES.required;
  if (!/^\d+$/.test(value)) return FORM_MESSAGES.numeric;
  if (value.length < SMS_CODE_LENGTH) return FORM_MESSAGES.minLength(SMS_CODE_LENGTH);
  if (value.length > SMS_CODE_LENGTH) return FORM_MESSAGES.maxLength(SMS_CODE_LENGTH);
  return null;
}

/** 'ДД.ММ.ГГГГ' as typed into the date mask → 'YYYY-MM-DD', or null when it is not a real calendar date. */
export function parseMaskedDate(input: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(input.trim());
  if (!match) return null;
  const [, dd, mm, yyyy] = match;
  const iso = `${yyyy}-${mm}-${dd}`;
  const time = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== iso) return null;
  return iso;
}

/**
 * A birth date typed as 'ДД.ММ.ГГГГ': a real date, not in the future (relative to `today`,
 * 'YYYY-MM-DD') and not before 1900. Empty is valid unless required.
 */
export function validateBirthDate(input: string | null | undefined, today: string, required = false): string | null {
  const value = (input ?? '').trim();
  if (value === '') return required ? FORM_MESSAGES.required : null;
  const iso = parseMaskedDate(value);
  if (!iso || iso > today || iso < '1900-01-01') return FORM_MESSAGES.date;
  return null;
}

/** Luhn's check over a string of digits (card numbers, IMEI): the last digit checks the others. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** 'HH:MM' within a day, or null. */
export const isTime = (input: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(input.trim());
