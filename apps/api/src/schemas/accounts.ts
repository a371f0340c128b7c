// Inputs and answers of the account calls (SPEC §3 User, Address; §5 rules and messages).
import { z } from '@hono/zod-openapi';
import { positiveInt } from '../http/params.ts';
import {
  EMAIL_MAX_LENGTH,
  FORM_MESSAGES,
  NAME_MAX_LENGTH,
  isEmail,
  normalizePhone,
  parseMaskedDate,
  validateBirthDate,
  validateConsent,
  validateMobilePhone,
  validatePassword,
  validateSmsCode,
  validateText,
} from '@store/domain';
import type { AddressRow, UserRow } from '../data/accounts.ts';
import { ErrorSchema, errorResponses } from './shell.ts';

const required = FORM_MESSAGES.required;

/** A string field checked by one of the §5 rules of the domain (the first message it breaks). */
const ruled = (check: (value: string) => string | null) =>
  z.string({ error: required }).superRefine((value, ctx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** A mobile phone in any of the §5 masks, sent on as '79161234567'. */
export const phoneField = ruled(validateMobilePhone).transform((value) => normalizePhone(value)!);

/** A phone or an e-mail: what the sign-in and password reset forms take. */
export const loginField = ruled((value) => {
  const trimmed = value.trim();
  if (trimmed === '') return required;
  if (trimmed.includes('@')) return isEmail(trimmed) ? null : FORM_MESSAGES.email;
  return validateMobilePhone(trimmed);
}).transform((value) => {
  const trimmed = value.trim();
  return trimmed.includes('@')
    ? ({ kind: 'email', value: trimmed.toLowerCase() } as const)
    : ({ kind: 'phone', value: normalizePhone(trimmed)! } as const);
});

export const smsCodeField = ruled(validateSmsCode).transform((value) => value.trim());
export const passwordField = ruled(validatePassword);
/** A password typed at sign-in: only required (the rules apply when it is set). */
export const currentPasswordField = z
  .string({ error: required })
  .min(1, required)
  .max(200, FORM_MESSAGES.maxLength(200));

export const nameField = (isRequired: boolean) =>
  ruled((value) => validateText(value, { required: isRequired, lettersOnly: true, max: NAME_MAX_LENGTH })).transform(
    (value) => value.trim() || null,
  );

export const emailField = ruled((value) => validateText(value, { email: true, max: EMAIL_MAX_LENGTH })).transform(
  (value) => value.trim().toLowerCase() || null,
);

const today = () => new Date().toISOString().slice(0, 10);
/** 'ДД.ММ.ГГГГ' (the §5 date mask) or 'YYYY-MM-DD'; empty clears it. Stored as 'YYYY-MM-DD'. */
export const birthdateField = ruled((value) => {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? value.trim().split('-').reverse().join('.') : value;
  return validateBirthDate(iso, today());
}).transform((value) => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? trimmed : parseMaskedDate(trimmed);
});

export const consentField = z
  .union([z.boolean(), z.string()], { error: FORM_MESSAGES.consent })
  .superRefine((value, ctx) => {
    const message = validateConsent(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const RegisterSchema = z
  .object({
    phone: phoneField,
    code: smsCodeField,
    first_name: nameField(true),
    last_name: nameField(false).optional(),
    email: emailField.optional(),
    password: passwordField,
    password_repeat: z.string({ error: required }),
    consent: consentField,
  })
  .superRefine((value, ctx) => {
    if (value.password_repeat === '') ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: required });
    else if (value.password !== value.password_repeat)
      ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: FORM_MESSAGES.passwordsMatch });
  });

export const PasswordResetSchema = z
  .object({
    login: loginField,
    code: smsCodeField,
    password: passwordField,
    password_repeat: z.string({ error: required }),
  })
  .superRefine((value, ctx) => {
    if (value.password_repeat === '') ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: required });
    else if (value.password !== value.password_repeat)
      ctx.addIssue({ code: 'custom', path: ['password_repeat'], message: FORM_MESSAGES.passwordsMatch });
  });

export const ProfileUpdateSchema = z.object({
  first_name: nameField(true).optional(),
  last_name: nameField(false).optional(),
  birthdate: birthdateField.optional(),
  sex: z
    .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2'), z.literal(''), z.null()], {
      error: 'Выберите пол из списка.',
    })
    .transform((value) => (value === '' || value === null ? null : Number(value)))
    .optional(),
  email: emailField.optional(),
});

const addressText = (isRequired: boolean, max: number) =>
  ruled((value) => validateText(value, { required: isRequired, max })).transform((value) => value.trim() || null);

export const AddressInputSchema = z.object({
  city_id: positiveInt.nullable().optional(),
  city_name: addressText(true, 100),
  street: addressText(true, 150),
  house_number: addressText(true, 20),
  housing: addressText(false, 20).optional(),
  building: addressText(false, 20).optional(),
  floor: ruled((value) => validateText(value, { numeric: true, max: 3 }))
    .transform((value) => value.trim() || null)
    .optional(),
  flat_number: addressText(false, 20).optional(),
});

export const ProfileSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    birthdate: z.string().nullable(),
    sex: z.number().int().nullable(),
    phone: z.string(),
    email: z.string().nullable(),
    new_email: z.string().nullable(),
    is_confirmed_email: z.boolean(),
    has_password: z.boolean(),
    subscribe_product_ids: z.array(z.number().int()),
    subscribe_types: z.array(z.string()),
    favorite_product_ids: z.array(z.number().int()),
    compare_product_ids: z.array(z.number().int()),
    counts: z.object({
      reviews: z.number().int(),
      questions: z.number().int(),
      addresses: z.number().int(),
      orders: z.number().int(),
    }),
  })
  .openapi('Profile');
export type Profile = z.infer<typeof ProfileSchema>;

export const toProfile = (user: UserRow, counts: Profile['counts']): Profile => ({
  id: user.id,
  first_name: user.first_name,
  last_name: user.last_name,
  birthdate: user.birthdate,
  sex: user.sex,
  phone: user.phone,
  email: user.email,
  new_email: user.new_email,
  is_confirmed_email: user.is_confirmed_email,
  has_password: user.password_hash !== null,
  subscribe_product_ids: user.subscribe_product_ids,
  subscribe_types: user.subscribe_types,
  favorite_product_ids: user.favorite_product_ids,
  compare_product_ids: user.compare_product_ids,
  counts,
});

export const AddressSchema = z
  .object({
    id: z.number().int(),
    city: z.object({ id: z.number().int().nullable(), name: z.string() }),
    street: z.string(),
    house_number: z.string(),
    housing: z.string().nullable(),
    building: z.string().nullable(),
    floor: z.string().nullable(),
    flat_number: z.string().nullable(),
  })
  .openapi('Address');
export type Address = z.infer<typeof AddressSchema>;

export const toAddress = (row: AddressRow): Address => ({
  id: row.id,
  city: { id: row.city_id, name: row.city_name },
  street: row.street,
  house_number: row.house_number,
  housing: row.housing,
  building: row.building,
  floor: row.floor,
  flat_number: row.flat_number,
});

export const SessionSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int(),
    user: ProfileSchema,
    /** Items in the basket this browser uses now (the guest's merged into the customer's); also the basket_count cookie. */
    basket_count: z.number().int(),
  })
  .openapi('Session');

export const EmployeeStateSchema = z
  .object({
    tradePointNumber: z.string().nullable(),
    tradePointName: z.string().nullable(),
    personnelNumber: z.string().nullable(),
    employeeName: z.string().nullable(),
    isEmployee: z.boolean(),
    authByTradePoint: z.boolean(),
    authByToken: z.boolean(),
  })
  .openapi('EmployeeState');
export type EmployeeState = z.infer<typeof EmployeeStateSchema>;

export const CodeSentSchema = z
  .object({ message: z.string(), resend_after: z.number().int(), expires_in: z.number().int() })
  .openapi('CodeSent');

/** The same error responses plus the rate limit's 429. */
export const authErrors = {
  ...errorResponses,
  429: { description: 'Too many attempts', content: { 'application/json': { schema: ErrorSchema } } },
};
