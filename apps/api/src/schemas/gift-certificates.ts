// Gift certificates (issue 15 item 6; routes/gift-certificates.ts, decision 0027).
import { z } from '@hono/zod-openapi';

export const GiftCertificateBalanceSchema = z
  .object({
    code: z.string().openapi({ example: 'XK7M-P2QR-9TWD-H4NB' }),
    nominal: z.number().int().openapi({ description: 'Kopecks' }),
    balance: z.number().int().openapi({ description: 'Kopecks it can pay now' }),
    state: z.enum(['active', 'spent', 'expired']),
    expires_at: z.string().nullable(),
  })
  .openapi('GiftCertificateBalance');

export const BuyGiftCertificateSchema = z
  .object({
    nominal: z.number().int().min(0).max(100_000_000).openapi({ description: 'Kopecks: 100000 … 3000000' }),
    payment_type: z.number().int().min(0).max(1_000_000).openapi({ description: '§9 id: 17 card online, 64 SBP' }),
    contact_name: z.string().max(200),
    mobile_phone: z.string().max(40),
    email: z.string().max(200),
    recipient_email: z.string().max(200).nullish(),
    recipient_name: z.string().max(200).nullish(),
    idempotency_key: z.string().trim().min(8).max(100),
  })
  .openapi('BuyGiftCertificate');

export type GiftCertificateBalance = z.infer<typeof GiftCertificateBalanceSchema>;
export type BuyGiftCertificate = z.infer<typeof BuyGiftCertificateSchema>;
