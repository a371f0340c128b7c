// The sandbox business bank: a «СберБизнес ID»-shaped sign-in of its own at /sandbox-business-bank/…,
// served by the store's process (decision 0047). Plain HTML forms, clearly marked as a test page:
// - GET  …/oauth/authorize: the sign-in form (ИНН, КПП, the representative) for a client id, a
//   redirect address (the store's callback only), a state and a nonce;
// - POST …/oauth/authorize: checks the form (the domain's rule, then the bank's client list), then sends
//   the browser back with a one-time code and the state (or error=access_denied on «Отказаться»);
// - POST …/oauth/token: the code (once, within CODE_TTL_S, for the same redirect address) and the client's
//   secret for an access token;
// - GET  …/oauth/user-info: the company for the access token, as a JWS signed with the client secret.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { validateBusinessSignIn, type BusinessSignInField, type BusinessSignInForm } from '@store/domain';
import { SIGN_IN_PATHS, SIGN_IN_SCOPE, signJws } from '../adapters/business-sign-in.ts';
import type { Cache } from '../cache.ts';
import { sandboxDocument } from '../sandbox-acquirer/styles.ts';
import { sandboxBankClients, type BankClient } from './clients.ts';

export const SANDBOX_BUSINESS_BANK_PATH = '/sandbox-business-bank';
export const SANDBOX_BUSINESS_BANK_ISSUER = 'https://sandbox-business-bank.local';
/** A code is exchanged within this many seconds, once. */
export const CODE_TTL_S = 300;
const ACCESS_TOKEN_TTL_S = 600;

export interface SandboxBusinessBankOptions {
  clientId: string;
  clientSecret: string;
  /** The only redirect address the bank sends codes to (the store's callback path). */
  callbackPath: string;
  /** The store's public address (PUBLIC_ORIGIN), also accepted as the callback's origin. */
  publicOrigin?: string | undefined;
  cache: Cache;
  now?: () => number;
}

interface AuthorizeParams {
  client_id: string;
  redirect_uri: string;
  state: string;
  nonce: string;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  nonce: string;
  subject: string;
  representative: string;
  client: BankClient;
}

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;
type FormErrors = Partial<Record<BusinessSignInField | 'form', string>>;

const EXTRA_STYLES = `
.sbb-brand{display:flex;align-items:center;gap:10px;margin:0 0 16px;font-weight:700;color:#107f3e}
.sbb-brand svg{flex:none}
.sbb-clients table{width:100%;border-collapse:collapse;font-size:14px}
.sbb-clients th,.sbb-clients td{text-align:left;padding:6px 8px;border-bottom:1px solid #e4e7ec;vertical-align:top}
.sbb-clients td code{white-space:nowrap;word-break:normal}
.sbb-scope{margin:0 0 16px;padding:12px 16px;background:#f7f8fa;border-radius:8px}
.sbb-scope ul{margin:4px 0 0;padding-left:20px}
`;

const page = (title: string, body: Html) =>
  sandboxDocument(
    {
      title,
      site: 'Тестовый вход для бизнеса',
      note: 'Песочница банка: настоящие учётные записи не нужны',
      extraStyles: EXTRA_STYLES,
    },
    body,
  );

const brand = html`<p class="sbb-brand">
  <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
    <circle cx="14" cy="14" r="13" fill="#21a038" />
    <path d="M8 14.5l4 4 8-9" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" />
  </svg>
  Бизнес ID · песочница
</p>`;

function input(
  name: BusinessSignInField,
  label: string,
  value: string,
  error: string | undefined,
  hint: string,
  extra: string,
) {
  const id = `sbb-${name}`;
  const described = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return html`<div class="sbx-field">
    <label for="${id}">${label}</label>
    <span class="sbx-hint" id="${id}-hint">${hint}</span>
    <input
      id="${id}"
      name="${name}"
      value="${value}"
      aria-describedby="${described}"
      ${raw(extra)}
      ${error ? raw('aria-invalid="true"') : ''}
    />
    ${error ? html`<span class="sbx-error" id="${id}-error">${error}</span>` : ''}
  </div>`;
}

function signInPage(params: AuthorizeParams, form: BusinessSignInForm, errors: FormErrors, clients: BankClient[]) {
  const failed = Object.keys(errors).length > 0;
  return page(
    'Вход для бизнеса',
    html`${brand}
      <h1>Вход для бизнеса</h1>
      <div class="sbb-scope">
        <strong>Мультицентр</strong> просит подтвердить вашу организацию и получит:
        <ul>
          <li>ИНН, КПП, ОГРН и полное наименование организации;</li>
          <li>фамилию и имя представителя, который входит.</li>
        </ul>
      </div>
      ${failed ? html`<p class="sbx-alert" role="alert">${errors.form ?? 'Проверьте данные организации'}</p>` : ''}
      <form method="post" action="${SANDBOX_BUSINESS_BANK_PATH}${SIGN_IN_PATHS.authorize}" class="sbx-form" novalidate>
        <input type="hidden" name="client_id" value="${params.client_id}" />
        <input type="hidden" name="redirect_uri" value="${params.redirect_uri}" />
        <input type="hidden" name="state" value="${params.state}" />
        <input type="hidden" name="nonce" value="${params.nonce}" />
        ${input('inn', 'ИНН организации', form.inn, errors.inn, '10 цифр для организации, 12 — для ИП', 'inputmode="numeric" autocomplete="off" maxlength="12" required')}
        ${input('kpp', 'КПП', form.kpp, errors.kpp, '9 символов; у ИП КПП нет — оставьте пустым', 'autocomplete="off" maxlength="9"')}
        ${input('representative', 'Представитель', form.representative, errors.representative, 'Фамилия, имя и отчество того, кто входит', 'autocomplete="name" maxlength="150" required')}
        <div class="sbx-actions">
          <button type="submit" name="decision" value="allow" class="sbx-button">Войти и подтвердить</button>
          <button type="submit" name="decision" value="deny" class="sbx-button sbx-button-secondary">Отказаться</button>
        </div>
      </form>
      <section class="sbb-clients" aria-labelledby="sbb-clients-title">
        <h2 id="sbb-clients-title">Тестовые организации</h2>
        <p class="sbx-hint">Войти можно за любую из них; представитель — любые фамилия и имя.</p>
        <table>
          <thead>
            <tr>
              <th scope="col">ИНН</th>
              <th scope="col">КПП</th>
              <th scope="col">Организация</th>
            </tr>
          </thead>
          <tbody>
            ${clients.map(
              (c) =>
                html`<tr>
                  <td><code>${c.inn}</code></td>
                  <td>${c.kpp ? html`<code>${c.kpp}</code>` : '—'}</td>
                  <td>${c.name}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </section>`,
  );
}

const badRequestPage = (message: string) =>
  page(
    'Неверный запрос входа',
    html`<h1>Неверный запрос входа</h1>
      <p>${message}</p>
      <p><a class="sbx-link" href="/">Вернуться в магазин</a></p>`,
  );

const oauthError = (c: Context, status: 400 | 401, error: string, description: string) => {
  c.header('cache-control', 'no-store');
  return c.json({ error, error_description: description }, status);
};

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function createSandboxBusinessBank(options: SandboxBusinessBankOptions) {
  const now = options.now ?? (() => Date.now());
  const clients = sandboxBankClients();
  const app = new Hono().basePath(SANDBOX_BUSINESS_BANK_PATH);

  app.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'no-store');
    c.header('x-robots-tag', 'noindex');
  });

  /** The request's parameters when they are the registered client's and the store's callback; else why not. */
  function checkParams(c: Context, source: Record<string, unknown>): AuthorizeParams | string {
    const value = (name: string) => (typeof source[name] === 'string' ? (source[name] as string) : '');
    const params = {
      client_id: value('client_id'),
      redirect_uri: value('redirect_uri'),
      state: value('state'),
      nonce: value('nonce'),
    };
    if (params.client_id !== options.clientId) return 'Сервис с таким client_id не зарегистрирован в банке.';
    let redirect: URL | null = null;
    try {
      redirect = new URL(params.redirect_uri);
    } catch {
      redirect = null;
    }
    // Only the registered callback of the store's own address: a code never leaves for another site.
    const origins = [new URL(c.req.url).origin, options.publicOrigin];
    if (!redirect || !origins.includes(redirect.origin) || redirect.pathname !== options.callbackPath) {
      return 'Адрес возврата не зарегистрирован для этого сервиса.';
    }
    if (!/^[\w.~-]{16,1024}$/.test(params.state) || !/^[\w.~-]{16,256}$/.test(params.nonce)) {
      return 'В запросе нет state или nonce.';
    }
    return params;
  }

  const back = (params: AuthorizeParams, query: Record<string, string>) => {
    const url = new URL(params.redirect_uri);
    for (const [k, v] of Object.entries({ ...query, state: params.state })) url.searchParams.set(k, v);
    return url.toString();
  };

  app.get(SIGN_IN_PATHS.authorize, (c) => {
    const query = c.req.query();
    if (query.response_type !== 'code') return c.html(badRequestPage('Поддерживается только response_type=code.'), 400);
    const params = checkParams(c, query);
    if (typeof params === 'string') return c.html(badRequestPage(params), 400);
    return c.html(signInPage(params, { inn: '', kpp: '', representative: '' }, {}, clients));
  });

  app.post(SIGN_IN_PATHS.authorize, async (c) => {
    const body = await c.req.parseBody();
    const params = checkParams(c, body);
    if (typeof params === 'string') return c.html(badRequestPage(params), 400);
    if (body.decision === 'deny') return c.redirect(back(params, { error: 'access_denied' }), 303);
    const text = (name: string, max: number) =>
      (typeof body[name] === 'string' ? (body[name] as string) : '').trim().slice(0, max);
    const form: BusinessSignInForm = {
      inn: text('inn', 20).replace(/\s+/g, ''),
      kpp: text('kpp', 20).replace(/\s+/g, '').toUpperCase(),
      representative: text('representative', 200).replace(/\s+/g, ' '),
    };
    const errors: FormErrors = validateBusinessSignIn(form);
    const client = clients.find((c) => c.inn === form.inn);
    if (!errors.inn && !client) {
      errors.inn = 'Организация с этим ИНН не обслуживается в банке';
    } else if (client && !errors.kpp && (client.kpp ?? '') !== form.kpp) {
      errors.kpp = 'КПП не совпадает с данными банка об организации';
    }
    if (Object.keys(errors).length > 0 || !client) return c.html(signInPage(params, form, errors, clients), 422);
    const code = randomBytes(24).toString('base64url');
    const grant: Grant = {
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      nonce: params.nonce,
      // The same representative of the same company is the same bank user.
      subject: createHmac('sha256', options.clientSecret)
        .update(`${client.inn}:${form.representative.toLowerCase()}`)
        .digest('hex')
        .slice(0, 32),
      representative: form.representative,
      client,
    };
    await options.cache.set(`sbb:code:${code}`, grant, CODE_TTL_S * 1000);
    return c.redirect(back(params, { code }), 303);
  });

  app.post(SIGN_IN_PATHS.token, async (c) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const value = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
    if (value('client_id') !== options.clientId || !sameSecret(value('client_secret'), options.clientSecret)) {
      return oauthError(c, 401, 'invalid_client', 'Unknown client or wrong secret');
    }
    if (value('grant_type') !== 'authorization_code') {
      return oauthError(c, 400, 'unsupported_grant_type', 'Only authorization_code');
    }
    const code = value('code');
    if (!/^[\w-]{16,100}$/.test(code)) return oauthError(c, 400, 'invalid_grant', 'Unknown code');
    // Once: the first exchange takes the code, a second one (a replay) finds it used.
    if (!(await options.cache.claim(`sbb:code-used:${code}`, CODE_TTL_S * 1000))) {
      return oauthError(c, 400, 'invalid_grant', 'The code was used');
    }
    const grant = await options.cache.get<Grant>(`sbb:code:${code}`);
    await options.cache.delete(`sbb:code:${code}`);
    if (!grant) return oauthError(c, 400, 'invalid_grant', 'Unknown or expired code');
    if (grant.redirectUri !== value('redirect_uri') || grant.clientId !== value('client_id')) {
      return oauthError(c, 400, 'invalid_grant', 'The redirect_uri differs from the authorization request');
    }
    const accessToken = randomBytes(24).toString('base64url');
    await options.cache.set(`sbb:token:${accessToken}`, grant, ACCESS_TOKEN_TTL_S * 1000);
    c.header('cache-control', 'no-store');
    return c.json({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
      scope: SIGN_IN_SCOPE,
    });
  });

  app.get(SIGN_IN_PATHS.userInfo, async (c) => {
    const header = c.req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const grant = /^[\w-]{16,100}$/.test(token) ? await options.cache.get<Grant>(`sbb:token:${token}`) : undefined;
    if (!grant) return oauthError(c, 401, 'invalid_token', 'Unknown or expired access token');
    const iat = Math.floor(now() / 1000);
    const jws = signJws(
      {
        iss: SANDBOX_BUSINESS_BANK_ISSUER,
        sub: grant.subject,
        aud: grant.clientId,
        iat,
        exp: iat + 300,
        nonce: grant.nonce,
        inn: grant.client.inn,
        orgKpp: grant.client.kpp,
        orgFullName: grant.client.name,
        OrgName: grant.client.name,
        orgOgrn: grant.client.ogrn,
        name: grant.representative,
      },
      options.clientSecret,
    );
    return c.body(jws, 200, { 'content-type': 'application/jwt' });
  });

  return app;
}
