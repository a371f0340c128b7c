// Sign-in, registration, codes, password reset, logout, token refresh and employee sign-in (SPEC §7
// Account and authentication, §6). Answers never tell whether a phone or e-mail has an account.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { COOKIE, FORM_MESSAGES, X_CODE_LENGTH } from '@store/domain';
import { CaptchaAnswerSchema, requireCaptcha, signInNeedsCaptcha } from '../auth/captcha.ts';
import { employeeOf, employeeState, setEmployeeCookies } from '../auth/employee.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { LIMITS, clearRateLimit, hitRateLimits } from '../auth/rate-limit.ts';
import { sha256 } from '../auth/tokens.ts';
import {
  findEmployeeByToken,
  findTradePoint,
  findUserByEmail,
  findUserByPhone,
  insertUser,
  revokeUserRefreshTokens,
  setPasswordHash,
  userCounts,
  type UserRow,
} from '../data/accounts.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import {
  CodeSentSchema,
  EmployeeStateSchema,
  PasswordResetSchema,
  RegisterSchema,
  SessionSchema,
  authErrors,
  currentPasswordField,
  loginField,
  phoneField,
  smsCodeField,
  toProfile,
} from '../schemas/accounts.ts';
import {
  CODE_RESEND_S,
  CODE_TTL_S,
  checkCode,
  clearEmployeeCookies,
  clientIp,
  issueCode,
  refreshSession,
  signIn,
  signOut,
} from '../services/auth.ts';

const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });
const tags = ['Account and authentication'];

function post<B extends z.ZodType, O extends z.ZodType>(path: string, summary: string, body: B, ok: O) {
  return createRoute({
    method: 'post',
    path,
    tags,
    summary,
    request: { body: { content: { 'application/json': { schema: body } }, required: true } },
    responses: { 200: { description: 'Done', content: { 'application/json': { schema: ok } } }, ...authErrors },
  });
}

function postWithoutBody<O extends z.ZodType>(path: string, summary: string, ok: O) {
  return createRoute({
    method: 'post',
    path,
    tags,
    summary,
    responses: { 200: { description: 'Done', content: { 'application/json': { schema: ok } } }, ...authErrors },
  });
}

const RedirectSchema = z.object({ redirect: z.string() });
const LOGIN_FAILED = 'Неверный телефон, e-mail или пароль.';
const CODE_SENT = 'Если номер или e-mail указан верно, мы отправили на него код.';

const routes = {
  login: post(
    '/user/login',
    'Sign in with a phone or e-mail and a password',
    z.object({ login: loginField, password: currentPasswordField, captcha: CaptchaAnswerSchema.optional() }),
    SessionSchema,
  ),
  loginCode: post(
    '/auth/v2/users/account/send-code',
    'Send a sign-in code by SMS',
    z.object({ phone: phoneField, captcha: CaptchaAnswerSchema.optional() }),
    CodeSentSchema,
  ),
  loginWithCode: post(
    '/user/login-with-sms-code',
    'Sign in with the SMS code (a new phone gets an account)',
    z.object({ phone: phoneField, code: smsCodeField }),
    SessionSchema,
  ),
  registerCode: post(
    '/auth/v2/users/register/send-code',
    'Send a registration code by SMS',
    z.object({ phone: phoneField, captcha: CaptchaAnswerSchema.optional() }),
    CodeSentSchema,
  ),
  verifyCode: post(
    '/auth/v2/users/register/verify-code',
    'Check a registration code without using it up',
    z.object({ phone: phoneField, code: smsCodeField }),
    z.object({ verified: z.literal(true) }),
  ),
  registerSite: post('/user/register-site', 'Register with the SMS code and sign in', RegisterSchema, SessionSchema),
  signUp: post(
    '/user/sign-up',
    'Register with the SMS code and sign in (same as register-site)',
    RegisterSchema,
    SessionSchema,
  ),
  requestReset: post(
    '/user/request-password-reset',
    'Send a password reset code by SMS (phone) or e-mail',
    z.object({ login: loginField, captcha: CaptchaAnswerSchema.optional() }),
    CodeSentSchema,
  ),
  reset: post(
    '/user/password-reset',
    'Set a new password with the reset code and sign in',
    PasswordResetSchema,
    SessionSchema,
  ),
  logout: postWithoutBody('/user/logout', 'Sign out: ends the session, clears the employee data', RedirectSchema),
  cmsLogout: postWithoutBody('/auth-cms/logout', 'Employee sign-out: clears the employee data', RedirectSchema),
  refresh: postWithoutBody(
    '/internal/user/refresh-token',
    'Rotate the refresh token (cookie) and get a new access token',
    SessionSchema.omit({ user: true, basket_count: true }),
  ),
  registerUpos: post(
    '/user/register-upos',
    'Employee sign-in by trade point (number and code) or by personnel token',
    z.discriminatedUnion('mode', [
      z.object({
        mode: z.literal('trade-point'),
        trade_point_number: z
          .string({ error: FORM_MESSAGES.required })
          .trim()
          .min(1, FORM_MESSAGES.required)
          .max(20, FORM_MESSAGES.maxLength(20))
          .regex(/^\d+$/, FORM_MESSAGES.numeric),
        code: z.string({ error: FORM_MESSAGES.required }).trim().min(1, FORM_MESSAGES.required),
      }),
      z.object({
        mode: z.literal('token'),
        code: z.string({ error: FORM_MESSAGES.required }).trim().min(1, FORM_MESSAGES.required),
      }),
    ]),
    EmployeeStateSchema,
  ),
};

const employeeRoute = createRoute({
  method: 'get',
  path: '/v2/employee',
  tags: ['Account and authentication'],
  summary: 'The employee signed in on this browser (SPEC §3 Employee state)',
  responses: { 200: { description: 'Employee state', ...json(EmployeeStateSchema) } },
});

async function sessionAnswer(c: Context<ApiEnv>, user: UserRow) {
  const { handle, cache } = c.get('deps');
  const session = await handle.transaction((tx) => signIn(c, tx, user));
  // A sign-in by any way ends the count of failed tries (and with it the captcha, SPEC §5).
  for (const login of [user.phone, user.email]) {
    if (!login) continue;
    await clearRateLimit(cache, LIMITS.loginFailures, login);
    await clearRateLimit(cache, LIMITS.loginPerAccountAndIp, `${login}|${clientIp(c)}`);
  }
  return {
    access_token: session.access_token,
    token_type: 'Bearer' as const,
    expires_in: session.expires_in,
    user: toProfile(user, await userCounts(handle, user.id)),
    basket_count: session.basket_count,
  };
}

const codeSent = { message: CODE_SENT, resend_after: CODE_RESEND_S, expires_in: CODE_TTL_S };

async function limitCodes(c: Context<ApiEnv>, recipient: string) {
  await hitRateLimits(c.get('deps').cache, [
    { limit: LIMITS.codePerRecipient, subject: recipient },
    { limit: LIMITS.codePerIp, subject: clientIp(c) },
  ]);
}

/** Password tries are limited per login and IP and per IP, never per login alone (decision 0012). */
async function limitSignIn(c: Context<ApiEnv>, account: string) {
  const ip = clientIp(c);
  await hitRateLimits(c.get('deps').cache, [
    { limit: LIMITS.loginPerAccountAndIp, subject: `${account}|${ip}` },
    { limit: LIMITS.loginPerIp, subject: ip },
  ]);
}

const PHONE_TAKEN = 'Этот номер уже зарегистрирован. Войдите по паролю или коду из SMS.';

export function registerAuthRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(routes.login, async (c) => {
    const { login, password, captcha } = c.req.valid('json');
    if (await signInNeedsCaptcha(c, login.value)) await requireCaptcha(c, captcha);
    await limitSignIn(c, login.value);
    const { handle, cache } = c.get('deps');
    const user =
      login.kind === 'phone' ? await findUserByPhone(handle, login.value) : await findUserByEmail(handle, login.value);
    // verifyPassword spends the same time without an account: no telling them apart.
    const ok = await verifyPassword(password, user?.password_hash ?? null);
    if (!user || !ok) {
      // Counted for the captcha of this login, whoever tries it.
      await hitRateLimits(cache, [{ limit: LIMITS.loginFailures, subject: login.value }]);
      throw new ApiError(422, LOGIN_FAILED, { password: [LOGIN_FAILED] });
    }
    await clearRateLimit(cache, LIMITS.loginFailures, login.value);
    await clearRateLimit(cache, LIMITS.loginPerAccountAndIp, `${login.value}|${clientIp(c)}`);
    return c.json(await sessionAnswer(c, user), 200);
  });

  app.openapi(routes.loginCode, async (c) => {
    const { phone, captcha } = c.req.valid('json');
    await requireCaptcha(c, captcha);
    await limitCodes(c, phone);
    await issueCode(c, { channel: 'sms', recipient: phone, purpose: 'login' });
    return c.json(codeSent, 200);
  });

  app.openapi(routes.loginWithCode, async (c) => {
    const { phone, code } = c.req.valid('json');
    await limitSignIn(c, phone);
    await checkCode(c, { recipient: phone, purpose: 'login', code, field: 'code' });
    const { handle } = c.get('deps');
    // Holding the code proves the phone: a new phone gets an account with it.
    const user = (await findUserByPhone(handle, phone)) ?? (await insertUser(handle, { phone }));
    return c.json(await sessionAnswer(c, user), 200);
  });

  app.openapi(routes.registerCode, async (c) => {
    const { phone, captcha } = c.req.valid('json');
    await requireCaptcha(c, captcha);
    await limitCodes(c, phone);
    // Sent whether or not the phone has an account: the answer must not tell.
    await issueCode(c, { channel: 'sms', recipient: phone, purpose: 'register' });
    return c.json(codeSent, 200);
  });

  app.openapi(routes.verifyCode, async (c) => {
    const { phone, code } = c.req.valid('json');
    await limitSignIn(c, phone);
    await checkCode(c, { recipient: phone, purpose: 'register', code, field: 'code', keep: true });
    return c.json({ verified: true as const }, 200);
  });

  for (const route of [routes.registerSite, routes.signUp]) {
    app.openapi(route, async (c) => {
      const input = c.req.valid('json');
      await limitSignIn(c, input.phone);
      await checkCode(c, { recipient: input.phone, purpose: 'register', code: input.code, field: 'code' });
      const { handle } = c.get('deps');
      // The code proved the phone, so saying it is taken tells its owner nothing new.
      if (await findUserByPhone(handle, input.phone)) throw new ApiError(422, PHONE_TAKEN, { phone: [PHONE_TAKEN] });
      const passwordHash = await hashPassword(input.password);
      const user = await insertUser(handle, {
        phone: input.phone,
        email: input.email ?? null,
        firstName: input.first_name,
        lastName: input.last_name ?? null,
        passwordHash,
      }).catch((error: unknown) => {
        if (String((error as { code?: unknown }).code) === '23505')
          throw new ApiError(422, PHONE_TAKEN, { phone: [PHONE_TAKEN] });
        throw error;
      });
      if (user.new_email) await issueCode(c, { channel: 'email', recipient: user.new_email, purpose: 'confirm-email' });
      return c.json(await sessionAnswer(c, user), 200);
    });
  }

  app.openapi(routes.requestReset, async (c) => {
    const { login, captcha } = c.req.valid('json');
    await requireCaptcha(c, captcha);
    await limitCodes(c, login.value);
    const { handle } = c.get('deps');
    const user =
      login.kind === 'phone' ? await findUserByPhone(handle, login.value) : await findUserByEmail(handle, login.value);
    // Without an account nothing is sent, and the answer is the same.
    if (user)
      await issueCode(c, {
        channel: login.kind === 'phone' ? 'sms' : 'email',
        recipient: login.value,
        purpose: 'reset',
      });
    return c.json(codeSent, 200);
  });

  app.openapi(routes.reset, async (c) => {
    const input = c.req.valid('json');
    await limitSignIn(c, input.login.value);
    await checkCode(c, { recipient: input.login.value, purpose: 'reset', code: input.code, field: 'code' });
    const { handle } = c.get('deps');
    const user =
      input.login.kind === 'phone'
        ? await findUserByPhone(handle, input.login.value)
        : await findUserByEmail(handle, input.login.value);
    if (!user)
      throw new ApiError(422, 'Неверный код. Проверьте код из сообщения.', {
        code: ['Неверный код. Проверьте код из сообщения.'],
      });
    const hash = await hashPassword(input.password);
    await handle.transaction(async (tx) => {
      await setPasswordHash(tx, user.id, hash);
      // A new password ends every other session.
      await revokeUserRefreshTokens(tx, user.id);
    });
    return c.json(await sessionAnswer(c, { ...user, password_hash: hash }), 200);
  });

  app.openapi(routes.logout, async (c) => {
    await signOut(c);
    return c.json({ redirect: '/' }, 200);
  });

  app.openapi(routes.cmsLogout, async (c) => {
    clearEmployeeCookies(c);
    return c.json({ redirect: '/' }, 200);
  });

  app.openapi(routes.refresh, async (c) => {
    const presented = getCookie(c, COOKIE.refreshToken);
    if (!presented) throw new ApiError(401, 'Сессия истекла. Войдите снова.');
    const session = await refreshSession(c, presented);
    return c.json(
      { access_token: session.access_token, token_type: 'Bearer' as const, expires_in: session.expires_in },
      200,
    );
  });

  app.openapi(routes.registerUpos, async (c) => {
    const input = c.req.valid('json');
    const { handle, cache } = c.get('deps');
    await hitRateLimits(cache, [{ limit: LIMITS.employeePerIp, subject: clientIp(c) }]);
    const wrong = 'Неверный номер или код сотрудника.';
    const codeOk = input.code.length === X_CODE_LENGTH && input.code.toUpperCase().startsWith('X');
    if (input.mode === 'trade-point') {
      const point = codeOk
        ? await findTradePoint(handle, input.trade_point_number, sha256(input.code.toUpperCase()))
        : null;
      if (!point) throw new ApiError(422, wrong, { code: [wrong] });
      return c.json(setEmployeeCookies(c, { tt: point.number, tn: point.name, pn: null, en: null }), 200);
    }
    const employee = codeOk ? await findEmployeeByToken(handle, sha256(input.code.toUpperCase())) : null;
    if (!employee) throw new ApiError(422, wrong, { code: [wrong] });
    return c.json(setEmployeeCookies(c, { tt: null, tn: null, pn: employee.personnel_number, en: employee.name }), 200);
  });

  app.openapi(employeeRoute, (c) => c.json(employeeState(employeeOf(c)), 200));
}
