import { describe, expect, it } from 'vitest';
import { isAccountPath, seoLookupParams, seoLookupUrl, seoRedirect, seoSearchText, shouldRequestSeo } from './seo.ts';

describe('isAccountPath', () => {
  it('matches the account segment only', () => {
    expect(isAccountPath('/account')).toBe(true);
    expect(isAccountPath('/account/orders/12')).toBe(true);
    expect(isAccountPath('/x/account')).toBe(true);
    expect(isAccountPath('/catalog/accounting-software/12')).toBe(false);
    expect(isAccountPath('/accounts')).toBe(false);
  });
});

describe('shouldRequestSeo', () => {
  it('requests on the first render and on a path change', () => {
    expect(shouldRequestSeo(null, '/shops')).toBe(true);
    expect(shouldRequestSeo(undefined, '/')).toBe(true);
    expect(shouldRequestSeo('/shops', '/delivery')).toBe(true);
  });

  it('skips an unchanged path, including query, hash and trailing-slash changes', () => {
    expect(shouldRequestSeo('/shops', '/shops')).toBe(false);
    expect(shouldRequestSeo('/search?query=tv', '/search?query=iphone')).toBe(false);
    expect(shouldRequestSeo('/catalog/x/1/2', '/catalog/x/1/2#faq')).toBe(false);
    expect(shouldRequestSeo('/shops/', '/shops')).toBe(false);
    expect(shouldRequestSeo('/', '/?utm=1')).toBe(false);
  });

  it('skips the account area, even on the first render', () => {
    expect(shouldRequestSeo('/shops', '/account')).toBe(false);
    expect(shouldRequestSeo('/account', '/account/orders')).toBe(false);
    expect(shouldRequestSeo(null, '/account/profile')).toBe(false);
  });

  it('requests when leaving the account area', () => {
    expect(shouldRequestSeo('/account/orders', '/shops')).toBe(true);
  });
});

describe('seoSearchText', () => {
  it('reads query, else q, trimmed', () => {
    expect(seoSearchText('?query=%20iphone%2015%20')).toBe('iphone 15');
    expect(seoSearchText('?q=tv')).toBe('tv');
    expect(seoSearchText('?query=a&q=b')).toBe('a');
    expect(seoSearchText('?query=%20%20&q=b')).toBe('b');
    expect(seoSearchText('?query=')).toBeNull();
    expect(seoSearchText('?text=tv')).toBeNull();
  });
});

describe('seoLookupParams and seoLookupUrl', () => {
  it('asks by pathname', () => {
    expect(seoLookupParams('/shops')).toEqual({ url: '/shops' });
    expect(seoLookupUrl('/shops')).toBe('/v3/seo?url=%2Fshops');
  });

  it('appends the search text when the route has query or q', () => {
    expect(seoLookupParams('/search', new URLSearchParams('query=iphone'))).toEqual({
      url: '/search',
      query: 'iphone',
    });
    expect(seoLookupUrl('/search', '?q=iphone 15')).toBe('/v3/seo?url=%2Fsearch&query=iphone+15');
  });

  it('reads the query of the path when no params are given, and never sends it in url', () => {
    expect(seoLookupParams('/search?query=tv&page=2#x')).toEqual({ url: '/search', query: 'tv' });
    expect(seoLookupParams('/catalog/x/1?sort=price')).toEqual({ url: '/catalog/x/1' });
  });

  it('given params win over the path query', () => {
    expect(seoLookupParams('/search?query=tv', new URLSearchParams('query=radio'))).toEqual({
      url: '/search',
      query: 'radio',
    });
  });

  it('blank search text is not appended', () => {
    expect(seoLookupUrl('/search', '?query=%20')).toBe('/v3/seo?url=%2Fsearch');
  });
});

describe('seoRedirect', () => {
  it('is null without a redirect url', () => {
    expect(seoRedirect(null)).toBeNull();
    expect(seoRedirect(undefined)).toBeNull();
    expect(seoRedirect({})).toBeNull();
    expect(seoRedirect({ redirect: null })).toBeNull();
    expect(seoRedirect({ redirect: { code: 302 } })).toBeNull();
    expect(seoRedirect({ redirect: { url: '  ', code: 302 } })).toBeNull();
  });

  it('defaults the code to 301', () => {
    expect(seoRedirect({ redirect: { url: '/new' } })).toEqual({ url: '/new', code: 301 });
    expect(seoRedirect({ redirect: { url: '/new', code: null } })).toEqual({ url: '/new', code: 301 });
  });

  it('keeps a valid redirect code, numeric or string', () => {
    expect(seoRedirect({ redirect: { url: '/new', code: 302 } })).toEqual({ url: '/new', code: 302 });
    expect(seoRedirect({ redirect: { url: '/new', code: '308' } })).toEqual({ url: '/new', code: 308 });
  });

  it('replaces a non-redirect code with 301', () => {
    expect(seoRedirect({ redirect: { url: '/new', code: 200 } })).toEqual({ url: '/new', code: 301 });
    expect(seoRedirect({ redirect: { url: '/new', code: 404 } })).toEqual({ url: '/new', code: 301 });
    expect(seoRedirect({ redirect: { url: '/new', code: 'abc' } })).toEqual({ url: '/new', code: 301 });
  });
});
