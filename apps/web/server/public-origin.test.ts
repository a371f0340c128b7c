// The public origin of absolute links (decision 0015): configured, or localhost's own, never a spoofed Host.
import { describe, expect, it } from 'vitest';
import { publicOrigin } from './public-origin.ts';

const off = { PUBLIC_ORIGIN: undefined, TRUST_PROXY: 'off' as const };
const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe('publicOrigin', () => {
  it('is PUBLIC_ORIGIN whatever the request names', () => {
    const config = { ...off, PUBLIC_ORIGIN: 'https://www.multicenter.ru' };
    expect(publicOrigin(config, request('http://evil.example/catalog'))).toBe('https://www.multicenter.ru');
    expect(publicOrigin(config, request('http://localhost:3000/'))).toBe('https://www.multicenter.ru');
  });

  it("is the request's own origin on this machine", () => {
    expect(publicOrigin(off, request('http://localhost:3000/'))).toBe('http://localhost:3000');
    expect(publicOrigin(off, request('http://127.0.0.1:3210/x'))).toBe('http://127.0.0.1:3210');
    expect(publicOrigin(off, request('http://[::1]:3000/'))).toBe('http://[::1]:3000');
    expect(publicOrigin(off, request('http://store.localhost/'))).toBe('http://store.localhost');
  });

  it('is unknown for any other Host, which the visitor chooses', () => {
    expect(publicOrigin(off, request('http://evil.example/'))).toBeNull();
    expect(publicOrigin(off, request('http://localhost.evil.example/'))).toBeNull();
    expect(publicOrigin(off, request('http://127.0.0.1.evil.example/'))).toBeNull();
  });

  it('says https behind our own proxy', () => {
    const proxied = { ...off, TRUST_PROXY: 'on' as const };
    expect(publicOrigin(proxied, request('http://localhost:3000/', { 'x-forwarded-proto': 'https' }))).toBe(
      'https://localhost:3000',
    );
  });
});
