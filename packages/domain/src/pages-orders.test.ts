import { describe, expect, it } from 'vitest';
import { STATIC_PAGE_TITLES, matchPage } from './pages.ts';

describe('order pages in the route table', () => {
  it('knows the guest order status page and the operators’ outbox', () => {
    expect(matchPage('/order-status')).toEqual({ kind: 'static', key: 'order-status' });
    expect(matchPage('/dev/outbox')).toEqual({ kind: 'static', key: 'dev-outbox' });
    expect(STATIC_PAGE_TITLES['order-status']).toBe('Статус заказа');
    expect(matchPage('/dev/other')).toBeNull();
  });
});
