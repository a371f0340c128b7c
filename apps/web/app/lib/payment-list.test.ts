import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '@store/domain';
import { ApiClientError, type ApiClient, type Payment } from '@store/api-client';
import { builtInPayments, paymentList } from './payment-list.server.ts';

describe('the checkout payment list (§8: a failed load is swallowed)', () => {
  it('answers the API’s list when it loads', async () => {
    const answer: Payment[] = builtInPayments().slice(0, 2);
    const api = { payments: { list: async () => answer } } as unknown as Pick<ApiClient, 'payments'>;
    expect(await paymentList(api)).toBe(answer);
  });

  it('falls back to the store’s own methods, every tab filled, and logs the failure', async () => {
    const logged: unknown[] = [];
    const api = {
      payments: {
        list: async () => {
          throw new ApiClientError(500, null);
        },
      },
    } as unknown as Pick<ApiClient, 'payments'>;
    const list = await paymentList(api, (...args) => logged.push(args));
    expect(list.map((p) => p.id)).toEqual(PAYMENT_METHODS.map((m) => m.id));
    expect(new Set(list.map((p) => p.tab_label))).toEqual(
      new Set(['Онлайн', 'При получении', 'Рассрочка', 'Кредит', 'Частями']),
    );
    expect(logged).toHaveLength(1);
  });
});
