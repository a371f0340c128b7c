// Test only: a gift certificate issued straight into the database, as if bought the day before.
import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '@store/db';
import { giftCertificateCodeFrom } from '@store/domain';
import { insertCertificate } from '../data/gift-certificates.ts';

/** An issued certificate of `nominal` kopecks with a fresh code, valid `expiresInDays` more days (negative: expired). */
export async function issuedCertificate(handle: DatabaseHandle, nominal: number, expiresInDays = 300): Promise<string> {
  const code = giftCertificateCodeFrom(randomBytes(15));
  await insertCertificate(handle, {
    code,
    nominal,
    orderId: null,
    recipientEmail: null,
    recipientName: null,
    issuedAt: new Date(Date.now() - 86_400_000),
    expiresAt: new Date(Date.now() + expiresInDays * 86_400_000),
  });
  return code;
}
