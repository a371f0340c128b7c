// §4/§8 delivery load at checkout and one-click: 'out of stock' when the API says the lines cannot be
// had in that quantity, 'no deliveries' for an empty answer or any failure (logged, never thrown).
import { describe, expect, it, vi } from 'vitest';
import { ApiClientError, type ApiClient, type BasketItem } from '@store/api-client';
import { variationsFor } from './checkout.server.ts';

const items = [{ product_id: 5, qty: 2, supplier_id: null }] as unknown as BasketItem[];
const apiAnswering = (variations: () => Promise<unknown>) => ({ delivery: { variations } }) as unknown as ApiClient;

describe('the delivery load of an order', () => {
  it('answers the ways when there are some', async () => {
    const way = { delivery_type_id: 1 };
    const answer = await variationsFor(
      apiAnswering(async () => ({ variations: [way] })),
      items,
    );
    expect(answer).toEqual({ variations: [way], problem: null });
  });

  it('is «no deliveries» for an empty answer (a city without delivery types, such as Сатка)', async () => {
    expect(
      await variationsFor(
        apiAnswering(async () => ({ variations: [] })),
        items,
      ),
    ).toEqual({
      variations: [],
      problem: 'no deliveries',
    });
  });

  it('is «out of stock» when the lines’ quantities are refused', async () => {
    const refused = new ApiClientError(422, {
      status: 422,
      message: 'Проверьте параметры запроса',
      errors: { 'products.0.qty': ['Осталось 1 шт.'] },
    });
    expect(
      await variationsFor(
        apiAnswering(async () => {
          throw refused;
        }),
        items,
      ),
    ).toEqual({ variations: [], problem: 'out of stock' });
  });

  it('is «no deliveries» for any other failure, logged and not thrown', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const failure of [new ApiClientError(500, null), new TypeError('fetch failed')]) {
      expect(
        await variationsFor(
          apiAnswering(async () => {
            throw failure;
          }),
          items,
        ),
      ).toEqual({ variations: [], problem: 'no deliveries' });
    }
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
