import { describe, expect, it } from 'vitest';
import { applySetCookies, needsRefresh, refreshForPage, socketBindings, tokenExpiry } from './session.ts';

const jwt = (exp: number) => `h.${Buffer.from(JSON.stringify({ sub: 1, exp })).toString('base64url')}.s`;
const now = 1_800_000_000;

describe('page session refresh', () => {
  it('reads the expiry of a token', () => {
    expect(tokenExpiry(jwt(now))).toBe(now);
    expect(tokenExpiry('garbage')).toBeNull();
    expect(tokenExpiry(undefined)).toBeNull();
  });

  it('refreshes only with a refresh token and an expired or missing access token', () => {
    expect(needsRefresh(`refresh_token=r; access_token=${jwt(now + 600)}`, now)).toBe(false);
    expect(needsRefresh(`refresh_token=r; access_token=${jwt(now - 1)}`, now)).toBe(true);
    expect(needsRefresh('refresh_token=r', now)).toBe(true);
    expect(needsRefresh(`access_token=${jwt(now - 1)}`, now)).toBe(false);
    expect(needsRefresh(null, now)).toBe(false);
  });

  it('applies Set-Cookie lines to a cookie header', () => {
    expect(
      applySetCookies('a=1; access_token=old; refresh_token=r1', [
        'access_token=new; Path=/; HttpOnly',
        'refresh_token=; Max-Age=0; Path=/',
      ]),
    ).toBe('a=1; access_token=new');
  });

  it('renders with the new cookies and passes them on', async () => {
    const request = new Request('http://store.test/account', { headers: { cookie: 'refresh_token=r1' } });
    let seen: string | null = null;
    const { request: render, setCookies } = await refreshForPage(request, (api) => {
      seen = api.headers.get('cookie');
      const headers = new Headers();
      headers.append('set-cookie', 'access_token=a2; Path=/; HttpOnly');
      headers.append('set-cookie', 'refresh_token=r2; Path=/; HttpOnly');
      return new Response('{}', { headers });
    });
    expect(seen).toBe('refresh_token=r1');
    expect(render.headers.get('cookie')).toBe('refresh_token=r2; access_token=a2');
    expect(setCookies).toHaveLength(2);
  });
});

describe('client address', () => {
  it("passes only the socket's address to the API, never a header the client sent", () => {
    const env = {
      incoming: { socket: { remoteAddress: '10.1.2.3' }, headers: { 'x-real-ip': '6.6.6.6' } },
      outgoing: {},
    };
    expect(socketBindings(env)).toEqual({ incoming: { socket: { remoteAddress: '10.1.2.3' } } });
    expect(socketBindings(undefined)).toBeUndefined();
  });
});
