import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { resolveClientAddress, socketAddressOf } from './client-address.ts';

const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name] ?? null });

describe('resolveClientAddress', () => {
  it('believes no header unless TRUST_PROXY is on: the socket decides', () => {
    const forged = headers({ 'x-real-ip': '6.6.6.6', 'x-forwarded-for': '7.7.7.7' });
    expect(resolveClientAddress({ TRUST_PROXY: 'off' }, forged, '10.0.0.5')).toBe('10.0.0.5');
    expect(resolveClientAddress({ TRUST_PROXY: 'off' }, forged, null)).toBe('unknown');
  });

  it("behind the store's proxy: X-Real-IP, else the hop the proxy added last, else the socket", () => {
    const on = { TRUST_PROXY: 'on' as const };
    expect(resolveClientAddress(on, headers({ 'x-real-ip': '1.2.3.4' }), '10.0.0.1')).toBe('1.2.3.4');
    // The client wrote 6.6.6.6 itself; the proxy appended what it saw.
    expect(resolveClientAddress(on, headers({ 'x-forwarded-for': '6.6.6.6, 1.2.3.4' }), '10.0.0.1')).toBe('1.2.3.4');
    expect(resolveClientAddress(on, headers({}), '10.0.0.1')).toBe('10.0.0.1');
  });

  it("reads the node server's socket", () => {
    expect(socketAddressOf({ incoming: { socket: { remoteAddress: '::1' } } })).toBe('::1');
    expect(socketAddressOf(undefined)).toBeNull();
  });
});

const lookup = (h: Harness, socket: string, extra: Record<string, string> = {}) =>
  h.call(
    '/api/user/order-status',
    {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', ...extra },
      body: JSON.stringify({ order_id: 1, phone: '+7 (916) 000-00-00' }),
    },
    socket,
  );
const sendCode = (h: Harness, socket: string, phone: string, extra: Record<string, string> = {}) =>
  h.call(
    '/api/auth/v2/users/account/send-code',
    {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', ...extra },
      body: JSON.stringify({ phone }),
    },
    socket,
  );

describe('both per-IP limiters with TRUST_PROXY off (the default)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('a new X-Forwarded-For / X-Real-IP per request does not escape the order-status limit', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await lookup(h, '10.9.1.1', { 'x-forwarded-for': `5.5.5.${i}`, 'x-real-ip': `4.4.4.${i}` })).status).toBe(
        404,
      );
    }
    expect((await lookup(h, '10.9.1.1', { 'x-forwarded-for': '5.5.5.99' })).status).toBe(429);
    expect((await lookup(h, '10.9.1.2')).status).toBe(404);
  });

  it('nor the per-IP limit of code sending', async () => {
    for (let i = 0; i < 20; i++) {
      const phone = `7916200${String(i).padStart(4, '0')}`;
      expect((await sendCode(h, '10.9.2.1', phone, { 'x-forwarded-for': `5.5.6.${i}` })).status).toBe(200);
    }
    expect((await sendCode(h, '10.9.2.1', '79162009999', { 'x-forwarded-for': '5.5.6.99' })).status).toBe(429);
  });
});

describe('both per-IP limiters with TRUST_PROXY=on', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ TRUST_PROXY: 'on' });
  });
  afterAll(() => h.close());

  it("count each client the proxy names, though they all come from the proxy's socket", async () => {
    for (let i = 0; i < 10; i++) expect((await lookup(h, '10.0.0.1', { 'x-real-ip': '1.1.1.1' })).status).toBe(404);
    expect((await lookup(h, '10.0.0.1', { 'x-real-ip': '1.1.1.1' })).status).toBe(429);
    expect((await lookup(h, '10.0.0.1', { 'x-real-ip': '1.1.1.2' })).status).toBe(404);
    for (let i = 0; i < 20; i++) {
      const phone = `7916300${String(i).padStart(4, '0')}`;
      expect((await sendCode(h, '10.0.0.1', phone, { 'x-forwarded-for': '9.9.9.9, 2.2.2.2' })).status).toBe(200);
    }
    expect((await sendCode(h, '10.0.0.1', '79163009999', { 'x-forwarded-for': '2.2.2.2' })).status).toBe(429);
    expect((await sendCode(h, '10.0.0.1', '79163009998', { 'x-forwarded-for': '2.2.2.3' })).status).toBe(200);
  });
});
