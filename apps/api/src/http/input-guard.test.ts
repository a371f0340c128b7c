import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { inputFaultOf } from './errors.ts';
import { checkUrl, cleanCookieHeader, jsonDepth } from './input-guard.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** A body of `total` bytes in 64 KB chunks that counts what the server pulled. */
function countingBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close();
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled };
}

describe('the input gate of every API call', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ DEV_TOOLS: 'on' });
  });
  afterAll(() => h.close());

  it('answers 413 to a declared 100 MB body without reading it', async () => {
    const { stream, pulled } = countingBody(100 * 2 ** 20);
    const response = await h.call('/api/user/login', {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json', 'content-length': String(100 * 2 ** 20) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { status: number }).status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  it('stops reading a streamed body at the limit (no Content-Length)', async () => {
    const { stream, pulled } = countingBody(100 * 2 ** 20);
    const response = await h.call('/api/user/login', {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(pulled.bytes).toBeLessThan(512 * 1024);
  });

  it('keeps a payment callback to 16 KB', async () => {
    const response = await h.call('/api/payment/callback/sandbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(20 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it('refuses a 100,000-level nested JSON body on the payment callback', async () => {
    const response = await h.call('/api/payment/callback/sandbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '['.repeat(100_000) + ']'.repeat(100_000),
    });
    // 200 KB is over the callback's limit: shallower bodies reach the depth check.
    expect(response.status).toBe(413);
    const deep = await h.call('/api/payment/callback/sandbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000),
    });
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as { message: string }).message).toMatch(/вложенность/);
  });

  it.each([
    ['a NUL in a JSON string', JSON.stringify({ login: 'a\u0000b', password: 'x' })],
    ['a lone surrogate in a JSON string', '{"login":"a\\ud800b","password":"x"}'],
    ['a NUL in a JSON key', '{"lo\\u0000gin":"a","password":"x"}'],
    ['a __proto__ key', '{"login":"a","password":"x","__proto__":{"admin":true}}'],
  ])('refuses %s with 400 and the error shape', async (_, body) => {
    const response = await h.call('/api/user/login', {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { status: number; message: string; errors: Record<string, string[]> };
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.errors).length).toBe(1);
  });

  it.each([
    '/api/v2/cities?query=a%00b',
    '/api/v2/cities/alias/a%00b',
    '/api/v3/main-page/get-data?slider_code=%00',
    '/api/dev/outbox?recipient=%00',
    '/api/v2/cities?query=%ED%A0%80',
    '/api/v2/cities?query=%E0%A4%A',
  ])('refuses %s with 400', async (path) => {
    const response = await h.call(path);
    expect(response.status).toBe(400);
  });

  it('refuses a malformed multipart body on a basket call with 400', async () => {
    const response = await h.call('/api/basket/add-item', {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'multipart/form-data; boundary=x' },
      body: '--b\r\nContent-Disposition: form-data; name="product_id"\r\n\r\n1',
    });
    expect(response.status).toBe(400);
  });

  it('takes a well-formed multipart body on a basket call', async () => {
    const form = new FormData();
    form.set('qty', '1');
    const response = await h.call('/api/basket/get-basket', { method: 'POST', headers: XHR, body: form });
    expect(response.status).toBe(200);
  });

  it('answers ids above 2147483647 with 422, never a database error', async () => {
    for (const path of [
      '/api/v2/products/2147483648',
      '/api/v2/cities/2147483648',
      '/api/basket/get-basket?city_id=2147483648',
      '/api/v3/products/filters?category_id=99999999999999999999',
    ]) {
      const response = await h.call(path, { headers: XHR });
      expect(response.status, path).toBe(422);
    }
    expect((await h.call('/api/v2/products/2147483647', { headers: XHR })).status).toBe(404);
  });

  it('ignores a cookie that is not clean text instead of failing', async () => {
    const response = await h.call('/api/basket/get-basket', {
      headers: { ...XHR, cookie: 'basket_id=%00%ff; city_id=2147483648; other=%E0%A4%A' },
    });
    expect(response.status).toBe(200);
  });
});

describe('input gate rules', () => {
  it('counts JSON depth outside strings', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[["}]}')).toBe(3);
    expect(jsonDepth('['.repeat(1000), 32)).toBe(33);
  });

  it('checks percent-encoding and NUL in the path and query', () => {
    expect(checkUrl(new URL('http://x/api/v2/cities?query=Казань'))).toBeNull();
    expect(checkUrl(new URL('http://x/api/v2/cities?query=%D0%9A'))).toBeNull();
    expect(checkUrl(new URL('http://x/a%00'))?.status).toBe(400);
    expect(checkUrl(new URL('http://x/a?b=%ZZ'))?.status).toBe(400);
  });

  it('drops only the dirty cookies', () => {
    expect(cleanCookieHeader('a=1; b=2')).toBeNull();
    expect(cleanCookieHeader('a=1; b=%00; c=3')).toBe('a=1; c=3');
  });

  it('maps database data exceptions to 400 through the error chain', () => {
    expect(inputFaultOf({ code: '22003' })?.status).toBe(400);
    expect(inputFaultOf({ message: 'query failed', cause: { code: '22021' } })?.status).toBe(400);
    expect(inputFaultOf({ code: '23505' })).toBeNull();
    expect(inputFaultOf(new Error('boom'))).toBeNull();
  });
});
