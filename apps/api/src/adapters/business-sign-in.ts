// The business bank's sign-in (issue 17, SPEC §7 GET /api/auth/v1/b2b-sber/authorize; decision 0047):
// an OAuth 2.0 / OpenID Connect authorization-code flow in the shape of «СберБизнес ID». The store sends
// the shopper to the bank's sign-in page with a `state` and a `nonce`; the bank sends the shopper back
// with a one-time `code`; the store exchanges the code server-side for an access token
// (POST …/ic/sso/api/v2/oauth/token, form: grant_type, code, client_id, client_secret, redirect_uri) and
// reads the company with it (GET …/ic/sso/api/v2/oauth/user-info: a JWS the bank signs, carrying
// `aud` = the client id, `nonce`, `exp`, `sub`, `inn`, `orgKpp`, `orgFullName`, `orgOgrn`, `name`).
//
// One implementation serves both providers; they differ only in addresses and the user-info key:
// - the built-in sandbox (sandbox-business-bank/app.ts), served by this process at
//   /sandbox-business-bank/ic/sso/api/v2/oauth/…, signs with the client secret (HS256) and is reached
//   in-process through `fetch`;
// - the real bank: the sign-in page at B2B_SIGN_IN_AUTH_URL, the token and user-info calls at
//   B2B_SIGN_IN_API_URL (the bank wants a client TLS certificate there, so that address is the
//   retailer's egress proxy holding it), the user-info signed RS256 with the bank's key.
import { createHmac, createVerify, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

/** What the bank says about the signed-in representative's company. */
export interface BusinessIdentity {
  /** The bank's id of the signed-in user. */
  subject: string;
  inn: string;
  kpp: string | null;
  companyName: string;
  ogrn: string | null;
  representative: string;
}

/** The bank refused the code or its answer failed a check: the shopper starts again. */
export class SignInRefused extends Error {
  constructor(readonly reason: 'code' | 'answer') {
    super(`business sign-in refused: ${reason}`);
  }
}

export interface BusinessSignIn {
  /** Stored with a confirmation: sandbox | sberbusiness. */
  readonly name: string;
  /** The bank's sign-in page for this state and nonce. */
  authorizeUrl(request: { state: string; nonce: string; redirectUri: string }): string;
  /** The company of a one-time code; SignInRefused when the bank refuses it or its answer is not right. */
  exchange(request: { code: string; nonce: string; redirectUri: string }): Promise<BusinessIdentity>;
}

export const SIGN_IN_PATHS = {
  authorize: '/ic/sso/api/v2/oauth/authorize',
  token: '/ic/sso/api/v2/oauth/token',
  userInfo: '/ic/sso/api/v2/oauth/user-info',
} as const;

/** The claims the store asks for (SberBusiness ID's names). */
export const SIGN_IN_SCOPE = 'openid inn orgKpp orgFullName orgOgrn name';

// ---------------------------------------------------------------- JWS (compact, HS256 or RS256)

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A compact HS256 JWS of the claims (the sandbox bank's user-info answer). */
export function signJws(claims: Record<string, unknown>, secret: string): string {
  const body = `${b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

export type JwsKey = { alg: 'HS256'; secret: string } | { alg: 'RS256'; publicKey: KeyObject };

/** The claims of a compact JWS whose signature the key checks, else null (an unexpected `alg` included). */
export function verifyJws(token: string, key: JwsKey): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || token.length > 16_384) return null;
  const [head, payload, signature] = parts as [string, string, string];
  let header: { alg?: unknown };
  let claims: unknown;
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown };
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  // The algorithm is the store's choice, never the token's («alg: none» and key confusion stay out).
  if (header.alg !== key.alg || !claims || typeof claims !== 'object' || Array.isArray(claims)) return null;
  const sent = Buffer.from(signature, 'base64url');
  const body = `${head}.${payload}`;
  if (key.alg === 'HS256') {
    const expected = createHmac('sha256', key.secret).update(body).digest();
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return null;
  } else if (!createVerify('RSA-SHA256').update(body).verify(key.publicKey, sent)) {
    return null;
  }
  return claims as Record<string, unknown>;
}

// ---------------------------------------------------------------- the OAuth client

export interface OAuthSignInOptions {
  name: string;
  clientId: string;
  clientSecret: string;
  /** Where the shopper's browser goes: the bank's host, or the sandbox's path on this site. */
  authBase: string;
  /** Where the store's server calls the token and user-info endpoints. */
  apiBase: string;
  /** The `iss` the bank signs its answers with. */
  issuer: string;
  key: JwsKey;
  fetch?: (request: Request) => Promise<Response>;
  now?: () => number;
  /** Seconds an answer's clock may differ from ours. */
  leewayS?: number;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export function createOAuthBusinessSignIn(options: OAuthSignInOptions): BusinessSignIn {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const now = options.now ?? (() => Date.now());
  const leeway = options.leewayS ?? 60;
  return {
    name: options.name,
    authorizeUrl({ state, nonce, redirectUri }) {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope: SIGN_IN_SCOPE,
        state,
        nonce,
      });
      return `${options.authBase}${SIGN_IN_PATHS.authorize}?${query}`;
    },
    async exchange({ code, nonce, redirectUri }) {
      const tokenResponse = await send(
        new Request(`${options.apiBase}${SIGN_IN_PATHS.token}`, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
            // SberBusiness ID asks every call for a request id of 32 hex digits.
            rquid: randomBytes(16).toString('hex'),
          },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            client_id: options.clientId,
            client_secret: options.clientSecret,
            redirect_uri: redirectUri,
          }),
          signal: AbortSignal.timeout(10_000),
        }),
      );
      // RFC 6749 §5.2: a refused code is a 400 with invalid_grant; anything else is the bank failing.
      if (tokenResponse.status === 400 || tokenResponse.status === 401) throw new SignInRefused('code');
      if (!tokenResponse.ok) throw new Error(`business sign-in token endpoint answered ${tokenResponse.status}`);
      const token = (await tokenResponse.json()) as { access_token?: unknown };
      const accessToken = text(token.access_token);
      if (!accessToken) throw new Error('business sign-in token endpoint answered no access token');

      const infoResponse = await send(
        new Request(`${options.apiBase}${SIGN_IN_PATHS.userInfo}`, {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/jwt' },
          signal: AbortSignal.timeout(10_000),
        }),
      );
      if (infoResponse.status === 401) throw new SignInRefused('code');
      if (!infoResponse.ok) throw new Error(`business sign-in user-info answered ${infoResponse.status}`);
      const claims = verifyJws((await infoResponse.text()).trim(), options.key);
      if (!claims) throw new SignInRefused('answer');
      const nowS = Math.floor(now() / 1000);
      const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      const fresh = typeof claims.exp === 'number' && claims.exp + leeway > nowS;
      const issuedBefore = typeof claims.iat !== 'number' || claims.iat - leeway <= nowS;
      // The nonce ties the answer to the state this shopper started with: an answer replayed into
      // another sign-in carries another nonce.
      if (
        claims.iss !== options.issuer ||
        !audience.includes(options.clientId) ||
        !fresh ||
        !issuedBefore ||
        claims.nonce !== nonce
      ) {
        throw new SignInRefused('answer');
      }
      const subject = text(claims.sub);
      const inn = text(claims.inn);
      const companyName = text(claims.orgFullName) ?? text(claims.OrgName);
      const representative = text(claims.name);
      if (!subject || !inn || !companyName || !representative) throw new SignInRefused('answer');
      return { subject, inn, kpp: text(claims.orgKpp), companyName, ogrn: text(claims.orgOgrn), representative };
    },
  };
}
