// Demo gift certificates (issue 15, README «Подарочные сертификаты»): fixed codes to try on /certificate
// and in checkout. Dates are relative to the seeding moment, so one is always valid and one expired.
import type { DatabaseHandle } from '../index.ts';

const DAY = 86_400_000;

/** Code, nominal in kopecks, issued and expiring (days from now). */
export const DEMO_GIFT_CERTIFICATES = [
  { code: 'XDEM5NABKHRS2345', nominal: 500_000, issued: -30, expires: 335 },
  { code: 'XDEM3PRTWXYZ6789', nominal: 3_000_000, issued: -5, expires: 360 },
  { code: 'XDEMEXPRD4TE2222', nominal: 100_000, issued: -400, expires: -35 },
] as const;

export async function insertDemoGiftCertificates(handle: DatabaseHandle): Promise<void> {
  const now = Date.now();
  for (const c of DEMO_GIFT_CERTIFICATES) {
    await handle.query(
      `insert into gift_certificates (code, nominal, recipient_name, issued_at, expires_at) values ($1, $2, $3, $4, $5)`,
      [c.code, c.nominal, 'Демо', new Date(now + c.issued * DAY), new Date(now + c.expires * DAY)],
    );
  }
}
