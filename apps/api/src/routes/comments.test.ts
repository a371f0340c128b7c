import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComment } from '../data/comments.ts';
import type { ApiErrorBody } from '../http/errors.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';

interface Comment {
  id: number;
  type: string;
  rate: number | null;
  text: string;
  like: number;
  not_like: number;
  created_at: string;
  my_vote: number | null;
  answers: Comment[];
}

let h: Harness;
let product: { id: number; reviews_count: number; questions_count: number };
const xhr = { 'X-Requested-With': 'XMLHttpRequest' };

beforeAll(async () => {
  h = await createHarness();
  const [p] = await h.handle.query<typeof product>(
    'select id, reviews_count, questions_count from products where status = 1 and reviews_count >= 4 and questions_count >= 1 order by id limit 1',
  );
  product = p!;
});
afterAll(async () => {
  await h.close();
});

describe('reviews and questions', () => {
  it('pages reviews 3 at a time, newest first, with the total in headers matching the product counter', async () => {
    const { status, body, headers } = await h.json<Comment[]>(`/api/v2/comments?product_id=${product.id}`);
    expect(status).toBe(200);
    expect(body).toHaveLength(3);
    expect(body.every((c) => c.type === 'review' && c.rate! >= 1 && c.rate! <= 5)).toBe(true);
    const dates = body.map((c) => c.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(headers.get('x-pagination-total-count')).toBe(String(product.reviews_count));
    expect(headers.get('x-pagination-per-page')).toBe('3');
    const second = await h.json<Comment[]>(`/api/v2/comments?product_id=${product.id}&page=2`);
    expect(second.body.some((c) => body.some((b) => b.id === c.id))).toBe(false);
  });

  it('treats per_page 0 as 3', async () => {
    const { body, headers } = await h.json<Comment[]>(`/api/v2/comments?product_id=${product.id}&per_page=0`);
    expect(body).toHaveLength(3);
    expect(headers.get('x-pagination-per-page')).toBe('3');
  });

  it('nests answers under their questions', async () => {
    const { body, headers } = await h.json<Comment[]>(`/api/v2/comments?product_id=${product.id}&type=question`);
    expect(headers.get('x-pagination-total-count')).toBe(String(product.questions_count));
    expect(body[0]!.type).toBe('question');
    expect(body[0]!.answers.length).toBeGreaterThan(0);
    expect(body[0]!.answers.every((a) => a.type === 'answer')).toBe(true);
  });

  it('rejects a bad product id or type', async () => {
    expect((await h.json('/api/v2/comments?product_id=abc')).status).toBe(422);
    expect((await h.json(`/api/v2/comments?product_id=${product.id}&type=spam`)).status).toBe(422);
  });
});

describe('likes', () => {
  it('counts one like per visitor, moves it on a dislike, and keeps visitors apart', async () => {
    const [comment] = (await h.json<Comment[]>(`/api/v2/comments?product_id=${product.id}`)).body;
    const first = await h.call(`/api/comments/${comment!.id}/like`, { method: 'POST', headers: xhr });
    expect(first.status).toBe(200);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toMatch(/^visitor_id=/);
    expect(((await first.json()) as Comment).like).toBe(comment!.like + 1);
    const again = await h.json<Comment>(`/api/comments/${comment!.id}/like`, {
      method: 'POST',
      headers: { ...xhr, cookie },
    });
    expect(again.body.like).toBe(comment!.like + 1);
    const switched = await h.json<Comment>(`/api/comments/${comment!.id}/dislike`, {
      method: 'POST',
      headers: { ...xhr, cookie },
    });
    expect(switched.body).toMatchObject({ like: comment!.like, not_like: comment!.not_like + 1, vote: -1 });
    const other = await h.json<Comment>(`/api/comments/${comment!.id}/like`, { method: 'POST', headers: xhr });
    expect(other.body.like).toBe(comment!.like + 1);
    const listed = await h.json<Comment[]>(`/api/v2/comments?product_id=${product.id}`, { headers: { cookie } });
    expect(listed.body.find((c) => c.id === comment!.id)?.my_vote).toBe(-1);
  });

  it('never counts concurrent likes of one visitor twice', async () => {
    const [, comment] = (await h.json<Comment[]>(`/api/v2/comments?product_id=${product.id}`)).body;
    const cookie = 'visitor_id=00000000-0000-4000-8000-000000000001';
    await Promise.all(
      Array.from({ length: 5 }, () =>
        h.call(`/api/comments/${comment!.id}/like`, { method: 'POST', headers: { ...xhr, cookie } }),
      ),
    );
    const [row] = await h.handle.query<{ like: number }>('select "like" from comments where id = $1', [comment!.id]);
    expect(row!.like).toBe(comment!.like + 1);
  });

  it('needs the X-Requested-With header and an existing comment', async () => {
    expect((await h.call('/api/comments/1/like', { method: 'POST' })).status).toBe(403);
    expect((await h.json('/api/comments/999999999/like', { method: 'POST', headers: xhr })).status).toBe(404);
  });
});

describe('posting', () => {
  const post = (body: unknown) =>
    h.json<ApiErrorBody>('/api/v2/comments/create', {
      method: 'POST',
      headers: { ...xhr, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('validates with the SPEC messages before asking to sign in', async () => {
    const empty = await post({ product_id: product.id, type: 'review', text: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.text).toEqual(['Это поле необходимо заполнить.']);
    expect(empty.body.errors.rate).toEqual(['Это поле необходимо заполнить.']);
    const short = await post({ product_id: product.id, type: 'question', text: 'Как?' });
    expect(short.body.errors.text).toEqual(['Пожалуйста, введите не меньше 10 символов.']);
    const long = await post({ product_id: product.id, type: 'question', text: 'а'.repeat(2001) });
    expect(long.body.errors.text).toEqual(['Пожалуйста, введите не больше 2000 символов.']);
    const guest = await post({
      product_id: product.id,
      type: 'review',
      rate: 5,
      text: 'Отличный холодильник, рекомендую.',
    });
    expect(guest.status).toBe(401);
  });

  it('answers a malformed body with 400, not 500', async () => {
    const response = await h.call('/api/v2/comments/create', {
      method: 'POST',
      headers: { ...xhr, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
  });

  it('stores a post for moderation and shows markup as text only', async () => {
    const id = await createComment(h.handle, {
      productId: product.id,
      type: 'review',
      ownerId: 1,
      authorName: 'Тест',
      rate: 5,
      text: '<script>alert(1)</script> Хороший товар',
      pros: null,
      cons: null,
    });
    const [row] = await h.handle.query<{ status: number; text: string }>(
      'select status, text from comments where id = $1',
      [id],
    );
    expect(row!.status).toBe(0);
    // Text is stored as written and published later as text: React escapes it, and it is never HTML.
    expect(row!.text).toContain('<script>');
    const visible = await h.json<Comment[]>(`/api/v2/comments?product_id=${product.id}&per_page=50`);
    expect(visible.body.some((c) => c.id === id)).toBe(false);
  });
});
