// «Подтвердить компанию через банк» (issue 17, SPEC §7 GET /api/auth/v1/b2b-sber/authorize; decision
// 0047): a corporate order's (type 17) company confirmed by its representative signing in at the
// business bank. authorize checks the order and sends the shopper to the bank with a state; the
// callback checks the state, exchanges the code server-side and records what the bank answered.
//
// The state is HMAC-signed (AUTH_SECRET) and carries the order, a hash of who started (the customer,
// else the guest's basket), an expiry and an id; the id is claimed once in the shared cache (single
// use across instances) and derives the nonce the bank must sign back into its answer.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CONTACT_CENTRE_ORDER_TYPE, isOrderCancelled, type CompanySignInFailure } from '@store/domain';
import { SignInRefused, type BusinessSignIn, type BusinessIdentity } from '../adapters/business-sign-in.ts';
import type { Notifier } from '../adapters/notifications.ts';
import type { Cache } from '../cache.ts';
import {
  deleteCompanyConfirmation,
  insertCompanyConfirmation,
  retrieveCompanyConfirmation,
  retrieveCompanyOrder,
  type CompanyConfirmationRow,
  type CompanyOrderRow,
} from '../data/company-confirmations.ts';
import type { DatabaseHandle } from '@store/db';
import { ApiError } from '../http/errors.ts';
import { ownsOrder, type Requester } from '../http/requester.ts';
import type { CompanyConfirmation } from '../schemas/orders.ts';
import { errorFields, type Logger } from '../logger.ts';

export const B2B_CALLBACK_PATH = '/api/auth/v1/b2b-sber/callback';

/** Why a sign-in did not confirm the company: the status and field of the API's answer (words: the domain's). */
export type SignInFailure = CompanySignInFailure;

export const SIGN_IN_FAILURES: Record<SignInFailure, { status: 400 | 403 | 404 | 422 | 503; field: string }> = {
  not_found: { status: 404, field: 'order_id' },
  not_corporate: { status: 422, field: 'order_id' },
  cancelled: { status: 422, field: 'order_id' },
  confirmed: { status: 422, field: 'order_id' },
  state: { status: 400, field: 'state' },
  session: { status: 403, field: 'state' },
  expired: { status: 422, field: 'state' },
  reused: { status: 422, field: 'state' },
  denied: { status: 422, field: 'error' },
  code: { status: 422, field: 'code' },
  answer: { status: 422, field: 'code' },
  inn_mismatch: { status: 422, field: 'company.inn' },
  unavailable: { status: 503, field: 'code' },
};

/** The order page a shopper returns to: the account's for a customer's order, the thank-you page for a guest's. */
export const orderPagePath = (order: { id: number; customer_id: number | null }) =>
  order.customer_id !== null ? `/account/orders/${order.id}` : `/cart/success/${order.id}`;

export function presentConfirmation(row: CompanyConfirmationRow | null | undefined): CompanyConfirmation | null {
  return row ? { ...row } : null;
}

export interface StateClaims {
  /** The order. */
  o: number;
  /** Who started: a hash of the customer or the guest's basket. */
  s: string;
  /** Single-use id (and the nonce's seed). */
  j: string;
  /** Unix seconds. */
  exp: number;
}

export interface SignInContext {
  handle: DatabaseHandle;
  cache: Cache;
  signIn: BusinessSignIn;
  notifier: Notifier;
  logger: Logger;
  secret: Buffer;
  stateTtlS: number;
  /** The store's address the bank returns to (PUBLIC_ORIGIN, else this request's). */
  origin: string;
  now?: () => number;
}

const mac = (secret: Buffer, purpose: string, value: string) =>
  createHmac('sha256', secret).update(`b2b-sign-in:${purpose}:${value}`).digest('base64url');

export const sessionOf = (secret: Buffer, requester: Requester) =>
  mac(
    secret,
    'session',
    requester.customerId !== null ? `customer:${requester.customerId}` : `basket:${requester.basketId ?? ''}`,
  ).slice(0, 22);

const nonceOf = (secret: Buffer, stateId: string) => mac(secret, 'nonce', stateId).slice(0, 32);

export function signState(secret: Buffer, claims: StateClaims) {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(secret, 'state', body)}`;
}

function readState(secret: Buffer, state: string): StateClaims | null {
  const [body = '', signature = '', extra] = state.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, 'state', body));
  const sent = Buffer.from(signature);
  if (expected.length !== sent.length || !timingSafeEqual(expected, sent)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StateClaims;
    return Number.isInteger(claims.o) && typeof claims.j === 'string' && Number.isInteger(claims.exp) ? claims : null;
  } catch {
    return null;
  }
}

/** Why this requester cannot confirm this order's company now, or null when they can. */
function refusal(order: CompanyOrderRow | null, requester: Requester): SignInFailure | null {
  if (!order || !ownsOrder(requester, order)) return 'not_found';
  if (order.order_type_id !== CONTACT_CENTRE_ORDER_TYPE || !order.company_inn) return 'not_corporate';
  if (isOrderCancelled(order.status_id)) return 'cancelled';
  if (order.confirmed) return 'confirmed';
  return null;
}

export type AuthorizeResult =
  { kind: 'redirect'; location: string } | { kind: 'failed'; failure: SignInFailure; orderPage: string | null };

/** The bank's sign-in page for the order, or why not. */
export async function startSignIn(ctx: SignInContext, requester: Requester, orderId: number): Promise<AuthorizeResult> {
  const order = await retrieveCompanyOrder(ctx.handle, orderId);
  const failure = refusal(order, requester);
  if (failure) return { kind: 'failed', failure, orderPage: failure === 'not_found' ? null : orderPagePath(order!) };
  const now = ctx.now ?? (() => Date.now());
  const claims: StateClaims = {
    o: orderId,
    s: sessionOf(ctx.secret, requester),
    j: randomBytes(16).toString('base64url'),
    exp: Math.floor(now() / 1000) + ctx.stateTtlS,
  };
  const location = ctx.signIn.authorizeUrl({
    state: signState(ctx.secret, claims),
    nonce: nonceOf(ctx.secret, claims.j),
    redirectUri: `${ctx.origin}${B2B_CALLBACK_PATH}`,
  });
  return { kind: 'redirect', location };
}

export type CallbackResult =
  | { kind: 'confirmed'; orderId: number; orderPage: string; confirmation: CompanyConfirmation }
  | { kind: 'failed'; failure: SignInFailure; orderPage: string | null };

export interface CallbackQuery {
  state?: string | undefined;
  code?: string | undefined;
  error?: string | undefined;
}

/** The bank sent the shopper back: check the state, exchange the code, record the company. */
export async function finishSignIn(
  ctx: SignInContext,
  requester: Requester,
  query: CallbackQuery,
): Promise<CallbackResult> {
  const claims = query.state ? readState(ctx.secret, query.state) : null;
  if (!claims) return { kind: 'failed', failure: 'state', orderPage: null };
  // Someone else's browser (a link passed on, a forged return): nothing about the order is said.
  if (claims.s !== sessionOf(ctx.secret, requester)) return { kind: 'failed', failure: 'session', orderPage: null };
  const order = await retrieveCompanyOrder(ctx.handle, claims.o);
  if (!order || !ownsOrder(requester, order)) return { kind: 'failed', failure: 'not_found', orderPage: null };
  const orderPage = orderPagePath(order);
  const fail = (failure: SignInFailure): CallbackResult => ({ kind: 'failed', failure, orderPage });
  const now = ctx.now ?? (() => Date.now());
  const leftMs = claims.exp * 1000 - now();
  if (leftMs <= 0) return fail('expired');
  if (!(await ctx.cache.claim(`b2b-sign-in:state:${claims.j}`, leftMs))) return fail('reused');
  if (query.error) return fail('denied');
  const earlier = refusal(order, requester);
  if (earlier) return fail(earlier);
  if (!query.code) return fail('code');

  let identity: BusinessIdentity;
  try {
    identity = await ctx.signIn.exchange({
      code: query.code,
      nonce: nonceOf(ctx.secret, claims.j),
      redirectUri: `${ctx.origin}${B2B_CALLBACK_PATH}`,
    });
  } catch (error) {
    if (error instanceof SignInRefused) return fail(error.reason);
    ctx.logger.error('business sign-in: the bank did not answer the code exchange', {
      order_id: order.id,
      ...errorFields(error),
    });
    return fail('unavailable');
  }

  return ctx.handle.transaction(async (tx): Promise<CallbackResult> => {
    // Under the order's lock: two returns at once record one confirmation.
    const locked = await retrieveCompanyOrder(tx, order.id, true);
    const late = refusal(locked, requester);
    if (late) return fail(late);
    if (identity.inn !== locked!.company_inn) return fail('inn_mismatch');
    const stored = await insertCompanyConfirmation(tx, {
      orderId: order.id,
      provider: ctx.signIn.name,
      inn: identity.inn,
      kpp: identity.kpp,
      companyName: identity.companyName,
      ogrn: identity.ogrn,
      representative: identity.representative,
      bankSubject: identity.subject,
    });
    if (!stored) return fail('confirmed');
    if (locked!.email) {
      await ctx.notifier.send(
        {
          channel: 'email',
          recipient: locked!.email,
          template: 'corp-company-confirmed',
          subject: `Заказ №${order.id}: компания подтверждена банком`,
          body: [
            `Компания подтверждена банком: ${identity.companyName}, ИНН ${identity.inn}` +
              (identity.kpp ? `, КПП ${identity.kpp}` : '') +
              '.',
            `Представитель: ${identity.representative}.`,
            'Менеджер отдела корпоративных продаж выставит счёт на эту компанию.',
          ].join('\n'),
          payload: { order_id: order.id, inn: identity.inn, provider: ctx.signIn.name },
        },
        tx,
      );
    }
    const confirmation = presentConfirmation(await retrieveCompanyConfirmation(tx, order.id))!;
    return { kind: 'confirmed', orderId: order.id, orderPage, confirmation };
  });
}

export const CONFIRMATION_NOT_FOUND = 'У заказа нет подтверждения компании';

export interface UndoneConfirmation {
  order_id: number;
  undone: CompanyConfirmation;
  reason: string;
  undone_by: string;
}

/**
 * POST /ops/orders/{id}/company-confirmation/undo: an operator takes back a company confirmation (the bank
 * confirmed the wrong company, a representative without authority). With the order row locked the row is
 * removed, so the shopper may confirm again; what it said, the reason and the operator go to the outbox (the
 * record of it), with an e-mail to the order's address when it has one.
 */
export async function undoCompanyConfirmation(
  deps: { handle: DatabaseHandle; notifier: Notifier },
  orderId: number,
  input: { reason: string; operator: string },
): Promise<UndoneConfirmation> {
  return deps.handle.transaction(async (tx) => {
    const order = await retrieveCompanyOrder(tx, orderId, true);
    if (!order) throw new ApiError(404, 'Заказ не найден');
    const undone = await deleteCompanyConfirmation(tx, orderId);
    if (!undone) throw new ApiError(404, CONFIRMATION_NOT_FOUND);
    const payload = { order_id: orderId, reason: input.reason, operator: input.operator, confirmation: undone };
    await deps.notifier.send(
      {
        channel: order.email ? 'email' : 'sms',
        recipient: order.email ?? order.mobile_phone,
        template: 'corp-company-unconfirmed',
        subject: `Заказ №${orderId}: подтверждение компании отменено`,
        body: [
          `Подтверждение компании ${undone.company_name} (ИНН ${undone.inn}) по заказу №${orderId} отменено.`,
          `Причина: ${input.reason}.`,
          'Подтвердите компанию через банк ещё раз на странице заказа или дождитесь звонка менеджера.',
        ].join('\n'),
        payload,
      },
      tx,
    );
    return { order_id: orderId, undone: presentConfirmation(undone)!, reason: input.reason, undone_by: input.operator };
  });
}
