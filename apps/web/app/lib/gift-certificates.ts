// What the /certificate page's forms share between the server (gift-certificates.server.ts) and the page.
import { PAYMENT_TYPE_IDS } from '@store/domain';

export interface BuyValues {
  nominal: string;
  payment_type: string;
  contact_name: string;
  mobile_phone: string;
  email: string;
  recipient_name: string;
  recipient_email: string;
  idempotency_key: string;
}

export type BuyErrors = Partial<Record<keyof BuyValues | 'form', string>>;

/** Certificates are paid online: by card or through SBP (the methods with available_gift_certificate). */
export const CERTIFICATE_PAYMENTS = [
  { id: PAYMENT_TYPE_IDS.online, label: 'Банковской картой' },
  { id: PAYMENT_TYPE_IDS.fastPaymentsSystem, label: 'Через СБП' },
] as const;
