// Credit applications of an order (issue 17): the shopper's calls under /v2/credit/applications/{order_id}
// (access by ownsOrder: someone else's order is a 404), the lender's signed callback, and the operators' list.
import { createRoute, z, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { requireOperator } from '../auth/operator.ts';
import { listCreditApplications } from '../data/credit.ts';
import { retrieveOrderOwner } from '../data/orders.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError, errorResponse } from '../http/errors.ts';
import { commonQuery, bodyId, pageQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import { ownsOrder, requesterOf } from '../http/requester.ts';
import { productChangeTags } from '../page-events.ts';
import { errorFields } from '../logger.ts';
import { errorResponses, notFoundOrInvalid } from '../schemas/shell.ts';
import { LENDER_SIGNATURE_HEADER, LENDER_TIMESTAMP_HEADER } from '../adapters/lender.ts';
import {
  cancelApplication,
  chooseOffer,
  confirmIncome,
  creditApplicationView,
  sendPhoneCode,
  signOffer,
  submitApplication,
  takeLenderCallback,
  type CreditDeps,
} from '../services/credit.ts';

const TermSchema = z.object({ months: z.number().int(), label: z.string().nullable(), payment: z.number().int() });

export const CreditApplicationSchema = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    kind: z.enum(['credit', 'instalment', 'loan']),
    kind_name: z.string(),
    payment_type: z.number().int(),
    amount: z.number().int(),
    months: z.number().int(),
    instalment_label: z.string().nullable(),
    monthly_payment: z.number().int(),
    terms: z.array(TermSchema),
    status: z.enum(['new', 'reviewing', 'conditions', 'approved', 'declined', 'cancelled', 'signed']),
    status_name: z.string(),
    next_step: z.string(),
    phone: z.string(),
    phone_confirmed: z.boolean(),
    code_sent_for: z.enum(['phone', 'sign']).nullable(),
    expires_at: z.string(),
    offers: z.array(
      z.object({
        id: z.number().int(),
        bank: z.string(),
        bank_name: z.string(),
        status: z.enum(['reviewing', 'approved', 'conditions', 'declined']),
        rate: z.number().nullable(),
        months: z.number().int().nullable(),
        monthly_payment: z.number().int().nullable(),
        overpayment: z.number().int().nullable(),
        reason: z.string().nullable(),
      }),
    ),
    chosen_offer_id: z.number().int().nullable(),
    schedule: z.array(
      z.object({
        n: z.number().int(),
        date: z.string(),
        amount: z.number().int(),
        principal: z.number().int(),
        interest: z.number().int(),
        rest: z.number().int(),
      }),
    ),
  })
  .openapi('CreditApplication');
export type CreditApplication = z.infer<typeof CreditApplicationSchema>;

const text = (max: number) => z.string().max(max).optional();

export const CreditApplicantSchema = z
  .object({
    last_name: text(100),
    first_name: text(100),
    middle_name: text(100),
    /** YYYY-MM-DD */
    birth_date: text(20),
    passport_series: text(10),
    passport_number: text(10),
    /** Rubles a month. */
    income: z.union([z.number().int(), z.string().max(20)]).optional(),
    employment: text(30),
    phone: text(30),
    consent: z.union([z.boolean(), z.string().max(10)]).optional(),
    months: z.coerce.number().int().min(1).max(120),
    /** The SMS code sent to the phone. */
    code: text(10),
  })
  .openapi('CreditApplicantRequest');
export type CreditApplicantRequest = z.input<typeof CreditApplicantSchema>;

const params = z.object({ order_id: positiveInt.openapi({ param: { name: 'order_id', in: 'path' } }) });
const answer = {
  200: { description: 'The application', content: { 'application/json': { schema: CreditApplicationSchema } } },
  409: { ...errorResponses[422], description: 'Not possible in the application’s state' },
  ...notFoundOrInvalid,
};
const json = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } } } });

const base = '/v2/credit/applications/{order_id}';
const route = <R extends RouteConfig>(r: R) => createRoute(r);
const get = route({
  method: 'get',
  path: base,
  tags: ['Credit'],
  summary: 'The credit, instalment or loan application of an order: state, next step, banks’ offers, schedule',
  request: { params, query: z.object(commonQuery) },
  responses: answer,
});
const phoneCode = route({
  method: 'post',
  path: `${base}/phone-code`,
  tags: ['Credit'],
  summary: 'Sends an SMS code confirming the applicant’s phone',
  request: { params, query: z.object(commonQuery), ...json(z.object({ phone: z.string().max(30) })) },
  responses: answer,
});
const submit = route({
  method: 'post',
  path: base,
  tags: ['Credit'],
  summary: 'Sends the applicant (with the phone code and the 152-FZ consent) to every partner bank at once',
  request: { params, query: z.object(commonQuery), ...json(CreditApplicantSchema) },
  responses: answer,
});
const income = route({
  method: 'post',
  path: `${base}/income`,
  tags: ['Credit'],
  summary: 'Confirms income when a bank asked for it (the number of the income statement)',
  request: { params, query: z.object(commonQuery), ...json(z.object({ document: z.string().max(60) })) },
  responses: answer,
});
const offer = route({
  method: 'post',
  path: `${base}/offer`,
  tags: ['Credit'],
  summary: 'Picks an approved bank offer; the signing code goes to the confirmed phone',
  request: { params, query: z.object(commonQuery), ...json(z.object({ offer_id: bodyId })) },
  responses: answer,
});
const sign = route({
  method: 'post',
  path: `${base}/sign`,
  tags: ['Credit'],
  summary: 'Signs the chosen offer with the SMS code: the order moves on, the schedule goes to the outbox',
  request: { params, query: z.object(commonQuery), ...json(z.object({ code: z.string().max(10) })) },
  responses: answer,
});
const cancel = route({
  method: 'post',
  path: `${base}/cancel`,
  tags: ['Credit'],
  summary: 'Cancels the application and its order (the stock goes back)',
  request: { params, query: z.object(commonQuery) },
  responses: answer,
});

const OpsApplicationSchema = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    kind: z.string(),
    amount: z.number().int(),
    months: z.number().int(),
    status: z.string(),
    phone: z.string(),
    created_at: z.string(),
    offers: z.array(z.object({ bank: z.string(), status: z.string(), reason: z.string().nullable() })),
  })
  .openapi('OpsCreditApplication');

const operatorList = route({
  method: 'get',
  path: '/ops/credit-applications',
  tags: ['Operators'],
  summary: 'Credit applications with every bank’s answer, newest first (employees with the operator role)',
  request: { query: z.object({ ...commonQuery, ...pageQuery(20, 100) }) },
  responses: {
    200: { description: 'Applications', content: { 'application/json': { schema: z.array(OpsApplicationSchema) } } },
    401: errorResponses[401],
    403: { ...errorResponses[401], description: 'Not an operator' },
    ...notFoundOrInvalid,
  },
});

export function creditDepsOf(c: Context<ApiEnv>): CreditDeps {
  const { handle, adapters, logger, config } = c.get('deps');
  return {
    handle,
    notifier: adapters.notifier,
    lender: adapters.lender,
    logger,
    timeoutMinutes: config.CREDIT_APPLICATION_TIMEOUT_MIN,
  };
}

/** The order must be the requester's; anyone else's is a 404 like a missing one. */
async function ownOrder(c: Context<ApiEnv>, orderId: number) {
  const owner = await retrieveOrderOwner(c.get('deps').handle, orderId);
  if (!owner || !ownsOrder(requesterOf(c), owner)) throw new ApiError(404, 'Заявка на кредит не найдена');
}

/** A cancelled order put its units back: the pages that show those products drop from the page cache. */
async function stockChanged(c: Context<ApiEnv>, orderId: number) {
  const { handle, pageEvents, logger } = c.get('deps');
  try {
    const lines = await handle.query<{ product_id: number }>('select product_id from order_lines where order_id = $1', [
      orderId,
    ]);
    await pageEvents.publish(
      await productChangeTags(
        handle,
        lines.map((l) => l.product_id),
      ),
    );
  } catch (error) {
    logger.warn('page cache invalidation failed', { trace_id: c.get('traceId'), ...errorFields(error) });
  }
}

export function registerCreditRoutes(app: OpenAPIHono<ApiEnv>) {
  const noStore = (c: Context<ApiEnv>) => c.header('cache-control', 'no-store');

  app.openapi(get, async (c) => {
    const { order_id } = c.req.valid('param');
    await ownOrder(c, order_id);
    noStore(c);
    return c.json(await creditApplicationView(c.get('deps').handle, order_id), 200);
  });
  app.openapi(phoneCode, async (c) => {
    const { order_id } = c.req.valid('param');
    await ownOrder(c, order_id);
    noStore(c);
    return c.json(await sendPhoneCode(creditDepsOf(c), order_id, c.req.valid('json').phone), 200);
  });
  app.openapi(submit, async (c) => {
    const { order_id } = c.req.valid('param');
    await ownOrder(c, order_id);
    noStore(c);
    return c.json(await submitApplication(creditDepsOf(c), order_id, c.req.valid('json')), 200);
  });
  app.openapi(income, async (c) => {
    const { order_id } = c.req.valid('param');
    await ownOrder(c, order_id);
    noStore(c);
    return c.json(await confirmIncome(creditDepsOf(c), order_id, c.req.valid('json').document), 200);
  });
  app.openapi(offer, async (c) => {
    const { order_id } = c.req.valid('param');
    await ownOrder(c, order_id);
    noStore(c);
    return c.json(await chooseOffer(creditDepsOf(c), order_id, c.req.valid('json').offer_id), 200);
  });
  app.openapi(sign, async (c) => {
    const { order_id } = c.req.valid('param');
    await ownOrder(c, order_id);
    noStore(c);
    return c.json(await signOffer(creditDepsOf(c), order_id, c.req.valid('json').code), 200);
  });
  app.openapi(cancel, async (c) => {
    const { order_id } = c.req.valid('param');
    await ownOrder(c, order_id);
    noStore(c);
    const view = await cancelApplication(creditDepsOf(c), order_id);
    await stockChanged(c, order_id);
    return c.json(view, 200);
  });

  app.openapi(operatorList, async (c) => {
    await requireOperator(c);
    const q = c.req.valid('query');
    const { rows, total } = await listCreditApplications(c.get('deps').handle, {
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    setPaginationHeaders(c, { total, page: q.page, perPage: q.per_page });
    noStore(c);
    return c.json(rows, 200);
  });

  // The lender's notification: signed (HMAC over timestamp and raw body) instead of X-Requested-With.
  app.post('/credit/callback/:lender', async (c) => {
    const deps = creditDepsOf(c);
    if (c.req.param('lender') !== deps.lender.name) return errorResponse(c, 404, 'Кредитный партнёр не найден');
    const raw = await c.req.text();
    const result = await takeLenderCallback(
      deps,
      raw,
      c.req.header(LENDER_TIMESTAMP_HEADER),
      c.req.header(LENDER_SIGNATURE_HEADER),
      c.get('traceId'),
    );
    if (result.status !== 200) return errorResponse(c, result.status, result.message);
    if (result.cancelled) await stockChanged(c, result.orderId);
    return c.json({ status: 'ok', outcome: result.outcome }, 200);
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/credit/callback/{lender}',
    tags: ['Credit'],
    summary: `The lender’s decision, signed with HMAC-SHA256 over "timestamp.body" (${LENDER_SIGNATURE_HEADER}, ${LENDER_TIMESTAMP_HEADER})`,
    request: { params: z.object({ lender: z.string().openapi({ param: { name: 'lender', in: 'path' } }) }) },
    responses: {
      200: { description: 'Taken in (a repeated event changes nothing)' },
      400: errorResponses[422],
      401: errorResponses[401],
      ...notFoundOrInvalid,
    },
  });
}
