// Access tokens: short-lived HMAC-SHA256 JWTs (SPEC §6 bearer token, also carried by the httpOnly
// access_token cookie for pages). Refresh tokens: random strings stored only as SHA-256 hashes.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';

/** Access token lifetime: a stolen token is useful for 15 minutes at most. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
/** Refresh token lifetime (SPEC §9 has a 31-day constant). */
export const REFRESH_TOKEN_TTL_S = 31 * 24 * 3600;

const secrets = new WeakMap<Config, Buffer>();

/** AUTH_SECRET, or a random key per process when unset (sessions then end with a restart). */
export function authSecret(config: Config): Buffer {
  let secret = secrets.get(config);
  if (!secret) {
    secret = config.AUTH_SECRET ? Buffer.from(config.AUTH_SECRET, 'utf8') : randomBytes(32);
    secrets.set(config, secret);
  }
  return secret;
}

export interface AccessClaims {
  /** The customer id. */
  sub: number;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const sign = (secret: Buffer, data: string) => createHmac('sha256', secret).update(data).digest();

export function signAccessToken(secret: Buffer, customerId: number, nowS = Math.floor(Date.now() / 1000)): string {
  const claims: AccessClaims = { sub: customerId, iat: nowS, exp: nowS + ACCESS_TOKEN_TTL_S };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${sign(secret, body).toString('base64url')}`;
}

/** The claims of a valid, unexpired token signed with `secret`, or null. */
export function verifyAccessToken(
  secret: Buffer,
  token: string | undefined | null,
  nowS = Math.floor(Date.now() / 1000),
): AccessClaims | null {
  if (!token || token.length > 2048) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = sign(secret, `${parts[0]}.${parts[1]}`);
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as Partial<AccessClaims>;
    if (!Number.isInteger(claims.sub) || typeof claims.exp !== 'number' || claims.exp <= nowS) return null;
    return claims as AccessClaims;
  } catch {
    return null;
  }
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
