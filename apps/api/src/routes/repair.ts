// SPEC §7 Repair service, the calls that file and follow a request: POST /v1/order/paid-repair,
// /warranty-repair and /insurance-case (the own variant, JSON with exactly the §3 payloads), POST
// /repair-request/create (the refresh variant: the same payload with its kind in `type`); ours, since the SPEC
// does not show them: the phone confirmation by SMS (phone_request_id), the guest lookup by number and phone,
// the customer's list (/v2/users/me/repair-requests) and the operators' list and status change (/ops/…).
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  REPAIR_HANDOVERS,
  REPAIR_KINDS,
  REPAIR_STATUSES,
  REPAIR_STATUS_NAMES,
  normalizePhone,
  type RepairStatus,
} from '@store/domain';
import { LIMITS, hitRateLimits } from '../auth/rate-limit.ts';
import { requireOperator } from '../auth/operator.ts';
import {
  findRepairRequestByNumber,
  listCustomerRepairRequests,
  listRepairRequests,
  listRequestFiles,
  retrieveRepairRequest,
  updateRepairStatus,
  type RepairRequestRow,
} from '../data/repair.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { bodyId, commonQuery, pageQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import { errorResponses, invalidInput } from '../schemas/shell.ts';
import { clientIp } from '../services/auth.ts';
import { REPAIR_CODE_PURPOSE, REPAIR_CODE_SMS, createRepairRequest, type RepairPayloadIn } from '../services/repair.ts';
import { registerPhoneCodeRoutes } from './phone-code.ts';
import { requireCustomer } from './account.ts';
import { presentRepairFile } from './repair-files.ts';

const text = (max: number) => z.string().max(max).default('');
const fileId = z.string().regex(/^[0-9a-f]{32}$/);
const time = z.string().regex(/^\d{2}:\d{2}$/);

const UserSchema = z.object({
  name: text(200),
  phone: text(40),
  email: text(200),
  phone_request_id: text(200),
  city_id: bodyId.nullable().default(null),
});
const ProblemSchema = z.object({
  id: bodyId,
  model_id: bodyId,
  ready_sell_for_parts: z.boolean().default(false),
  important_save_data: z.boolean().default(false),
  consider_alternatives: z.boolean().default(false),
});
const AddressSchema = z.object({
  street: text(300),
  house: text(50),
  building: text(50),
  entrance: text(50),
  floor: text(50),
  flat: text(50),
  date: text(20),
  time_from: time,
  time_to: time,
  notes: text(1000),
});
const DocsSchema = z.object({
  has_device_and_charger: z.boolean().default(false),
  has_kit_accessories: z.boolean().default(false),
  additional: text(1000),
  purchase_date: text(20),
  policy_accept: z.boolean().default(false),
  photo_cheque: fileId.nullable().default(null),
  photo_guarantee_card: fileId.nullable().default(null),
  photo_passport: fileId.nullable().default(null),
  photo_application_insurance_payment: fileId.nullable().default(null),
  photo_conclusion: fileId.nullable().default(null),
  passport: z.array(fileId).max(20).default([]),
  cash_receipt: z.array(fileId).max(20).default([]),
  warranty_card: z.array(fileId).max(20).default([]),
  insurance_policy: z.array(fileId).max(20).default([]),
  insurance_payment: z.array(fileId).max(20).default([]),
  device_photo: z.array(fileId).max(20).default([]),
});

export const PaidRepairSchema = z
  .object({
    user: UserSchema,
    problem: ProblemSchema,
    store_id: bodyId.optional(),
    address: AddressSchema.optional(),
  })
  .strict()
  .openapi('PaidRepairRequest');
export const WarrantyRepairSchema = z
  .object({
    user: UserSchema,
    problem: ProblemSchema,
    delivery_type: z.enum(REPAIR_HANDOVERS),
    store_id: bodyId.optional(),
    address: AddressSchema.optional(),
    docs: DocsSchema,
  })
  .strict()
  .openapi('WarrantyRepairRequest');
export const InsuranceCaseSchema = z
  .object({
    user: UserSchema,
    problem: ProblemSchema,
    delivery_type: z.enum(REPAIR_HANDOVERS),
    store_id: bodyId.optional(),
    address: AddressSchema.optional(),
    docs: DocsSchema,
    imei: text(40),
    insurance: text(40),
    insurance_situation: text(2000),
  })
  .strict()
  .openapi('InsuranceCaseRequest');
const RefreshRequestSchema = z
  .object({
    type: z.enum(REPAIR_KINDS),
    user: UserSchema,
    problem: ProblemSchema,
    delivery_type: z.enum(REPAIR_HANDOVERS).optional(),
    store_id: bodyId.optional(),
    address: AddressSchema.optional(),
    docs: DocsSchema.optional(),
    imei: text(40).optional(),
    insurance: text(40).optional(),
    insurance_situation: text(2000).optional(),
  })
  .strict()
  .openapi('RepairRequestCreate');

const CreatedSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    kind: z.enum(REPAIR_KINDS),
    status: z.string(),
    cost_from: z.number().int(),
    cost_to: z.number().int(),
    discount_price: z.number().int(),
  })
  .openapi('RepairRequestCreated');

const RepairFileOut = z.object({
  id: z.string(),
  field: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  name: z.string(),
  url: z.string(),
});
const RequestOut = z
  .object({
    id: z.number().int(),
    number: z.string(),
    kind: z.string(),
    variant: z.string(),
    status: z.string(),
    status_name: z.string(),
    device_type: z.string(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    problem: z.string().nullable(),
    /** Kopecks. */
    cost_from: z.number().int().nullable(),
    cost_to: z.number().int().nullable(),
    discount_price: z.number().int().nullable(),
    handover: z.string(),
    store_id: z.number().int().nullable(),
    address: z.record(z.string(), z.string()).nullable(),
    operator_comment: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    documents: z.array(RepairFileOut),
  })
  .openapi('RepairRequest');
type RequestOutT = z.infer<typeof RequestOut>;
export type RepairRequestView = RequestOutT;
export type RepairRequestCreated = z.infer<typeof CreatedSchema>;

const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});
const created = { 201: { description: 'Request stored', content: { 'application/json': { schema: CreatedSchema } } } };

const kindRoute = (path: string, schema: z.ZodType, summary: string) =>
  createRoute({
    method: 'post',
    path,
    tags: ['Repair'],
    summary,
    description:
      'Every wizard step is checked again (SPEC §5 messages under the payload field names); the phone must be ' +
      'confirmed (phone_request_id), the files uploaded by this customer or browser. Nothing is stored on an error.',
    request: { query: z.object(commonQuery), body: jsonBody(schema) },
    responses: { ...created, ...invalidInput },
  });

const paidRoute = kindRoute(
  '/v1/order/paid-repair',
  PaidRepairSchema,
  'A paid repair: store_id (drop-off) or address (courier)',
);
const warrantyRoute = kindRoute('/v1/order/warranty-repair', WarrantyRepairSchema, 'A warranty repair with documents');
const insuranceRoute = kindRoute(
  '/v1/order/insurance-case',
  InsuranceCaseSchema,
  'An insurance case with the policy and IMEI',
);
// SPEC §7 also lists POST /v1/{type}/order: the same three calls with the kind before `order` (decision 0039).
// One route per kind, each with its kind's payload schema, so every path validates exactly what it takes.
const kindOrderRoutes = [
  {
    kind: 'paid',
    route: kindRoute('/v1/paid-repair/order', PaidRepairSchema, 'A paid repair (as /v1/order/paid-repair)'),
  },
  {
    kind: 'warranty',
    route: kindRoute(
      '/v1/warranty-repair/order',
      WarrantyRepairSchema,
      'A warranty repair (as /v1/order/warranty-repair)',
    ),
  },
  {
    kind: 'insurance',
    route: kindRoute(
      '/v1/insurance-case/order',
      InsuranceCaseSchema,
      'An insurance case (as /v1/order/insurance-case)',
    ),
  },
] as const;

const refreshRoute = createRoute({
  method: 'post',
  path: '/repair-request/create',
  tags: ['Repair'],
  summary: 'A repair request of the refresh variant: the payload of its kind with the kind in `type`',
  request: { query: z.object(commonQuery), body: jsonBody(RefreshRequestSchema) },
  responses: { ...created, ...invalidInput },
});

const status = createRoute({
  method: 'get',
  path: '/v1/repair/status',
  tags: ['Repair'],
  summary: "A repair request's status by its number and the phone it was filed with (guests)",
  request: { query: z.object({ ...commonQuery, number: z.string().regex(/^\d{1,10}$/), phone: z.string().max(40) }) },
  responses: {
    200: { description: 'The request', content: { 'application/json': { schema: RequestOut } } },
    404: errorResponses[404],
    ...invalidInput,
  },
});

const mine = createRoute({
  method: 'get',
  path: '/v2/users/me/repair-requests',
  tags: ['Repair'],
  summary: "The signed-in customer's repair requests, newest first",
  request: { query: z.object(commonQuery) },
  responses: {
    200: { description: 'Requests', content: { 'application/json': { schema: z.array(RequestOut) } } },
    401: errorResponses[401],
    ...invalidInput,
  },
});

const opsList = createRoute({
  method: 'get',
  path: '/ops/repair-requests',
  tags: ['Operators'],
  summary: 'Repair requests, newest first, optionally of one status (employees with the operator role)',
  request: { query: z.object({ ...commonQuery, ...pageQuery(20, 100), status: z.enum(REPAIR_STATUSES).optional() }) },
  responses: {
    200: { description: 'Requests', content: { 'application/json': { schema: z.array(RequestOut) } } },
    401: errorResponses[401],
    403: { ...errorResponses[401], description: 'Not an operator' },
    ...invalidInput,
  },
});

const opsStatus = createRoute({
  method: 'post',
  path: '/ops/repair-requests/{id}/status',
  tags: ['Operators'],
  summary: 'Answers a repair request: sets its status (opened, closed, completed) with a comment the customer sees',
  request: {
    params: z.object({ id: positiveInt }),
    query: z.object(commonQuery),
    body: jsonBody(z.object({ status: z.enum(REPAIR_STATUSES), comment: z.string().max(1000).optional() })),
  },
  responses: {
    200: { description: 'The request', content: { 'application/json': { schema: RequestOut } } },
    401: errorResponses[401],
    403: { ...errorResponses[401], description: 'Not an operator' },
    404: errorResponses[404],
    ...invalidInput,
  },
});

async function present(
  handle: ApiEnv['Variables']['deps']['handle'],
  rows: RepairRequestRow[],
): Promise<RequestOutT[]> {
  const files = await listRequestFiles(
    handle,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    kind: r.kind,
    variant: r.variant,
    status: r.status,
    status_name: REPAIR_STATUS_NAMES[r.status as RepairStatus] ?? r.status,
    device_type: r.device_type_name,
    brand: r.brand_name,
    model: r.model_name,
    problem: r.problem_name,
    cost_from: r.cost_from,
    cost_to: r.cost_to,
    discount_price: r.discount_price,
    handover: r.handover,
    store_id: r.store_id,
    address: r.address,
    operator_comment: r.operator_comment,
    created_at: r.created_at,
    updated_at: r.updated_at,
    documents: files.filter((f) => f.request_id === r.id).map(presentRepairFile),
  }));
}

export function registerRepairRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(paidRoute, async (c) =>
    c.json(await createRepairRequest(c, 'paid', 'own', c.req.valid('json') as RepairPayloadIn), 201),
  );
  app.openapi(warrantyRoute, async (c) =>
    c.json(await createRepairRequest(c, 'warranty', 'own', c.req.valid('json') as RepairPayloadIn), 201),
  );
  app.openapi(insuranceRoute, async (c) =>
    c.json(await createRepairRequest(c, 'insurance', 'own', c.req.valid('json') as RepairPayloadIn), 201),
  );
  for (const { kind, route } of kindOrderRoutes)
    app.openapi(route, async (c) =>
      c.json(await createRepairRequest(c, kind, 'own', c.req.valid('json') as RepairPayloadIn), 201),
    );
  app.openapi(refreshRoute, async (c) => {
    const { type, ...payload } = c.req.valid('json');
    if (type !== 'paid' && (!payload.delivery_type || !payload.docs))
      throw new ApiError(422, 'Проверьте данные заявки', {
        ...(payload.delivery_type ? {} : { delivery_type: ['Это поле необходимо заполнить.'] }),
        ...(payload.docs ? {} : { docs: ['Это поле необходимо заполнить.'] }),
      });
    return c.json(await createRepairRequest(c, type, 'refresh', payload as RepairPayloadIn), 201);
  });

  registerPhoneCodeRoutes(app, {
    base: '/v1/repair/phone',
    tag: 'Repair',
    schemaName: 'RepairPhone',
    what: 'a repair request',
    purpose: REPAIR_CODE_PURPOSE,
    smsText: REPAIR_CODE_SMS,
    limitPrefix: 'repair',
  });

  app.openapi(status, async (c) => {
    const q = c.req.valid('query');
    const phone = normalizePhone(q.phone);
    await hitRateLimits(c.get('deps').cache, [{ limit: LIMITS.loginPerIp, subject: `repair-status:${clientIp(c)}` }]);
    const row = phone ? await findRepairRequestByNumber(c.get('deps').handle, q.number, phone) : null;
    if (!row) throw notFound('Заявка с таким номером и телефоном не найдена');
    c.header('cache-control', 'no-store');
    // A guest sees the status, not the documents.
    const [out] = await present(c.get('deps').handle, [row]);
    return c.json({ ...out!, documents: [] }, 200);
  });

  app.openapi(mine, async (c) => {
    const customerId = requireCustomer(c);
    const { handle } = c.get('deps');
    c.header('cache-control', 'no-store');
    return c.json(await present(handle, await listCustomerRepairRequests(handle, customerId)), 200);
  });

  app.openapi(opsList, async (c) => {
    await requireOperator(c);
    const q = c.req.valid('query');
    const { handle } = c.get('deps');
    const { rows, total } = await listRepairRequests(handle, {
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
      status: q.status,
    });
    setPaginationHeaders(c, { total, page: q.page, perPage: q.per_page });
    c.header('cache-control', 'no-store');
    return c.json(await present(handle, rows), 200);
  });

  app.openapi(opsStatus, async (c) => {
    await requireOperator(c);
    const { handle, adapters } = c.get('deps');
    const id = c.req.valid('param').id;
    const body = c.req.valid('json');
    const row = await handle.transaction(async (tx) => {
      if (!(await updateRepairStatus(tx, id, body.status, body.comment?.trim() || null))) return null;
      const updated = (await retrieveRepairRequest(tx, id))!;
      await adapters.notifier.send(
        {
          channel: 'sms',
          recipient: updated.phone,
          template: 'repair-status',
          subject: null,
          body: `Заявка на ремонт №${updated.number}: ${REPAIR_STATUS_NAMES[body.status].toLowerCase()}.${body.comment ? ` ${body.comment.trim()}` : ''}`,
          payload: { repair_request_id: id, status: body.status },
        },
        tx,
      );
      return updated;
    });
    if (!row) throw notFound('Заявка не найдена');
    return c.json((await present(handle, [row]))[0]!, 200);
  });
}
