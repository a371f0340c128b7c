// The OAuth client of the business bank's sign-in with a real bank's shape (decision 0047): the code
// exchange as a form POST, the user-info as an RS256 JWS the bank signs; every check of the answer.
import { createSign, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignInRefused, createOAuthBusinessSignIn, signJws, verifyJws } from './business-sign-in.ts';

const bank = generateKeyPairSync('rsa', { modulusLength: 2048 });
const impostor = generateKeyPairSync('rsa', { modulusLength: 2048 });
const NOW_S = 1_795_400_000;

function rs256(claims: Record<string, unknown>, key = bank.privateKey, alg = 'RS256') {
  const body = `${Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url')}.${Buffer.from(
    JSON.stringify(claims),
  ).toString('base64url')}`;
  return `${body}.${createSign('RSA-SHA256').update(body).sign(key).toString('base64url')}`;
}

const claims = (changes: Record<string, unknown> = {}) => ({
  iss: 'https://sbi.sberbank.ru',
  sub: 'user-1',
  aud: 'store-client',
  iat: NOW_S - 5,
  exp: NOW_S + 300,
  nonce: 'the-nonce-of-this-sign-in',
  inn: '7707083893',
  orgKpp: '773601001',
  orgFullName: 'ПАО «Тестовая организация»',
  orgOgrn: '1027700132195',
  name: 'Иванов Иван Иванович',
  ...changes,
});

/** The client against a fake bank answering the token call and then `userInfo`; the calls it got. */
function client(userInfo: string, tokenStatus = 200) {
  const calls: { url: string; method: string; body: string; auth: string | null }[] = [];
  const signIn = createOAuthBusinessSignIn({
    name: 'sberbusiness',
    clientId: 'store-client',
    clientSecret: 'store-secret-0123456789',
    authBase: 'https://sbi.sberbank.ru:9443',
    apiBase: 'https://egress.proxy:9443',
    issuer: 'https://sbi.sberbank.ru',
    key: { alg: 'RS256', publicKey: bank.publicKey },
    now: () => NOW_S * 1000,
    fetch: async (request) => {
      calls.push({
        url: request.url,
        method: request.method,
        body: await request.text(),
        auth: request.headers.get('authorization'),
      });
      if (request.url.endsWith('/token')) {
        return tokenStatus === 200
          ? Response.json({ access_token: 'access-1', token_type: 'Bearer', expires_in: 3600 })
          : Response.json({ error: 'invalid_grant' }, { status: tokenStatus });
      }
      return new Response(userInfo, { headers: { 'content-type': 'application/jwt' } });
    },
  });
  return { signIn, calls };
}

const exchange = (signIn: ReturnType<typeof client>['signIn']) =>
  signIn.exchange({ code: 'code-1', nonce: 'the-nonce-of-this-sign-in', redirectUri: 'https://shop.ru/cb' });

describe('the business sign-in OAuth client', () => {
  it('sends the shopper to the bank with the state, nonce and scope', () => {
    const url = new URL(
      client('').signIn.authorizeUrl({ state: 'state-1', nonce: 'nonce-1', redirectUri: 'https://shop.ru/cb' }),
    );
    expect(url.origin + url.pathname).toBe('https://sbi.sberbank.ru:9443/ic/sso/api/v2/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'store-client',
      redirect_uri: 'https://shop.ru/cb',
      state: 'state-1',
      nonce: 'nonce-1',
    });
  });

  it('exchanges the code and reads the company from the bank-signed answer', async () => {
    const { signIn, calls } = client(rs256(claims()));
    expect(await exchange(signIn)).toEqual({
      subject: 'user-1',
      inn: '7707083893',
      kpp: '773601001',
      companyName: 'ПАО «Тестовая организация»',
      ogrn: '1027700132195',
      representative: 'Иванов Иван Иванович',
    });
    expect(calls[0]!.url).toBe('https://egress.proxy:9443/ic/sso/api/v2/oauth/token');
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      client_id: 'store-client',
      client_secret: 'store-secret-0123456789',
      redirect_uri: 'https://shop.ru/cb',
    });
    expect(calls[1]).toMatchObject({
      url: 'https://egress.proxy:9443/ic/sso/api/v2/oauth/user-info',
      method: 'GET',
      auth: 'Bearer access-1',
    });
  });

  it('refuses an answer with another key, algorithm, audience, issuer, nonce or an old one', async () => {
    const bad = [
      rs256(claims(), impostor.privateKey),
      signJws(claims(), 'store-secret-0123456789'),
      rs256(claims(), bank.privateKey, 'none'),
      rs256(claims({ aud: 'another-client' })),
      rs256(claims({ iss: 'https://evil.example' })),
      rs256(claims({ nonce: 'another-sign-in' })),
      rs256(claims({ exp: NOW_S - 120 })),
      rs256(claims({ inn: undefined })),
      'not-a-jws',
    ];
    for (const answer of bad) {
      await expect(exchange(client(answer).signIn)).rejects.toEqual(new SignInRefused('answer'));
    }
  });

  it('tells a refused code from a bank that fails', async () => {
    await expect(exchange(client('', 400).signIn)).rejects.toBeInstanceOf(SignInRefused);
    await expect(exchange(client('', 502).signIn)).rejects.toThrow('answered 502');
  });

  it('checks an HS256 signature with the secret only', () => {
    const token = signJws({ a: 1 }, 'secret-one');
    expect(verifyJws(token, { alg: 'HS256', secret: 'secret-one' })).toEqual({ a: 1 });
    expect(verifyJws(token, { alg: 'HS256', secret: 'secret-two' })).toBeNull();
    expect(verifyJws(token, { alg: 'RS256', publicKey: bank.publicKey })).toBeNull();
  });
});
