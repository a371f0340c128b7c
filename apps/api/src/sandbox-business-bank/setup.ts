// The business bank sign-in the configuration asks for (decision 0047): the built-in sandbox bank,
// whose pages this process serves and whose token calls go to it in-process, or SberBusiness ID.
import { createPublicKey, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createOAuthBusinessSignIn, type BusinessSignIn } from '../adapters/business-sign-in.ts';
import type { Cache } from '../cache.ts';
import type { Config } from '../config.ts';
import { B2B_CALLBACK_PATH } from '../services/business-sign-in.ts';
import { SANDBOX_BUSINESS_BANK_ISSUER, SANDBOX_BUSINESS_BANK_PATH, createSandboxBusinessBank } from './app.ts';

export const SANDBOX_CLIENT_ID = 'multicenter-sandbox';
/** The issuer SberBusiness ID signs its answers with. */
export const SBERBUSINESS_ISSUER = 'https://sbi.sberbank.ru';

export function businessSignInOf(config: Config, cache: Cache) {
  if (config.B2B_SIGN_IN_PROVIDER === 'sberbusiness') {
    const signIn: BusinessSignIn = createOAuthBusinessSignIn({
      name: 'sberbusiness',
      clientId: config.B2B_SIGN_IN_CLIENT_ID!,
      clientSecret: config.B2B_SIGN_IN_CLIENT_SECRET!,
      authBase: config.B2B_SIGN_IN_AUTH_URL.replace(/\/+$/, ''),
      apiBase: config.B2B_SIGN_IN_API_URL.replace(/\/+$/, ''),
      issuer: SBERBUSINESS_ISSUER,
      key: { alg: 'RS256', publicKey: createPublicKey(fs.readFileSync(config.B2B_SIGN_IN_BANK_KEY_FILE!)) },
    });
    return { signIn, sandbox: null };
  }
  const clientId = config.B2B_SIGN_IN_CLIENT_ID ?? SANDBOX_CLIENT_ID;
  // Without a configured secret a random one per process: the bank and the store share the process.
  const clientSecret = config.B2B_SIGN_IN_CLIENT_SECRET ?? randomBytes(32).toString('hex');
  const sandbox = createSandboxBusinessBank({
    clientId,
    clientSecret,
    callbackPath: B2B_CALLBACK_PATH,
    publicOrigin: config.PUBLIC_ORIGIN,
    cache,
  });
  const signIn = createOAuthBusinessSignIn({
    name: 'sandbox',
    clientId,
    clientSecret,
    authBase: SANDBOX_BUSINESS_BANK_PATH,
    // In-process: the host is never looked up.
    apiBase: `http://sandbox-business-bank.internal${SANDBOX_BUSINESS_BANK_PATH}`,
    issuer: SANDBOX_BUSINESS_BANK_ISSUER,
    key: { alg: 'HS256', secret: clientSecret },
    fetch: async (request) => sandbox.fetch(request),
  });
  return { signIn, sandbox };
}
