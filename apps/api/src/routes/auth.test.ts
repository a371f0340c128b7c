import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken, authSecret, sha256 } from '../auth/tokens.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';

type Err = { message: string; errors: Record<string, string[]> };
type SessionBody = { access_token: string; user: { id: number; phone: string; new_email: string | null } };

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ DEV_TOOLS: 'on' });
});
afterAll(() => h.close());

describe('registration with an SMS code', () => {
  it('registers, signs in with cookies, and the profile answers', async () => {
    const s = new TestSession(h);
    const sent = await s.call<{ resend_after: number }>('POST', '/api/auth/v2/users/register/send-code', {
      phone: '+7 (916) 000-00-01',
    });
    expect(sent.status).toBe(200);
    const code = await s.lastCode('79160000001');
    const verified = await s.call('POST', '/api/auth/v2/users/register/verify-code', { phone: '89160000001', code });
    expect(verified.status).toBe(200);
    const answer = await s.call<SessionBody>('POST', '/api/user/register-site', {
      phone: '+7 916 000 00 01',
      code,
      first_name: 'Анна',
      email: 'Anna@Example.ru',
      password: 'Secret123',
      password_repeat: 'Secret123',
      consent: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.user.phone).toBe('79160000001');
    expect(answer.body.user.new_email).toBe('anna@example.ru');
    expect(s.cookies.get('access_token')).toBeTruthy();
    expect(s.cookies.get('refresh_token')).toBeTruthy();
    expect(answer.headers.getSetCookie().find((c) => c.startsWith('access_token='))).toMatch(/HttpOnly/i);
    expect(answer.headers.getSetCookie().find((c) => c.startsWith('access_token='))).toMatch(/SameSite=Lax/i);
    const profile = await s.call<{ first_name: string }>('GET', '/api/v2/users/me/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.first_name).toBe('Анна');
    // The password is stored as a salted scrypt hash, never as typed.
    const [row] = await h.handle.query<{ password_hash: string }>('select password_hash from users where phone = $1', [
      '79160000001',
    ]);
    expect(row!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row!.password_hash).not.toContain('Secret123');
    // A confirmation code went to the new e-mail.
    expect(await s.lastCode('anna@example.ru')).toMatch(/^\d{6}$/);
  });

  it('answers every §5 rule with its field message', async () => {
    const s = new TestSession(h);
    const { status, body } = await s.call<Err>('POST', '/api/user/register-site', {
      phone: '+7 (816) 000-00-01',
      code: '12a',
      first_name: 'Anna1',
      email: 'not-an-email',
      password: 'secret123',
      password_repeat: 'other',
      consent: false,
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      phone: ['Код номера мобильного телефона должен начинаться с «9»'],
      code: ['Допустимы только цифры.'],
      first_name: ['Это поле должно содержать только буквы'],
      email: ['Пожалуйста, введите корректный email.'],
      password: ['Пароль должен содержать строчные и заглавные буквы'],
      password_repeat: ['Пароли не совпадают'],
      consent: ['Для завершения необходимо согласие.'],
    });
    const empty = await s.call<Err>('POST', '/api/user/register-site', {});
    expect(empty.body.errors.phone).toEqual(['Это поле необходимо заполнить.']);
    expect(empty.body.errors.password).toEqual(['Это поле необходимо заполнить.']);
  });

  it('a wrong code is a field error; the phone of an existing customer is refused after the code', async () => {
    const s = new TestSession(h, '10.0.0.2');
    await s.register('+79160000002');
    const other = new TestSession(h, '10.0.0.3');
    await other.call('POST', '/api/auth/v2/users/register/send-code', { phone: '79160000002' });
    const wrong = await other.call<Err>('POST', '/api/user/register-site', {
      phone: '79160000002',
      code: '000000' === (await other.lastCode('79160000002')) ? '111111' : '000000',
      first_name: 'Иван',
      password: 'Secret123',
      password_repeat: 'Secret123',
      consent: true,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual(['Неверный код. Проверьте код из сообщения.']);
    const taken = await other.call<Err>('POST', '/api/user/register-site', {
      phone: '79160000002',
      code: await other.lastCode('79160000002'),
      first_name: 'Иван',
      password: 'Secret123',
      password_repeat: 'Secret123',
      consent: true,
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.phone?.[0]).toMatch(/уже зарегистрирован/);
  });
});

describe('codes', () => {
  it('are single-use', async () => {
    const s = new TestSession(h, '10.0.1.1');
    await s.call('POST', '/api/auth/v2/users/account/send-code', { phone: '79160000010' });
    const code = await s.lastCode('79160000010');
    expect((await s.call('POST', '/api/user/login-with-sms-code', { phone: '79160000010', code })).status).toBe(200);
    const again = await new TestSession(h, '10.0.1.2').call<Err>('POST', '/api/user/login-with-sms-code', {
      phone: '79160000010',
      code,
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.code).toEqual(['Неверный код. Проверьте код из сообщения.']);
  });

  it('expire after 5 minutes', async () => {
    const s = new TestSession(h, '10.0.1.3');
    await s.call('POST', '/api/auth/v2/users/account/send-code', { phone: '79160000011' });
    const code = await s.lastCode('79160000011');
    // Valid 5 minutes from sending.
    const [row] = await h.handle.query<{ ttl: number }>(
      `select extract(epoch from expires_at - created_at)::int as ttl from auth_codes where recipient = $1`,
      ['79160000011'],
    );
    expect(row).toMatchObject({ ttl: 300 });
    await h.handle.query(`update auth_codes set expires_at = now() - interval '1 second' where recipient = $1`, [
      '79160000011',
    ]);
    const late = await s.call<Err>('POST', '/api/user/login-with-sms-code', { phone: '79160000011', code });
    expect(late.status).toBe(422);
    expect(late.body.errors.code).toEqual(['Срок действия кода истёк. Запросите новый код.']);
  });

  it('stop working after 5 wrong tries, even with the right code', async () => {
    const s = new TestSession(h, '10.0.1.4');
    await s.call('POST', '/api/auth/v2/users/account/send-code', { phone: '79160000012' });
    const code = await s.lastCode('79160000012');
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++)
      await s.call('POST', '/api/user/login-with-sms-code', { phone: '79160000012', code: wrong });
    const right = await s.call<Err>('POST', '/api/user/login-with-sms-code', { phone: '79160000012', code });
    expect(right.status).toBe(422);
    expect(right.body.errors.code).toEqual(['Превышено число попыток ввода кода. Запросите новый код.']);
    // The stored code is a hash, not the digits.
    const rows = await h.handle.query<{ code_hash: string }>('select code_hash from auth_codes where recipient = $1', [
      '79160000012',
    ]);
    expect(rows[0]!.code_hash).not.toContain(code);
  });

  it('are rate-limited per phone and per IP with a clear message', async () => {
    const s = new TestSession(h, '10.0.2.1');
    for (let i = 0; i < 5; i++) {
      expect((await s.call('POST', '/api/auth/v2/users/account/send-code', { phone: '79160000020' })).status).toBe(200);
    }
    const sixth = await new TestSession(h, '10.0.2.2').call<Err>('POST', '/api/auth/v2/users/account/send-code', {
      phone: '79160000020',
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^Слишком много попыток\. Повторите через \d+ мин\.$/);

    const ip = new TestSession(h, '10.0.2.3');
    for (let i = 0; i < 20; i++) {
      await ip.call('POST', '/api/auth/v2/users/account/send-code', { phone: `7916100${String(i).padStart(4, '0')}` });
    }
    const over = await ip.call<Err>('POST', '/api/auth/v2/users/account/send-code', { phone: '79161009999' });
    expect(over.status).toBe(429);
  });
});

describe('password sign-in', () => {
  it('signs in by phone or confirmed e-mail; a wrong password and an unknown login get the same answer', async () => {
    const s = new TestSession(h, '10.0.3.1');
    await s.register('79160000030');
    await h.handle.query(`update users set email = 'ivan@example.ru' where phone = '79160000030'`);
    const guest = new TestSession(h, '10.0.3.2');
    expect(
      (await guest.call('POST', '/api/user/login', { login: '8 916 000 00 30', password: 'Secret123' })).status,
    ).toBe(200);
    expect(guest.cookies.get('access_token')).toBeTruthy();
    const byEmail = new TestSession(h, '10.0.3.2');
    expect(
      (await byEmail.call('POST', '/api/user/login', { login: 'IVAN@example.ru', password: 'Secret123' })).status,
    ).toBe(200);
    const wrong = await new TestSession(h, '10.0.3.3').call<Err>('POST', '/api/user/login', {
      login: '79160000030',
      password: 'Wrong1234',
    });
    const unknown = await new TestSession(h, '10.0.3.3').call<Err>('POST', '/api/user/login', {
      login: '79169999999',
      password: 'Wrong1234',
    });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('stops a login after 10 failures from one IP, while its owner on another IP still signs in', async () => {
    await new TestSession(h, '10.0.3.6').register('79160000031');
    const attacker = new TestSession(h, '10.0.3.4');
    for (let i = 0; i < 10; i++)
      await attacker.call('POST', '/api/user/login', { login: '79160000031', password: 'Nope12345' });
    const locked = await attacker.call<Err>('POST', '/api/user/login', { login: '79160000031', password: 'Secret123' });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(
      /^Слишком много неверных паролей\. Повторите через \d+ мин\. или войдите по коду из SMS\.$/,
    );
    // The same IP may still try other logins, and the owner elsewhere is not locked out.
    expect(
      (await attacker.call('POST', '/api/user/login', { login: '79160000039', password: 'Nope12345' })).status,
    ).toBe(422);
    const owner = new TestSession(h, '10.0.3.7');
    expect((await owner.call('POST', '/api/user/login', { login: '79160000031', password: 'Secret123' })).status).toBe(
      200,
    );
  });

  it('limits one IP to 50 sign-in tries in 15 minutes, whatever the logins and ways', async () => {
    const s = new TestSession(h, '10.0.3.8');
    // Code tries count too (and cost no password hashing, which keeps this test quick).
    for (let i = 0; i < 50; i++)
      await s.call('POST', '/api/user/login-with-sms-code', {
        phone: `7916200${String(i).padStart(4, '0')}`,
        code: '000000',
      });
    const over = await s.call<Err>('POST', '/api/user/login', { login: '79162009999', password: 'Nope12345' });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Слишком много попыток\. Повторите через \d+ мин\.$/);
    expect(
      (
        await new TestSession(h, '10.0.3.9').call('POST', '/api/user/login', {
          login: '79162009999',
          password: 'Nope12345',
        })
      ).status,
    ).toBe(422);
  });

  it('checks the fields with §5 messages', async () => {
    const { status, body } = await new TestSession(h, '10.0.3.5').call<Err>('POST', '/api/user/login', {
      login: 'bad@',
      password: '',
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      login: ['Пожалуйста, введите корректный email.'],
      password: ['Это поле необходимо заполнить.'],
    });
  });
});

describe('password reset', () => {
  it('sends a code only to an existing account, with the same answer either way', async () => {
    const s = new TestSession(h, '10.0.4.1');
    await s.register('79160000040');
    const known = await s.call('POST', '/api/user/request-password-reset', { login: '79160000040' });
    const unknown = await s.call('POST', '/api/user/request-password-reset', { login: '79160000049' });
    expect(known).toMatchObject({ status: 200 });
    expect(unknown.body).toEqual(known.body);
    const none = await h.handle.query('select 1 from notification_outbox where recipient = $1', ['79160000049']);
    expect(none).toHaveLength(0);

    const code = await s.lastCode('79160000040');
    const other = new TestSession(h, '10.0.4.2');
    const reset = await other.call('POST', '/api/user/password-reset', {
      login: '79160000040',
      code,
      password: 'NewSecret9',
      password_repeat: 'NewSecret9',
    });
    expect(reset.status).toBe(200);
    // The old sessions end with the new password.
    expect((await s.call('POST', '/api/internal/user/refresh-token')).status).toBe(401);
    expect((await other.call('POST', '/api/user/login', { login: '79160000040', password: 'NewSecret9' })).status).toBe(
      200,
    );
  });
});

describe('tokens', () => {
  it('refresh rotates the token; replaying the old one revokes the family', async () => {
    const s = new TestSession(h, '10.0.5.1');
    await s.register('79160000050');
    const first = s.cookies.get('refresh_token')!;
    const refreshed = await s.call<{ access_token: string; expires_in: number }>(
      'POST',
      '/api/internal/user/refresh-token',
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.expires_in).toBe(900);
    const second = s.cookies.get('refresh_token')!;
    expect(second).not.toBe(first);
    const stored = await h.handle.query('select 1 from refresh_tokens where token_hash = $1', [sha256(second)]);
    expect(stored).toHaveLength(1);

    // Replayed after the 30-second window of parallel requests.
    await h.handle.query(`update refresh_tokens set used_at = now() - interval '1 minute' where token_hash = $1`, [
      sha256(first),
    ]);
    const thief = new TestSession(h, '10.0.5.2');
    thief.cookies.set('refresh_token', first);
    expect((await thief.call('POST', '/api/internal/user/refresh-token')).status).toBe(401);
    // The whole family is revoked: the legitimate holder must sign in again.
    expect((await s.call('POST', '/api/internal/user/refresh-token')).status).toBe(401);
  });

  it('a parallel request with the just-rotated token gets the same new session, not a revocation', async () => {
    const s = new TestSession(h, '10.0.5.6');
    await s.register('79160000053');
    const old = s.cookies.get('refresh_token')!;
    const first = await s.call<{ access_token: string }>('POST', '/api/internal/user/refresh-token');
    expect(first.status).toBe(200);
    const parallel = new TestSession(h, '10.0.5.6');
    parallel.cookies.set('refresh_token', old);
    const second = await parallel.call<{ access_token: string }>('POST', '/api/internal/user/refresh-token');
    expect(second.status).toBe(200);
    expect(second.body.access_token).toBe(first.body.access_token);
    expect(parallel.cookies.get('refresh_token')).toBe(s.cookies.get('refresh_token'));
    // Not treated as theft: the family lives on.
    expect((await s.call('POST', '/api/internal/user/refresh-token')).status).toBe(200);
  });

  it('accepts the bearer token in Authorization; expired or forged tokens are guests', async () => {
    const s = new TestSession(h, '10.0.5.3');
    const user = await s.register('79160000051');
    const bare = new TestSession(h, '10.0.5.4');
    const answer = await s.call<{ access_token: string }>('POST', '/api/internal/user/refresh-token');
    const bearer = { authorization: `Bearer ${answer.body.access_token}` };
    expect((await bare.call('GET', '/api/v2/users/me/profile', undefined, bearer)).status).toBe(200);
    const secret = authSecret(h.config);
    const expired = signAccessToken(secret, user.id, Math.floor(Date.now() / 1000) - 3600);
    expect(
      (await bare.call('GET', '/api/v2/users/me/profile', undefined, { authorization: `Bearer ${expired}` })).status,
    ).toBe(401);
    const forged = signAccessToken(Buffer.from('x'.repeat(32)), user.id);
    expect(
      (await bare.call('GET', '/api/v2/users/me/profile', undefined, { authorization: `Bearer ${forged}` })).status,
    ).toBe(401);
  });

  it('logout ends the session and clears the cookies and employee data', async () => {
    const s = new TestSession(h, '10.0.5.5');
    await s.register('79160000052');
    s.cookies.set('tt_number', '12');
    const out = await s.call<{ redirect: string }>('POST', '/api/user/logout');
    expect(out.body).toEqual({ redirect: '/' });
    expect(s.cookies.has('access_token')).toBe(false);
    expect(s.cookies.has('tt_number')).toBe(false);
    expect((await s.call('GET', '/api/v2/users/me/profile')).status).toBe(401);
  });
});

describe('sign-in side effects', () => {
  it('moves the guest basket to the customer and merges favourites and compare ids', async () => {
    const s = new TestSession(h, '10.0.6.1');
    const user = await s.register('79160000060');
    await h.handle.query(`update users set favorite_product_ids = '[5]'::jsonb where id = $1`, [user.id]);
    await s.call('POST', '/api/user/logout');
    const guest = new TestSession(h, '10.0.6.1');
    const basketId = 'a'.repeat(32);
    await h.handle.query('insert into baskets (id) values ($1)', [basketId]);
    guest.cookies.set('basket_id', basketId);
    guest.cookies.set('favoriteProducts', '7,5');
    guest.cookies.set('compareProducts', '9');
    expect((await guest.call('POST', '/api/user/login', { login: '79160000060', password: 'Secret123' })).status).toBe(
      200,
    );
    const [basket] = await h.handle.query<{ customer_id: number }>('select customer_id from baskets where id = $1', [
      basketId,
    ]);
    expect(basket!.customer_id).toBe(user.id);
    const profile = await guest.call<{ favorite_product_ids: number[]; compare_product_ids: number[] }>(
      'GET',
      '/api/v2/users/me/profile',
    );
    expect(profile.body.favorite_product_ids).toEqual([5, 7]);
    expect(profile.body.compare_product_ids).toEqual([9]);
    expect(decodeURIComponent(guest.cookies.get('favoriteProducts')!)).toBe('5,7');
  });
});
