// The sandbox acquirer: a small payment site of its own at /sandbox-acquirer/… that stands in for a
// bank's pages, in the same process as the store. Plain HTML forms (no JavaScript needed), clearly
// marked «Тестовая платёжная страница»: the card form with the test cards, the 3-D Secure step,
// and the SBP page with a QR code and «Оплатить» / «Отказаться» standing in for the bank app.
// When a payment ends it sends the store a signed callback (in-process, through `deliver`) and
// returns the shopper to the store's return url.
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import qrcode from 'qrcode-generator';
import { formatPrice } from '@store/domain';
import {
  SANDBOX_BASE_PATH,
  SANDBOX_PROVIDER,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxCallbackBody,
  type SandboxProvider,
  type SandboxSession,
} from '../adapters/payment-provider.ts';
import type { Logger } from '../logger.ts';
import { DECLINE_REASONS, TEST_CARDS, THREE_DS_CODE, cardOutcome, validateCardForm, type CardForm } from './cards.ts';
import { sandboxDocument } from './styles.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface SandboxAcquirerOptions {
  provider: SandboxProvider;
  logger: Logger;
  /** Hands the store's callback request to the store (the API app's fetch). */
  deliver: (request: Request) => Response | Promise<Response>;
  now?: () => Date;
}

const path = (session: SandboxSession, step = '') => `${SANDBOX_BASE_PATH}/pay/${session.id}${step}`;

const page = (title: string, body: Html) =>
  sandboxDocument(
    { title, site: 'Тестовая платёжная страница', note: 'Песочница эквайера: деньги не списываются' },
    body,
  );

function summary(session: SandboxSession) {
  return html`<dl class="sbx-summary">
    <div>
      <dt>Магазин</dt>
      <dd>Мультицентр</dd>
    </div>
    <div>
      <dt>Назначение</dt>
      <dd>${session.description}</dd>
    </div>
    <div>
      <dt>Сумма</dt>
      <dd class="sbx-amount">${formatPrice(session.amount)}</dd>
    </div>
  </dl>`;
}

const backLink = (session: SandboxSession, text = 'Вернуться в магазин без оплаты') =>
  html`<p><a class="sbx-link" href="${session.returnUrl}">${text}</a></p>`;

function field(
  name: keyof CardForm,
  label: string,
  attrs: { value: string; error: string | undefined; hint?: string; extra: string },
) {
  const id = `card-${name}`;
  const described = [attrs.hint ? `${id}-hint` : null, attrs.error ? `${id}-error` : null].filter(Boolean).join(' ');
  return html`<div class="sbx-field">
    <label for="${id}">${label}</label>
    ${attrs.hint ? html`<span class="sbx-hint" id="${id}-hint">${attrs.hint}</span>` : ''}
    <input
      id="${id}"
      name="${name}"
      value="${attrs.value}"
      ${raw(attrs.extra)}
      ${described ? html`aria-describedby="${described}"` : ''}
      ${attrs.error ? raw('aria-invalid="true"') : ''}
    />
    ${attrs.error ? html`<span class="sbx-error" id="${id}-error">${attrs.error}</span>` : ''}
  </div>`;
}

function cardPage(session: SandboxSession, form: CardForm, errors: Partial<Record<keyof CardForm, string>>) {
  const failed = Object.keys(errors).length > 0;
  return page(
    'Оплата картой',
    html`<h1>Оплата картой</h1>
      ${summary(session)} ${failed ? html`<p class="sbx-alert" role="alert">Проверьте данные карты</p>` : ''}
      <form method="post" action="${path(session, '/card')}" class="sbx-form" novalidate>
        ${field('number', 'Номер карты', {
          value: form.number,
          error: errors.number,
          extra: 'inputmode="numeric" autocomplete="cc-number" maxlength="23" required',
        })}
        <div class="sbx-row">
          ${field('expiry', 'Срок действия', {
            value: form.expiry,
            error: errors.expiry,
            hint: 'ММ/ГГ',
            extra: 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" required',
          })}
          ${field('cvc', 'CVC', {
            value: '',
            error: errors.cvc,
            hint: '3 цифры',
            extra: 'inputmode="numeric" autocomplete="cc-csc" maxlength="3" required',
          })}
        </div>
        ${field('holder', 'Имя владельца', {
          value: form.holder,
          error: errors.holder,
          hint: 'Латиницей, как на карте',
          extra: 'autocomplete="cc-name" maxlength="50" required',
        })}
        <button type="submit" class="sbx-button">Оплатить ${formatPrice(session.amount)}</button>
      </form>
      <section class="sbx-cards" aria-labelledby="test-cards">
        <h2 id="test-cards">Тестовые карты</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Номер</th>
              <th scope="col">Результат</th>
            </tr>
          </thead>
          <tbody>
            ${TEST_CARDS.map(
              (card) =>
                html`<tr>
                  <td><code>${card.number}</code></td>
                  <td>${card.label}</td>
                </tr>`,
            )}
          </tbody>
        </table>
        <p class="sbx-hint">Срок — любой в будущем, CVC — любые три цифры, имя — латиницей.</p>
      </section>
      ${backLink(session)}`,
  );
}

function threeDsPage(session: SandboxSession, error: string | null) {
  return page(
    'Подтверждение 3-D Secure',
    html`<h1>Подтверждение покупки</h1>
      <p>Банк-эмитент просит подтвердить оплату кодом из SMS. Тестовый код: <code>${THREE_DS_CODE}</code>.</p>
      ${summary(session)}
      <form method="post" action="${path(session, '/3ds')}" class="sbx-form" novalidate>
        <div class="sbx-field">
          <label for="code">Код из SMS</label>
          <input
            id="code"
            name="code"
            inputmode="numeric"
            autocomplete="one-time-code"
            maxlength="6"
            required
            ${error ? raw('aria-invalid="true" aria-describedby="code-error"') : ''}
          />
          ${error ? html`<span class="sbx-error" id="code-error">${error}</span>` : ''}
        </div>
        <button type="submit" class="sbx-button">Подтвердить</button>
      </form>`,
  );
}

function qrSvg(text: string) {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  const margin = 4;
  const size = count + margin * 2;
  let d = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.isDark(row, col)) d += `M${col + margin},${row + margin}h1v1h-1z`;
    }
  }
  return raw(
    `<svg class="sbx-qr" role="img" aria-labelledby="qr-title" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><title id="qr-title">QR-код для оплаты через СБП</title><rect width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`,
  );
}

const sbpButtons = (session: SandboxSession) =>
  html`<form method="post" action="${path(session, '/sbp')}" class="sbx-actions">
    <button type="submit" name="decision" value="pay" class="sbx-button">Оплатить</button>
    <button type="submit" name="decision" value="refuse" class="sbx-button sbx-button-secondary">Отказаться</button>
  </form>`;

function sbpPage(session: SandboxSession, confirmUrl: string) {
  return page(
    'Оплата через СБП',
    html`<h1>Оплата через СБП</h1>
      ${summary(session)}
      <div class="sbx-sbp">
        ${qrSvg(confirmUrl)}
        <div>
          <p>Отсканируйте QR-код камерой телефона или в приложении банка и подтвердите оплату.</p>
          <p class="sbx-hint">В песочнице приложение банка заменяют кнопки ниже (они же открываются по QR-коду).</p>
          <p class="sbx-hint">Адрес из QR-кода: <code>${confirmUrl}</code></p>
        </div>
      </div>
      <h2>Приложение банка</h2>
      ${sbpButtons(session)} ${backLink(session)}`,
  );
}

function bankAppPage(session: SandboxSession) {
  return page(
    'Приложение банка',
    html`<h1>Подтверждение оплаты по СБП</h1>
      ${summary(session)} ${sbpButtons(session)}`,
  );
}

function resultPage(session: SandboxSession) {
  const ok = session.status === 'succeeded';
  return page(
    ok ? 'Платёж проведён' : 'Платёж отклонён',
    html`<h1>${ok ? 'Платёж проведён' : 'Платёж отклонён'}</h1>
      ${summary(session)} ${ok ? '' : html`<p class="sbx-alert" role="alert">${session.declineReason ?? ''}</p>`}
      ${backLink(session, 'Вернуться в магазин')}`,
  );
}

const notFoundPage = () =>
  page(
    'Платёж не найден',
    html`<h1>Платёж не найден</h1>
      <p>Сессия оплаты не найдена или устарела. Вернитесь в магазин и начните оплату заново.</p>
      <p><a class="sbx-link" href="/">Вернуться в магазин</a></p>`,
  );

export function createSandboxAcquirer(options: SandboxAcquirerOptions) {
  const { provider, logger } = options;
  const now = options.now ?? (() => new Date());
  const app = new Hono().basePath(SANDBOX_BASE_PATH);

  app.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'no-store');
    c.header('x-robots-tag', 'noindex');
  });

  const sessionOf = async (c: Context) => (await provider.sessions.get(c.req.param('id') ?? '')) ?? null;
  const isFinal = (s: SandboxSession) => s.status === 'succeeded' || s.status === 'declined';

  /** Ends the payment, tells the store, and sends the shopper back to it. */
  async function finish(c: Context, session: SandboxSession, outcome: 'succeeded' | 'declined', reason?: string) {
    session.status = outcome;
    session.declineReason = outcome === 'declined' ? (reason ?? null) : null;
    await provider.sessions.set(session);
    const body: SandboxCallbackBody = {
      event_id: `evt_${randomBytes(12).toString('hex')}`,
      type: outcome === 'succeeded' ? 'payment.succeeded' : 'payment.declined',
      payment: { id: session.id, amount: session.amount, status: outcome, decline_reason: session.declineReason },
    };
    const rawBody = JSON.stringify(body);
    const response = await options.deliver(
      new Request(`${new URL(c.req.url).origin}/api/payment/callback/${SANDBOX_PROVIDER}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: provider.sign(rawBody) },
        body: rawBody,
      }),
    );
    if (!response.ok) {
      logger.error('sandbox acquirer: the store refused the callback', {
        event_id: body.event_id,
        status: response.status,
      });
    }
    return c.redirect(session.returnUrl, 303);
  }

  app.get('/pay/:id', async (c) => {
    const session = await sessionOf(c);
    if (!session) return c.html(notFoundPage(), 404);
    if (isFinal(session)) return c.html(resultPage(session));
    if (session.status === 'waiting_3ds') return c.redirect(path(session, '/3ds'), 303);
    if (session.method === 'sbp') {
      return c.html(sbpPage(session, `${new URL(c.req.url).origin}${path(session, '/sbp')}`));
    }
    return c.html(cardPage(session, { number: '', expiry: '', cvc: '', holder: '' }, {}));
  });

  app.post('/pay/:id/card', async (c) => {
    const session = await sessionOf(c);
    if (!session) return c.html(notFoundPage(), 404);
    if (isFinal(session) || session.method !== 'card') return c.redirect(path(session), 303);
    const body = await c.req.parseBody();
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '').slice(0, 100);
    const form: CardForm = { number: text('number'), expiry: text('expiry'), cvc: text('cvc'), holder: text('holder') };
    const errors = validateCardForm(form, now());
    if (Object.keys(errors).length > 0) return c.html(cardPage(session, form, errors), 422);
    const outcome = cardOutcome(form.number);
    if (outcome.kind === '3ds') {
      session.status = 'waiting_3ds';
      await provider.sessions.set(session);
      return c.redirect(path(session, '/3ds'), 303);
    }
    if (outcome.kind === 'success') return finish(c, session, 'succeeded');
    return finish(c, session, 'declined', outcome.reason);
  });

  app.get('/pay/:id/3ds', async (c) => {
    const session = await sessionOf(c);
    if (!session) return c.html(notFoundPage(), 404);
    if (session.status !== 'waiting_3ds') return c.redirect(path(session), 303);
    return c.html(threeDsPage(session, null));
  });

  app.post('/pay/:id/3ds', async (c) => {
    const session = await sessionOf(c);
    if (!session) return c.html(notFoundPage(), 404);
    if (session.status !== 'waiting_3ds') return c.redirect(path(session), 303);
    const body = await c.req.parseBody();
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (code === '') return c.html(threeDsPage(session, 'Введите код из SMS'), 422);
    if (code === THREE_DS_CODE) return finish(c, session, 'succeeded');
    return finish(c, session, 'declined', DECLINE_REASONS.wrongCode);
  });

  // The page the QR code opens: the bank app's confirmation.
  app.get('/pay/:id/sbp', async (c) => {
    const session = await sessionOf(c);
    if (!session) return c.html(notFoundPage(), 404);
    if (isFinal(session) || session.method !== 'sbp') return c.redirect(path(session), 303);
    return c.html(bankAppPage(session));
  });

  app.post('/pay/:id/sbp', async (c) => {
    const session = await sessionOf(c);
    if (!session) return c.html(notFoundPage(), 404);
    if (isFinal(session) || session.method !== 'sbp') return c.redirect(path(session), 303);
    const body = await c.req.parseBody();
    if (body.decision === 'pay') return finish(c, session, 'succeeded');
    if (body.decision === 'refuse') return finish(c, session, 'declined', DECLINE_REASONS.refused);
    return c.redirect(path(session), 303);
  });

  app.notFound((c) => c.html(notFoundPage(), 404));
  return app;
}

export type SandboxAcquirer = ReturnType<typeof createSandboxAcquirer>;
