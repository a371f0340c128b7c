// Applications of the insurance and finance pages (issue 17 item 6; SPEC §2 /insurance/*, /finance/*;
// ours: the SPEC shows no calls for them). The phone is confirmed by an SMS code through the notifier
// (services/phone-confirmation.ts), the application is checked with the domain's rule (§5 messages),
// stored in finance_requests with an SMS to the customer in the outbox in one transaction. Operators
// (the operator guard, docs/decisions/0022) list them and answer or close them; each change sends the
// customer an SMS through the outbox too. The ОСАГО and deposit figures an application carries are
// computed here again from its inputs, never taken from the browser.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  FINANCE_REQUEST_KINDS,
  FINANCE_REQUEST_STATUSES,
  FINANCE_REQUEST_TITLES,
  canMoveFinanceRequest,
  checkDepositInput,
  checkOsagoInput,
  estimateDeposit,
  estimateOsago,
  formatPrice,
  normalizePhone,
  validateFinanceRequest,
  type FinanceRequestKind,
} from '@store/domain';
import { requireOperator } from '../auth/operator.ts';
import {
  insertFinanceRequest,
  listFinanceRequests,
  lockFinanceRequest,
  updateFinanceRequestStatus,
  type FinanceRequestRow,
} from '../data/finance.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { commonQuery, pageQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import { customerIdOf } from '../http/requester.ts';
import { errorResponses, invalidInput } from '../schemas/shell.ts';
import { phoneProofValid } from '../services/phone-confirmation.ts';
import { registerPhoneCodeRoutes } from './phone-code.ts';

const PURPOSE = 'finance-phone' as const;
const field = (max: number) => z.string().max(max).default('');

const OsagoDetails = z
  .object({
    region: field(40),
    power: field(10),
    drivers: field(20),
    age: field(10),
    experience: field(10),
    kbmClass: field(4),
    months: field(4),
  })
  .openapi('OsagoCalculatorInput');
const DepositDetails = z
  .object({ product: field(40), amount: field(20), months: field(4) })
  .openapi('DepositCalculatorInput');

export const FinanceRequestSchema = z
  .object({
    kind: z.enum(FINANCE_REQUEST_KINDS),
    name: field(200),
    phone: field(40),
    email: field(200),
    city: field(200),
    comment: field(4000),
    /** true, or a form checkbox's 'on'. */
    consent: z.union([z.boolean(), z.string().max(10)]).default(false),
    /** From POST /v2/finance/phone/confirm: the phone's proof (an hour). */
    phone_request_id: field(200),
    /** The page the application was sent from (/insurance/osago …). */
    page: z
      .string()
      .regex(/^\/(insurance|finance)\/[a-z]+$/)
      .optional(),
    /** The ОСАГО calculator's inputs (kind osago): the estimate is computed from them. */
    osago: OsagoDetails.optional(),
    /** The deposit calculator's inputs (kind deposit). */
    deposit: DepositDetails.optional(),
  })
  .superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(validateFinanceRequest(value)))
      ctx.addIssue({ code: 'custom', path: [path], message });
  })
  .openapi('FinanceRequestCreate');
export type FinanceRequestCreate = z.input<typeof FinanceRequestSchema>;

const FinanceRequestOut = z
  .object({
    id: z.number().int(),
    kind: z.enum(FINANCE_REQUEST_KINDS),
    title: z.string(),
    name: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    city_id: z.number().int().nullable(),
    /** What the customer entered beyond the contacts, and the estimate computed from it. */
    details: z.record(z.string(), z.unknown()),
    status: z.enum(FINANCE_REQUEST_STATUSES),
    operator_comment: z.string().nullable(),
    created_at: z.string(),
    phone_confirmed_at: z.string().nullable(),
    answered_at: z.string().nullable(),
    closed_at: z.string().nullable(),
  })
  .openapi('FinanceRequest');
export type FinanceRequest = z.infer<typeof FinanceRequestOut>;

const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const answer = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema } },
});
const operatorErrors = {
  401: errorResponses[401],
  403: { ...errorResponses[401], description: 'Not an operator' },
  ...invalidInput,
};

const create = createRoute({
  method: 'post',
  path: '/v2/finance/requests',
  tags: ['Insurance and finance'],
  summary: 'An insurance or finance application (ОСАГО, property, travel, mortgage, accident, deposit, agent)',
  description:
    'Field errors in the words of SPEC §5. The phone must be confirmed (phone_request_id). An ОСАГО or deposit ' +
    "application carries its calculator's inputs; the estimate stored with it is computed by the server.",
  request: { query: z.object(commonQuery), body: json(FinanceRequestSchema) },
  responses: { 201: answer('Stored', FinanceRequestOut), ...invalidInput },
});

const opsList = createRoute({
  method: 'get',
  path: '/ops/finance-requests',
  tags: ['Operators'],
  summary: 'Insurance and finance applications, newest first (employees with the operator role)',
  request: {
    query: z.object({
      ...commonQuery,
      ...pageQuery(20, 100),
      status: z.enum(FINANCE_REQUEST_STATUSES).optional(),
      kind: z.enum(FINANCE_REQUEST_KINDS).optional(),
    }),
  },
  responses: { 200: answer('Applications', z.array(FinanceRequestOut)), ...operatorErrors },
});

const opsChange = (action: 'answer' | 'close') =>
  createRoute({
    method: 'post',
    path: `/ops/finance-requests/{id}/${action}`,
    tags: ['Operators'],
    summary:
      action === 'answer'
        ? 'Records the call-back: status answered, with what the customer was told (sent to them by SMS)'
        : 'Closes the application, with an optional comment (sent to the customer by SMS)',
    request: {
      params: z.object({ id: positiveInt }),
      query: z.object(commonQuery),
      body: json(
        z.object({
          comment: action === 'answer' ? z.string().trim().min(1).max(1000) : z.string().max(1000).optional(),
        }),
      ),
    },
    responses: {
      200: answer('The application', FinanceRequestOut),
      404: errorResponses[404],
      409: { ...errorResponses[404], description: 'A closed application cannot change' },
      ...operatorErrors,
    },
  });

const present = (row: FinanceRequestRow): FinanceRequest => ({
  id: row.id,
  kind: row.kind,
  title: FINANCE_REQUEST_TITLES[row.kind],
  name: row.name,
  phone: row.phone,
  email: row.email,
  city_id: row.city_id,
  details: row.details,
  status: row.status,
  operator_comment: row.operator_comment,
  created_at: row.created_at,
  phone_confirmed_at: row.phone_confirmed_at,
  answered_at: row.answered_at,
  closed_at: row.closed_at,
});

const invalid = (errors: Record<string, string>) =>
  new ApiError(422, 'Проверьте данные заявки', Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])));

/** The calculator's figures of an application, computed from its inputs; field errors under osago.* / deposit.*. */
function calculatorDetails(body: z.output<typeof FinanceRequestSchema>): Record<string, unknown> {
  if (body.kind === 'osago' && body.osago) {
    const checked = checkOsagoInput(body.osago);
    if (!checked.ok)
      throw invalid(Object.fromEntries(Object.entries(checked.errors).map(([k, v]) => [`osago.${k}`, v])));
    const estimate = estimateOsago(checked.input);
    return {
      osago: checked.input,
      estimate: { min_kopecks: estimate.minKopecks, max_kopecks: estimate.maxKopecks, ...estimate.coefficients },
    };
  }
  if (body.kind === 'deposit' && body.deposit) {
    const checked = checkDepositInput(body.deposit);
    if (!checked.ok)
      throw invalid(Object.fromEntries(Object.entries(checked.errors).map(([k, v]) => [`deposit.${k}`, v])));
    const estimate = estimateDeposit(checked.product, checked.amountKopecks, checked.months);
    return {
      deposit: { product: checked.product.code, amount_kopecks: checked.amountKopecks, months: checked.months },
      estimate: {
        rate_bp: estimate.bp,
        interest_kopecks: estimate.interestKopecks,
        total_kopecks: estimate.totalKopecks,
      },
    };
  }
  return {};
}

function customerSms(row: FinanceRequestRow): string {
  const title = FINANCE_REQUEST_TITLES[row.kind];
  const estimate = row.details.estimate as { min_kopecks?: number } | undefined;
  const from =
    row.kind === 'osago' && estimate?.min_kopecks
      ? ` Предварительный расчёт: от ${formatPrice(estimate.min_kopecks)}.`
      : '';
  return `Мультицентр: заявка №${row.id} («${title}») принята.${from} Специалист позвонит в рабочее время.`;
}

export function registerFinanceRoutes(app: OpenAPIHono<ApiEnv>) {
  registerPhoneCodeRoutes(app, {
    base: '/v2/finance/phone',
    tag: 'Insurance and finance',
    schemaName: 'FinancePhone',
    what: 'an insurance or finance application',
    purpose: PURPOSE,
    smsText: 'Код подтверждения телефона для заявки в Мультицентре',
    limitPrefix: 'finance',
  });

  app.openapi(create, async (c) => {
    const body = c.req.valid('json');
    const { handle, adapters, config } = c.get('deps');
    const phone = normalizePhone(body.phone)!;
    if (!phoneProofValid(config, PURPOSE, phone, body.phone_request_id))
      throw invalid({ phone_request_id: 'Подтвердите телефон кодом из SMS' });
    const details = {
      ...calculatorDetails(body),
      ...(body.city.trim() ? { city: body.city.trim() } : {}),
      ...(body.comment.trim() ? { comment: body.comment.trim() } : {}),
      ...(body.page ? { page: body.page } : {}),
    };
    const row = await handle.transaction(async (tx) => {
      const stored = await insertFinanceRequest(tx, {
        kind: body.kind as FinanceRequestKind,
        name: body.name.trim(),
        phone,
        email: body.email.trim() || null,
        details,
        city_id: c.req.valid('query').city_id ?? null,
        customer_id: customerIdOf(c),
      });
      await adapters.notifier.send(
        {
          channel: 'sms',
          recipient: phone,
          template: 'finance-request',
          subject: null,
          body: customerSms(stored),
          payload: { finance_request_id: stored.id, kind: stored.kind },
        },
        tx,
      );
      return stored;
    });
    c.header('cache-control', 'no-store');
    return c.json(present(row), 201);
  });

  app.openapi(opsList, async (c) => {
    await requireOperator(c);
    const q = c.req.valid('query');
    const { rows, total } = await listFinanceRequests(c.get('deps').handle, {
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
      status: q.status,
      kind: q.kind,
    });
    setPaginationHeaders(c, { total, page: q.page, perPage: q.per_page });
    c.header('cache-control', 'no-store');
    return c.json(rows.map(present), 200);
  });

  for (const action of ['answer', 'close'] as const) {
    app.openapi(opsChange(action), async (c) => {
      const operator = await requireOperator(c);
      const id = c.req.valid('param').id;
      const comment = c.req.valid('json').comment?.trim() || null;
      const status = action === 'answer' ? 'answered' : 'closed';
      const { handle, adapters } = c.get('deps');
      const row = await handle.transaction(async (tx) => {
        const current = await lockFinanceRequest(tx, id);
        if (!current) throw notFound('Заявка не найдена');
        if (!canMoveFinanceRequest(current.status, status))
          throw new ApiError(409, 'Заявка уже закрыта, изменить её нельзя');
        const updated = await updateFinanceRequestStatus(tx, id, {
          status,
          comment,
          operator: operator.personnel_number,
        });
        await adapters.notifier.send(
          {
            channel: 'sms',
            recipient: updated.phone,
            template: `finance-request-${action}`,
            subject: null,
            body: `Мультицентр: заявка №${id} («${FINANCE_REQUEST_TITLES[updated.kind]}») ${
              action === 'answer' ? 'обработана' : 'закрыта'
            }.${comment ? ` ${comment}` : ''}`,
            payload: { finance_request_id: id, status },
          },
          tx,
        );
        return updated;
      });
      c.header('cache-control', 'no-store');
      return c.json(present(row), 200);
    });
  }
}
