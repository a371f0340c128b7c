import { describe, expect, it } from 'vitest';
import { idListCookie, parseCookies, serializeCookie } from './cookies.ts';

describe('cookies', () => {
  it('parses a Cookie header, decoding values and keeping undecodable ones raw', () => {
    expect(parseCookies('city_id=2; branch=B; q=%D0%BC%D0%B8; bad=%E0%A4%A')).toEqual({
      city_id: '2',
      branch: 'B',
      q: 'ми',
      bad: '%E0%A4%A',
    });
    expect(parseCookies(null)).toEqual({});
  });

  it('serializes with path, SameSite and max-age', () => {
    expect(serializeCookie('city_id', '2', { maxAgeS: 60 })).toBe('city_id=2; Path=/; SameSite=Lax; Max-Age=60');
    expect(serializeCookie('x', 'а б')).toBe('x=%D0%B0%20%D0%B1; Path=/; SameSite=Lax');
  });

  it('reads id lists, dropping junk', () => {
    expect(idListCookie('1,2, 3,abc,-4,0,5.5')).toEqual([1, 2, 3]);
    expect(idListCookie(undefined)).toEqual([]);
  });
});
