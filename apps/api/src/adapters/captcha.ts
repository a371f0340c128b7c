// Captcha (SPEC §5: a captcha needs a site key and a version; §7: the captcha script loads in the
// page). Two implementations behind one interface:
// - local: an arithmetic question whose answer is bound to an HMAC-signed, expiring, single-use
//   token; it works offline and is what development, tests and a store without a provider use;
// - remote: the provider's widget in the page (site key + version) and a server-side check of its
//   response token with the secret (the reCAPTCHA / SmartCaptcha `siteverify` form POST shape).
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Cache } from '../cache.ts';

export interface CaptchaChallenge {
  provider: 'local' | 'remote';
  /** §5: the widget's site key (null for the local question). */
  site_key: string | null;
  /** §5: the widget version ('local' for the question). */
  version: string;
  /** The local question and its signed token; null for the remote widget. */
  question: string | null;
  token: string | null;
}

export interface CaptchaAnswer {
  /** The local challenge token, or the provider's response token. */
  token: string;
  /** The local question's answer. */
  answer?: string | undefined;
}

export interface Captcha {
  challenge(): Promise<CaptchaChallenge>;
  /** Whether the answer is right; a token passes once. */
  verify(answer: CaptchaAnswer, remoteIp: string | null): Promise<boolean>;
}

/** A local question lives 10 minutes. */
export const LOCAL_CAPTCHA_TTL_S = 10 * 60;

interface LocalClaims {
  n: string;
  exp: number;
}

/** The local arithmetic captcha. `secret` signs the tokens; `cache` remembers the used ones. */
export function createLocalCaptcha(options: { secret: Buffer; cache: Cache; now?: () => number }): Captcha {
  const now = options.now ?? (() => Date.now());
  const mac = (body: string, answer: string) =>
    createHmac('sha256', options.secret).update(`captcha:${body}:${answer}`).digest();
  return {
    async challenge() {
      const a = randomInt(2, 10);
      const b = randomInt(2, 10);
      const claims: LocalClaims = {
        n: randomBytes(12).toString('base64url'),
        exp: Math.floor(now() / 1000) + LOCAL_CAPTCHA_TTL_S,
      };
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      // The answer is inside the signature only: the token does not give it away.
      const token = `${body}.${mac(body, String(a + b)).toString('base64url')}`;
      return { provider: 'local', site_key: null, version: 'local', question: `Сколько будет ${a} + ${b}?`, token };
    },
    async verify({ token, answer }) {
      const [body = '', signature = ''] = token.split('.');
      const given = (answer ?? '').trim();
      if (!body || !/^\d{1,3}$/.test(given) || token.length > 512) return false;
      const expected = mac(body, String(Number(given)));
      const sent = Buffer.from(signature, 'base64url');
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return false;
      let claims: LocalClaims;
      try {
        claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LocalClaims;
      } catch {
        return false;
      }
      const left = claims.exp * 1000 - now();
      if (left <= 0) return false;
      // Single use across instances: only the first to claim the token's nonce passes (Redis SET NX).
      return options.cache.claim(`captcha-used:${claims.n}`, left);
    },
  };
}

/** The provider's check of a widget response (e.g. https://www.google.com/recaptcha/api/siteverify). */
export function createRemoteCaptcha(options: {
  siteKey: string;
  secret: string;
  version: string;
  verifyUrl: string;
  fetch?: typeof fetch;
}): Captcha {
  const send = options.fetch ?? fetch;
  return {
    async challenge() {
      return { provider: 'remote', site_key: options.siteKey, version: options.version, question: null, token: null };
    },
    async verify({ token }, remoteIp) {
      if (!token || token.length > 4096) return false;
      const form = new URLSearchParams({ secret: options.secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      const response = await send(options.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`captcha provider answered ${response.status}`);
      const result = (await response.json()) as { success?: boolean; status?: string };
      return result.success === true || result.status === 'ok';
    },
  };
}
