import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createLocalCaptcha, createRemoteCaptcha } from '../adapters/captcha.ts';
import { createMemoryCache } from '../cache.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';

type Challenge = { enabled: boolean; provider: string | null; question: string | null; token: string | null };
type Err = { message: string; errors: Record<string, string[]> };

/** Solves the local question '… a + b?' the way a person would. */
const solve = (question: string) => {
  const [, a, b] = /(\d+) \+ (\d+)/.exec(question)!;
  return String(Number(a) + Number(b));
};

describe('captcha switched off (the default)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it('says so, and codes go out without it', async () => {
    expect((await h.json<Challenge>('/api/v2/captcha')).body).toMatchObject({ enabled: false, question: null });
    const s = new TestSession(h, '10.8.0.1');
    expect((await s.call('POST', '/api/auth/v2/users/register/send-code', { phone: '79190000001' })).status).toBe(200);
  });
});

describe('captcha switched on (CAPTCHA=on, local question)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ CAPTCHA: 'on', CAPTCHA_AFTER_FAILURES: '3' });
  });
  afterAll(() => h.close());

  const challenge = async () => (await h.json<Challenge>('/api/v2/captcha')).body;

  it('asks it on every code sending: missing, wrong and reused answers are refused', async () => {
    const s = new TestSession(h, '10.8.1.1');
    const send = (body: Record<string, unknown>) => s.call<Err>('POST', '/api/auth/v2/users/account/send-code', body);
    const missing = await send({ phone: '79190000002' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.captcha).toEqual(['Подтвердите, что вы не робот.']);

    const first = await challenge();
    expect(first).toMatchObject({ enabled: true, provider: 'local' });
    expect(first.question).toMatch(/^Сколько будет \d \+ \d\?$/);
    const wrongAnswer = String(Number(solve(first.question!)) + 1);
    const wrong = await send({ phone: '79190000002', captcha: { token: first.token, answer: wrongAnswer } });
    expect(wrong.body.errors.captcha).toEqual(['Неверный ответ. Попробуйте ещё раз.']);
    const none = await h.handle.query('select 1 from notification_outbox where recipient = $1', ['79190000002']);
    expect(none).toHaveLength(0);

    const right = { token: first.token, answer: solve(first.question!) };
    expect((await send({ phone: '79190000002', captcha: right })).status).toBe(200);
    // A solved question passes once.
    expect((await send({ phone: '79190000002', captcha: right })).body.errors.captcha).toEqual([
      'Неверный ответ. Попробуйте ещё раз.',
    ]);
    const next = await challenge();
    const reset = await s.call('POST', '/api/user/request-password-reset', {
      login: '79190000002',
      captcha: { token: next.token, answer: solve(next.question!) },
    });
    expect(reset.status).toBe(200);
  });

  it('asks it on password sign-in after 3 failed tries of the login, and then lets the right password in', async () => {
    const s = new TestSession(h, '10.8.2.1');
    const c = await challenge();
    await s.call('POST', '/api/auth/v2/users/register/send-code', {
      phone: '79190000003',
      captcha: { token: c.token, answer: solve(c.question!) },
    });
    const code = await s.lastCode('79190000003');
    const registered = await s.call('POST', '/api/user/register-site', {
      phone: '79190000003',
      code,
      first_name: 'Анна',
      password: 'Secret123',
      password_repeat: 'Secret123',
      consent: true,
    });
    expect(registered.status).toBe(200);
    const guest = new TestSession(h, '10.8.2.2');
    const login = (body: Record<string, unknown>) =>
      guest.call<Err>('POST', '/api/user/login', { login: '79190000003', ...body });
    for (let i = 0; i < 3; i++) {
      const failed = await login({ password: 'Wrong1234' });
      expect(failed.body.errors).toEqual({ password: ['Неверный телефон, e-mail или пароль.'] });
    }
    const asked = await login({ password: 'Secret123' });
    expect(asked.status).toBe(422);
    expect(asked.body.errors).toEqual({ captcha: ['Подтвердите, что вы не робот.'] });
    const q = await challenge();
    const ok = await login({ password: 'Secret123', captcha: { token: q.token, answer: solve(q.question!) } });
    expect(ok.status).toBe(200);
    // Success clears the failures: the next sign-in needs no captcha.
    expect((await login({ password: 'Secret123' })).status).toBe(200);
    // Failures from many addresses count together for the captcha (no address is locked by them).
    for (let i = 0; i < 3; i++)
      await new TestSession(h, `10.8.3.${i + 1}`).call('POST', '/api/user/login', {
        login: '79190000003',
        password: 'Wrong1234',
      });
    expect((await login({ password: 'Secret123' })).body.errors).toEqual({
      captcha: ['Подтвердите, что вы не робот.'],
    });
  });
});

describe('captcha adapters', () => {
  it('local: a token expires, and a forged or altered one fails', async () => {
    let now = 1_800_000_000_000;
    const captcha = createLocalCaptcha({ secret: randomBytes(32), cache: createMemoryCache(), now: () => now });
    const other = createLocalCaptcha({ secret: randomBytes(32), cache: createMemoryCache(), now: () => now });
    const c = await captcha.challenge();
    const answer = solve(c.question!);
    expect(await other.verify({ token: c.token!, answer }, null)).toBe(false);
    expect(await captcha.verify({ token: `${c.token!.split('.')[0]}x.${c.token!.split('.')[1]}`, answer }, null)).toBe(
      false,
    );
    now += 11 * 60_000;
    expect(await captcha.verify({ token: c.token!, answer }, null)).toBe(false);
    const fresh = await captcha.challenge();
    expect(await captcha.verify({ token: fresh.token!, answer: solve(fresh.question!) }, null)).toBe(true);
  });

  it('remote: shows the site key and version, and sends the response with the secret to the provider', async () => {
    const seen: URLSearchParams[] = [];
    const captcha = createRemoteCaptcha({
      siteKey: 'site-key-1',
      secret: 'secret-1',
      version: 'v2',
      verifyUrl: 'https://captcha.test/siteverify',
      fetch: async (_url, init) => {
        const form = new URLSearchParams(String(init?.body));
        seen.push(form);
        return Response.json({ success: form.get('response') === 'good' });
      },
    });
    expect(await captcha.challenge()).toEqual({
      provider: 'remote',
      site_key: 'site-key-1',
      version: 'v2',
      question: null,
      token: null,
    });
    expect(await captcha.verify({ token: 'good' }, '10.0.0.9')).toBe(true);
    expect(await captcha.verify({ token: 'bad' }, null)).toBe(false);
    expect(seen[0]!.get('secret')).toBe('secret-1');
    expect(seen[0]!.get('remoteip')).toBe('10.0.0.9');
  });
});
