import { describe, expect, it } from 'vitest';
import { readForm } from './form.server.ts';

/** The status and message of what readForm threw (a React Router `data()` answer). */
async function refusal(request: Request): Promise<{ status: number; message: unknown; allow?: string | null }> {
  try {
    await readForm(request);
  } catch (error) {
    const thrown = error as { init?: { status?: number; headers?: Record<string, string> }; data?: unknown };
    return { status: thrown.init?.status ?? 0, message: thrown.data, allow: thrown.init?.headers?.Allow ?? null };
  }
  throw new Error('readForm accepted the request');
}

describe('readForm', () => {
  it('reads a url-encoded and a multipart form', async () => {
    const encoded = await readForm(
      new Request('http://x/cart', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'intent=next&name=%D0%90%D0%BD%D0%BD%D0%B0',
      }),
    );
    expect(encoded.get('name')).toBe('Анна');
    const body = new FormData();
    body.set('intent', 'next');
    expect((await readForm(new Request('http://x/cart', { method: 'POST', body }))).get('intent')).toBe('next');
  });

  it('answers 405 with Allow to any method but POST', async () => {
    const answer = await refusal(new Request('http://x/cart', { method: 'PATCH', body: 'x' }));
    expect(answer.status).toBe(405);
    expect(answer.allow).toBe('GET, HEAD, POST');
  });

  it('answers 400 in Russian to malformed multipart and to other content types', async () => {
    const broken = await refusal(
      new Request('http://x/cart', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: '--b\r\nfoo',
      }),
    );
    expect(broken.status).toBe(400);
    expect(String(broken.message)).toMatch(/формы/);
    const json = await refusal(
      new Request('http://x/cart', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    );
    expect(json.status).toBe(400);
  });
});
