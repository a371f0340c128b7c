// A phone confirmed by an SMS code for a request filed without signing in (the repair wizard, the
// insurance and finance applications): the code goes out through the notifier with its auth_codes row
// in one transaction; a right code answers a signed, hour-long proof (phone_request_id) that the
// request's submit checks, so the phone never has to be confirmed twice for one request.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { authSecret } from '../auth/tokens.ts';
import { insertAuthCode, type CodePurpose } from '../data/accounts.ts';
import type { ApiEnv } from '../http/env.ts';
import { checkCode, clientIp, codeHash, newCode } from './auth.ts';

/** A confirmed phone stays usable for a request this long. */
const PHONE_CONFIRMATION_TTL_S = 60 * 60;
const CODE_TTL_S = 300;

type Config = ApiEnv['Variables']['deps']['config'];

/** Sends a six-digit code to the phone (7 and ten digits); `text` is the SMS before the code. */
export async function sendPhoneCode(
  c: Context<ApiEnv>,
  target: { phone: string; purpose: CodePurpose; text: string },
): Promise<void> {
  const { handle, adapters } = c.get('deps');
  const code = newCode();
  await handle.transaction(async (tx) => {
    await insertAuthCode(tx, {
      channel: 'sms',
      recipient: target.phone,
      purpose: target.purpose,
      codeHash: codeHash(target.phone, target.purpose, code),
      ip: clientIp(c),
      ttlS: CODE_TTL_S,
    });
    await adapters.notifier.send(
      {
        channel: 'sms',
        recipient: target.phone,
        template: `code-${target.purpose}`,
        subject: null,
        body: `${target.text}: ${code}. Никому не сообщайте его. Код действует 5 минут.`,
        payload: { purpose: target.purpose },
      },
      tx,
    );
  });
}

function sign(config: Config, purpose: CodePurpose, text: string) {
  return createHmac('sha256', authSecret(config)).update(`${purpose}:${text}`).digest('base64url');
}

/** Checks the code (a wrong one counts) and answers the phone_request_id: signed, valid for an hour. */
export async function confirmPhoneCode(
  c: Context<ApiEnv>,
  target: { phone: string; purpose: CodePurpose; code: string },
): Promise<string> {
  await checkCode(c, { recipient: target.phone, purpose: target.purpose, code: target.code, field: 'code' });
  const expires = Math.floor(Date.now() / 1000) + PHONE_CONFIRMATION_TTL_S;
  return `${expires}.${sign(c.get('deps').config, target.purpose, `${target.phone}.${expires}`)}`;
}

/** Whether a phone_request_id proves this phone for this purpose and has not expired. */
export function phoneProofValid(config: Config, purpose: CodePurpose, phone: string, requestId: string): boolean {
  const match = /^(\d{10})\.([A-Za-z0-9_-]{43})$/.exec(requestId);
  if (!match) return false;
  if (Number(match[1]) < Date.now() / 1000) return false;
  const expected = Buffer.from(sign(config, purpose, `${phone}.${match[1]}`));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
