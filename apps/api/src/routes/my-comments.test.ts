import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';

type Mine = {
  id: number;
  type: string;
  rate: number | null;
  text: string;
  status: number;
  product: { id: number; name: string; url: string };
  answers: { text: string }[];
};

let h: Harness;
let anna: TestSession;
let boris: TestSession;
let products: { id: number; name: string }[];
beforeAll(async () => {
  h = await createHarness();
  products = await h.handle.query<{ id: number; name: string }>(
    'select id, name from products where status = 1 order by id limit 12',
  );
  anna = new TestSession(h, '10.7.0.1');
  boris = new TestSession(h, '10.7.0.2');
  await anna.register('79180000101');
  await boris.register('79180000102');
  // Twelve reviews of Anna with rates 1..5 over and over, one question of Boris.
  for (const [i, p] of products.entries()) {
    const r = await anna.call('POST', '/api/v2/comments/create', {
      product_id: p.id,
      type: 'review',
      rate: (i % 5) + 1,
      text: `Отзыв номер ${i + 1} о товаре.`,
    });
    expect(r.status).toBe(201);
  }
  await boris.call('POST', '/api/v2/comments/create', {
    product_id: products[0]!.id,
    type: 'question',
    text: 'Какая гарантия у этого товара?',
  });
});
afterAll(() => h.close());

describe('GET /api/v2/users/me/comments', () => {
  it("lists the customer's own reviews, 10 per page, best rated first, with paging headers", async () => {
    const first = await anna.call<Mine[]>('GET', '/api/v2/users/me/comments?type=review');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(10);
    expect(first.headers.get('x-pagination-total-count')).toBe('12');
    expect(first.headers.get('x-pagination-page-count')).toBe('2');
    expect(first.headers.get('x-pagination-per-page')).toBe('10');
    const rates = first.body.map((c) => c.rate!);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    expect(rates[0]).toBe(5);
    // Waiting for moderation, and still theirs to see.
    expect(first.body.every((c) => c.status === 0 && c.type === 'review')).toBe(true);
    const second = await anna.call<Mine[]>('GET', '/api/v2/users/me/comments?type=review&page=2');
    expect(second.body).toHaveLength(2);
    const all = [...first.body, ...second.body];
    expect(new Set(all.map((c) => c.product.id))).toEqual(new Set(products.map((p) => p.id)));
    expect(all[0]!.product.url).toMatch(/^\/catalog\/[^/]+\/\d+\/\d+$/);
    expect((await anna.call<Mine[]>('GET', '/api/v2/users/me/comments?type=question')).body).toEqual([]);
  });

  it("shows questions with their published answers, and never another customer's posts", async () => {
    const mine = await boris.call<Mine[]>('GET', '/api/v2/users/me/comments?type=question');
    expect(mine.body).toHaveLength(1);
    const question = mine.body[0]!;
    await h.handle.query(
      `insert into comments (product_id, type, parent_id, author_name, text, status) values
         ($1, 'answer', $2, 'Мультицентр', 'Гарантия 12 месяцев.', 1),
         ($1, 'answer', $2, 'Мультицентр', 'Черновик ответа.', 0)`,
      [products[0]!.id, question.id],
    );
    const again = await boris.call<Mine[]>('GET', '/api/v2/users/me/comments?type=question');
    expect(again.body[0]!.answers.map((a) => a.text)).toEqual(['Гарантия 12 месяцев.']);
    expect((await boris.call<Mine[]>('GET', '/api/v2/users/me/comments?type=review')).body).toEqual([]);
  });

  it('needs sign-in and a known type', async () => {
    const guest = new TestSession(h, '10.7.0.3');
    expect((await guest.call('GET', '/api/v2/users/me/comments')).status).toBe(401);
    expect((await anna.call('GET', '/api/v2/users/me/comments?type=answer')).status).toBe(422);
    expect((await anna.call('GET', '/api/v2/users/me/comments?page=0')).status).toBe(422);
  });
});
