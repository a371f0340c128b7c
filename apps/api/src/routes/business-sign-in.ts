// SPEC §7 GET /api/auth/v1/b2b-sber/authorize (order_id) and its callback (issue 17, decision 0047):
// a corporate order's company confirmed by the business bank's sign-in. Both are browser navigations:
// a page (Accept: text/html) is sent back to its order page with ?company=confirmed or
// ?company_error=<why>; any other client gets the JSON error of SPEC §7 with the field that failed.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { COMPANY_SIGN_IN_FAILURES } from '@store/domain';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { commonQuery, positiveInt } from '../http/params.ts';
import { requesterOf } from '../http/requester.ts';
import { authSecret } from '../auth/tokens.ts';
import { CompanyConfirmationSchema } from '../schemas/orders.ts';
import { errorResponses, invalidInput } from '../schemas/shell.ts';
import {
  SIGN_IN_FAILURES,
  finishSignIn,
  startSignIn,
  type SignInContext,
  type SignInFailure,
  undoCompanyConfirmation,
} from '../services/business-sign-in.ts';
import { requireOperator } from '../auth/operator.ts';

const redirectResponse = (description: string) => ({
  description,
  headers: z.object({ location: z.string().openapi({ description: 'Where the browser goes next' }) }),
});

const authorize = createRoute({
  method: 'get',
  path: '/auth/v1/b2b-sber/authorize',
  tags: ['Corporate'],
  summary: "Confirm a corporate order's company at the business bank: redirects to the bank's sign-in",
  description:
    "For the requester's own order of type 17 (the corporate fast order) whose company is not confirmed yet: 302 " +
    "to the bank's sign-in page (the built-in sandbox at /sandbox-business-bank/… unless SberBusiness ID is " +
    'configured) with a signed single-use state bound to the order and this session. Errors name `order_id`; a ' +
    'page (Accept: text/html) is sent back to its order page with ?company_error=… instead.',
  request: { query: z.object({ ...commonQuery, order_id: positiveInt }) },
  responses: {
    302: redirectResponse("The bank's sign-in page"),
    303: redirectResponse('A page: back to its order page with ?company_error=…'),
    404: errorResponses[404],
    ...invalidInput,
  },
});

const callback = createRoute({
  method: 'get',
  path: '/auth/v1/b2b-sber/callback',
  tags: ['Corporate'],
  summary: 'Where the business bank returns: checks the state, exchanges the code, records the company',
  description:
    'The state must be the one authorize gave this session, unexpired and unused; the code is exchanged ' +
    'server-side for the company (a JWS the bank signs with the nonce of this state). The ИНН the bank answers ' +
    "must be the order's. A page is sent to its order page (?company=confirmed or ?company_error=…); other " +
    'clients get the confirmation or a field error (`state`, `code`, `error`, `order_id`, `company.inn`).',
  request: {
    query: z.object({
      ...commonQuery,
      state: z.string().max(2048).optional(),
      code: z.string().max(512).optional(),
      error: z.string().max(200).optional(),
      error_description: z.string().max(1000).optional(),
    }),
  },
  responses: {
    200: {
      description: 'Confirmed (a client that is no page)',
      content: {
        'application/json': {
          schema: z.object({
            order_id: z.number().int(),
            redirect: z.string(),
            confirmation: CompanyConfirmationSchema,
          }),
        },
      },
    },
    303: redirectResponse('A page: back to its order page'),
    400: { ...errorResponses[422], description: 'The state is not one the store gave' },
    403: { ...errorResponses[422], description: 'The sign-in was started by another session' },
    404: errorResponses[404],
    503: { ...errorResponses[422], description: 'The bank did not answer the code exchange' },
    ...invalidInput,
  },
});

const undo = createRoute({
  method: 'post',
  path: '/ops/orders/{id}/company-confirmation/undo',
  tags: ['Operators'],
  summary: "Undoes a corporate order's company confirmation by the business bank, with a reason (operators)",
  description:
    'For operators (the employee session of an operator). Removes the confirmation, so the shopper may confirm ' +
    'the company again; what it said, the reason and the operator are written to the outbox with an e-mail (or ' +
    'an SMS) to the order. 404 when the order has no confirmation.',
  request: {
    params: z.object({ id: positiveInt }),
    query: z.object(commonQuery),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ reason: z.string().trim().min(3).max(500) })
            .strict()
            .openapi('CompanyConfirmationUndoRequest'),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'The confirmation taken back',
      content: {
        'application/json': {
          schema: z
            .object({
              order_id: z.number().int(),
              undone: CompanyConfirmationSchema,
              reason: z.string(),
              undone_by: z.string().openapi({ description: "The operator's personnel number" }),
            })
            .openapi('CompanyConfirmationUndone'),
        },
      },
    },
    401: errorResponses[401],
    403: { ...errorResponses[401], description: 'Not an operator' },
    404: errorResponses[404],
    ...invalidInput,
  },
});

const wantsPage = (c: Context<ApiEnv>) => (c.req.header('accept') ?? '').includes('text/html');

function contextOf(c: Context<ApiEnv>): SignInContext {
  const { handle, cache, adapters, config, logger } = c.get('deps');
  return {
    handle,
    cache,
    logger,
    signIn: adapters.businessSignIn,
    notifier: adapters.notifier,
    secret: authSecret(config),
    stateTtlS: config.B2B_SIGN_IN_STATE_TTL_S,
    origin: config.PUBLIC_ORIGIN ?? new URL(c.req.url).origin,
  };
}

/** A page goes back to its order page with the reason; any other client gets the field error. */
function failed(c: Context<ApiEnv>, failure: SignInFailure, orderPage: string | null) {
  c.header('cache-control', 'no-store');
  if (orderPage && wantsPage(c)) return c.redirect(`${orderPage}?company_error=${failure}`, 303);
  const { status, field } = SIGN_IN_FAILURES[failure];
  const message = COMPANY_SIGN_IN_FAILURES[failure];
  throw new ApiError(status, message, { [field]: [message] });
}

export function registerBusinessSignInRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(undo, async (c) => {
    const operator = await requireOperator(c);
    const { handle, adapters } = c.get('deps');
    const undone = await undoCompanyConfirmation({ handle, notifier: adapters.notifier }, c.req.valid('param').id, {
      reason: c.req.valid('json').reason,
      operator: operator.personnel_number,
    });
    c.header('cache-control', 'no-store');
    return c.json(undone, 200);
  });

  app.openapi(authorize, async (c) => {
    const result = await startSignIn(contextOf(c), requesterOf(c), c.req.valid('query').order_id);
    if (result.kind === 'failed') return failed(c, result.failure, result.orderPage);
    c.header('cache-control', 'no-store');
    return c.redirect(result.location, 302);
  });

  app.openapi(callback, async (c) => {
    const query = c.req.valid('query');
    const result = await finishSignIn(contextOf(c), requesterOf(c), query);
    if (result.kind === 'failed') return failed(c, result.failure, result.orderPage);
    c.header('cache-control', 'no-store');
    if (wantsPage(c)) return c.redirect(`${result.orderPage}?company=confirmed`, 303);
    return c.json({ order_id: result.orderId, redirect: result.orderPage, confirmation: result.confirmation }, 200);
  });
}
