// Operator tools for a store running with the local adapters (DEV_TOOLS=on): the notification
// outbox, where the local e-mail and SMS adapters leave confirmations and sign-in codes.
// Off by default, because the outbox holds sign-in codes: a public store must never expose it.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { listOutboxMessages } from '../data/outbox.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';

const OutboxMessageSchema = z
  .object({
    id: z.number().int(),
    channel: z.enum(['email', 'sms']),
    recipient: z.string(),
    template: z.string(),
    subject: z.string().nullable(),
    body: z.string(),
    payload: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  })
  .openapi('OutboxMessage');

const outbox = createRoute({
  method: 'get',
  path: '/dev/outbox',
  tags: ['Operator tools'],
  summary: 'The newest e-mail and SMS messages written by the local adapters (only with DEV_TOOLS=on)',
  request: {
    query: z.object({
      recipient: z.string().trim().min(1).max(200).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
  },
  responses: {
    200: {
      description: 'Messages, newest first',
      content: { 'application/json': { schema: z.array(OutboxMessageSchema) } },
    },
    ...notFoundOrInvalid,
  },
});

export function registerDevRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(outbox, async (c) => {
    const { handle, config } = c.get('deps');
    if (config.DEV_TOOLS !== 'on') throw new ApiError(404, 'Метод API не найден');
    const q = c.req.valid('query');
    const rows = await listOutboxMessages(handle, {
      limit: q.limit,
      ...(q.recipient ? { recipient: q.recipient } : {}),
    });
    return c.json(rows, 200);
  });
}
