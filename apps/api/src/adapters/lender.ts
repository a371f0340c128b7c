// The lender adapter: the store sends a credit, instalment or loan application to its partner banks
// and hears each bank's decision later in a signed callback. The built-in implementation is the sandbox
// bank (apps/api/src/sandbox-bank/), which runs in this process, decides by documented test passport
// numbers after a short delay and calls back /api/credit/callback/{name}. A real broker (several
// banks behind one API) would implement the same interface with HTTP calls and its own signature.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface LenderApplicant {
  lastName: string;
  firstName: string;
  middleName: string | null;
  birthDate: string;
  passportSeries: string;
  passportNumber: string;
  /** Rubles a month. */
  income: number;
  employment: string;
  phone: string;
}

export interface LenderApplication {
  /** The store's application id (the store's records; the bank's ids come back per bank). */
  applicationId: number;
  orderId: number;
  kind: 'credit' | 'instalment' | 'loan';
  instalmentLabel: string | null;
  /** Kopecks. */
  amount: number;
  months: number;
  applicant: LenderApplicant;
}

/** One bank's application at the lender. */
export interface LenderSubmission {
  bank: string;
  bankApplicationId: string;
}

/** A callback's event in the store's terms. */
export interface LenderEvent {
  eventId: string;
  bankApplicationId: string;
  bank: string;
  decision: 'approved' | 'conditions' | 'declined' | 'signed';
  /** Kopecks and months the bank decided on; must equal the application's. */
  amount: number;
  months: number;
  rate: number | null;
  monthlyPayment: number | null;
  reason: string | null;
  /** Unix seconds the bank signed the callback at. */
  timestamp: number;
}

export interface Lender {
  /** In the callback path (/api/credit/callback/{name}). */
  readonly name: string;
  /** Sends the application to every bank that may lend it; each answers by callback. */
  submit(application: LenderApplication): Promise<LenderSubmission[]>;
  /** The shopper confirmed income (a bank asked for it): the bank decides again. */
  confirmIncome(bankApplicationId: string, document: string): Promise<void>;
  /** The shopper signed the bank's offer with the SMS code the store checked: the bank confirms by callback. */
  sign(bankApplicationId: string): Promise<void>;
  verifyCallback(rawBody: string, timestamp: string | undefined, signature: string | undefined): boolean;
  parseEvent(rawBody: string): LenderEvent | null;
}

export const LENDER_SIGNATURE_HEADER = 'x-lender-signature';
export const LENDER_TIMESTAMP_HEADER = 'x-lender-timestamp';
/** A callback older or newer than this is refused even when signed: a replay, or a clock gone wrong. */
export const CALLBACK_MAX_AGE_S = 300;

/** HMAC-SHA256 of `${timestamp}.${body}`, hex: the timestamp is signed, so it cannot be refreshed by a replayer. */
export const signLenderBody = (secret: string, timestamp: string, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

export function verifyLenderSignature(
  secret: string,
  rawBody: string,
  timestamp: string | undefined,
  signature: string | undefined,
  nowS: number,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature) || !timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowS - Number(timestamp)) > CALLBACK_MAX_AGE_S) return false;
  const expected = Buffer.from(signLenderBody(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The body every lender callback carries (the sandbox bank's shape). */
export interface LenderCallbackBody {
  event_id: string;
  bank: string;
  bank_application_id: string;
  decision: LenderEvent['decision'];
  amount: number;
  months: number;
  rate: number | null;
  monthly_payment: number | null;
  reason: string | null;
}

export function parseLenderBody(rawBody: string, timestamp: number): LenderEvent | null {
  let body: Partial<LenderCallbackBody> | null;
  try {
    body = JSON.parse(rawBody) as Partial<LenderCallbackBody> | null;
  } catch {
    return null;
  }
  if (
    !body ||
    typeof body.event_id !== 'string' ||
    typeof body.bank !== 'string' ||
    typeof body.bank_application_id !== 'string' ||
    !['approved', 'conditions', 'declined', 'signed'].includes(body.decision as string) ||
    !Number.isInteger(body.amount) ||
    !Number.isInteger(body.months)
  ) {
    return null;
  }
  return {
    eventId: body.event_id.slice(0, 100),
    bank: body.bank,
    bankApplicationId: body.bank_application_id,
    decision: body.decision!,
    amount: body.amount!,
    months: body.months!,
    rate: typeof body.rate === 'number' ? body.rate : null,
    monthlyPayment: Number.isInteger(body.monthly_payment) ? body.monthly_payment! : null,
    reason: typeof body.reason === 'string' ? body.reason.slice(0, 300) : null,
    timestamp,
  };
}
