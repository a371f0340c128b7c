import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';

let h: Harness;
let productId: number;
beforeAll(async () => {
  h = await createHarness();
  const [p] = await h.handle.query<{ id: number }>('select id from products where status = 1 order by id limit 1');
  productId = p!.id;
});
afterAll(() => h.close());

describe('posting reviews and questions signed in', () => {
  it("stores the customer's review for moderation under their name, and counts it in their profile", async () => {
    const s = new TestSession(h, '10.3.0.1');
    const user = await s.register('79180000001');
    const review = await s.call<{ id: number }>('POST', '/api/v2/comments/create', {
      product_id: productId,
      type: 'review',
      rate: 4,
      text: 'Хороший товар, пользуюсь месяц.',
      pros: 'Тихий',
    });
    expect(review.status).toBe(201);
    const [row] = await h.handle.query<{ owner_id: number; author_name: string; status: number; pros: string }>(
      'select owner_id, author_name, status, pros from comments where id = $1',
      [review.body.id],
    );
    expect(row).toEqual({ owner_id: user.id, author_name: 'Анна', status: 0, pros: 'Тихий' });
    const question = await s.call('POST', '/api/v2/comments/create', {
      product_id: productId,
      type: 'question',
      text: 'Есть ли у него режим тишины?',
    });
    expect(question.status).toBe(201);
    const profile = await s.call<{ counts: { reviews: number; questions: number } }>('GET', '/api/v2/users/me/profile');
    expect(profile.body.counts).toMatchObject({ reviews: 1, questions: 1 });
  });

  it('answers 404 for a product that is not there and 401 after sign-out', async () => {
    const s = new TestSession(h, '10.3.0.2');
    await s.register('79180000002');
    const missing = await s.call('POST', '/api/v2/comments/create', {
      product_id: 999_999_999,
      type: 'question',
      text: 'Есть ли у него режим тишины?',
    });
    expect(missing.status).toBe(404);
    await s.call('POST', '/api/user/logout');
    const after = await s.call('POST', '/api/v2/comments/create', {
      product_id: productId,
      type: 'question',
      text: 'Есть ли у него режим тишины?',
    });
    expect(after.status).toBe(401);
  });
});
