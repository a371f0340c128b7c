// Corporate fast orders (SPEC §7 POST /v2/corp/fast-order (form), §1, §4 order-sent): a company asks
// for goods in free text, the request is stored with a confirmation in the outbox in one transaction,
// and the contact centre's operators read them at GET /ops/corp-orders (the operator guard,
// docs/decisions/0022). Fields are checked by the domain's validateCorpFastOrder (§5 messages).
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { normalizePhone, validateCorpFastOrder, type CorpFastOrderField } from '@store/domain';
import { requireOperator } from '../auth/operator.ts';
import { insertCorpFastOrder, listCorpFastOrders } from '../data/corp.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError, fieldErrors } from '../http/errors.ts';
import { commonQuery, pageQuery, setPaginationHeaders } from '../http/params.ts';
import { errorResponses, invalidInput } from '../schemas/shell.ts';

/** Generous outer bounds; the domain rule words the real limits. */
const field = z.string().max(4000).default('');

export const CorpFastOrderSchema = z
  .object({
    company: field,
    inn: field,
    contact_name: field,
    phone: field,
    email: field,
    products: field,
    /** true, or a form checkbox's 'on'. */
    consent: z.union([z.boolean(), z.string().max(10)]).default(false),
  })
  .superRefine((value, ctx) => {
    const errors = validateCorpFastOrder(value);
    for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [path], message });
  })
  .openapi('CorpFastOrderRequest');

const CorpFastOrderSchemaOut = z
  .object({
    id: z.number().int(),
    company: z.string(),
    inn: z.string(),
    contact_name: z.string(),
    /** 7 and ten digits. */
    phone: z.string(),
    email: z.string(),
    products: z.string(),
    city_id: z.number().int().nullable(),
    status: z.string(),
    created_at: z.string(),
  })
  .openapi('CorpFastOrder');
export type CorpFastOrder = z.infer<typeof CorpFastOrderSchemaOut>;
export type CorpFastOrderRequest = z.input<typeof CorpFastOrderSchema>;

const fastOrder = createRoute({
  method: 'post',
  path: '/v2/corp/fast-order',
  tags: ['Corporate'],
  summary: 'A corporate fast order: company, ИНН, contact, products or free text, consent',
  description:
    'A form (application/x-www-form-urlencoded or multipart) or JSON. Field errors in the words of SPEC §5; ' +
    'the ИНН is checked by its check digits. The answer is the stored request; a confirmation goes to the e-mail.',
  request: {
    query: z.object(commonQuery),
    body: {
      content: {
        'application/x-www-form-urlencoded': { schema: CorpFastOrderSchema },
        'application/json': { schema: CorpFastOrderSchema },
      },
    },
  },
  responses: {
    201: { description: 'Stored', content: { 'application/json': { schema: CorpFastOrderSchemaOut } } },
    ...invalidInput,
  },
});

const operatorList = createRoute({
  method: 'get',
  path: '/ops/corp-orders',
  tags: ['Operators'],
  summary: 'Corporate fast orders, newest first (employees with the operator role)',
  request: { query: z.object({ ...commonQuery, ...pageQuery(20, 100) }) },
  responses: {
    200: { description: 'Requests', content: { 'application/json': { schema: z.array(CorpFastOrderSchemaOut) } } },
    401: errorResponses[401],
    403: { ...errorResponses[401], description: 'Not an operator' },
    ...invalidInput,
  },
});

const FIELDS = [
  'company',
  'inn',
  'contact_name',
  'phone',
  'email',
  'products',
] as const satisfies readonly CorpFastOrderField[];

export function registerCorpRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(fastOrder, async (c) => {
    const type = c.req.header('content-type') ?? '';
    let body: z.output<typeof CorpFastOrderSchema>;
    if (/^application\/json/i.test(type)) body = c.req.valid('json');
    else if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) body = c.req.valid('form');
    else {
      // No body at all: every field is missing, said as the form would say it.
      const parsed = CorpFastOrderSchema.safeParse({});
      throw new ApiError(422, 'Проверьте параметры запроса', parsed.success ? {} : fieldErrors(parsed.error));
    }
    const clean = Object.fromEntries(FIELDS.map((f) => [f, body[f].trim()])) as Record<(typeof FIELDS)[number], string>;
    const { handle, adapters } = c.get('deps');
    const cityId = c.req.valid('query').city_id ?? null;
    const stored = await handle.transaction(async (tx) => {
      const row = await insertCorpFastOrder(tx, {
        ...clean,
        inn: clean.inn.replace(/\s+/g, ''),
        phone: normalizePhone(clean.phone)!,
        city_id: cityId,
      });
      await adapters.notifier.send(
        {
          channel: 'email',
          recipient: row.email,
          template: 'corp-fast-order',
          subject: `Заявка №${row.id} для юрлица принята`,
          body: [
            `${row.contact_name}, спасибо за заявку!`,
            `Номер заявки: ${row.id}. Компания: ${row.company}, ИНН ${row.inn}.`,
            `Что нужно: ${row.products}`,
            'Менеджер отдела корпоративных продаж позвонит в рабочее время, уточнит заказ и пришлёт счёт.',
          ].join('\n'),
          payload: { corp_order_id: row.id, inn: row.inn },
        },
        tx,
      );
      return row;
    });
    c.header('cache-control', 'no-store');
    return c.json(stored, 201);
  });

  app.openapi(operatorList, async (c) => {
    await requireOperator(c);
    const q = c.req.valid('query');
    const { rows, total } = await listCorpFastOrders(c.get('deps').handle, {
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    setPaginationHeaders(c, { total, page: q.page, perPage: q.per_page });
    c.header('cache-control', 'no-store');
    return c.json(rows, 200);
  });
}
