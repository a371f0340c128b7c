// The two calls that confirm a phone by an SMS code for a request filed without signing in
// (services/phone-confirmation.ts): `{base}/send-code` and `{base}/confirm`, answering the proof
// (phone_request_id) the request's submit checks. The repair wizard (/v1/repair/phone) and the
// insurance and finance applications (/v2/finance/phone) register them with their own purpose.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { normalizePhone, validateMobilePhone, validateSmsCode } from '@store/domain';
import { LIMITS, hitRateLimits } from '../auth/rate-limit.ts';
import type { CodePurpose } from '../data/accounts.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { commonQuery } from '../http/params.ts';
import { invalidInput } from '../schemas/shell.ts';
import { clientIp } from '../services/auth.ts';
import { confirmPhoneCode, sendPhoneCode } from '../services/phone-confirmation.ts';

const text = (max: number) => z.string().max(max).default('');
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

export function registerPhoneCodeRoutes(
  app: OpenAPIHono<ApiEnv>,
  options: {
    /** '/v1/repair/phone' */
    base: string;
    tag: string;
    /** OpenAPI component names: `${schemaName}` and `${schemaName}Confirm`. */
    schemaName: string;
    /** What the request is, in the summary: 'a repair request'. */
    what: string;
    purpose: CodePurpose;
    /** The SMS before the code. */
    smsText: string;
    /** The per-phone rate-limit subject's prefix. */
    limitPrefix: string;
  },
) {
  const sendCode = createRoute({
    method: 'post',
    path: `${options.base}/send-code`,
    tags: [options.tag],
    summary: `Sends an SMS code confirming the phone of ${options.what}`,
    request: { query: z.object(commonQuery), body: json(z.object({ phone: text(40) }).openapi(options.schemaName)) },
    responses: {
      200: { description: 'Sent', content: { 'application/json': { schema: z.object({ sent: z.boolean() }) } } },
      ...invalidInput,
    },
  });
  const confirm = createRoute({
    method: 'post',
    path: `${options.base}/confirm`,
    tags: [options.tag],
    summary: "Checks the SMS code and answers phone_request_id, the request's proof of the phone (an hour)",
    request: {
      query: z.object(commonQuery),
      body: json(z.object({ phone: text(40), code: text(10) }).openapi(`${options.schemaName}Confirm`)),
    },
    responses: {
      200: {
        description: 'Confirmed',
        content: { 'application/json': { schema: z.object({ phone_request_id: z.string() }) } },
      },
      ...invalidInput,
    },
  });

  app.openapi(sendCode, async (c) => {
    const raw = c.req.valid('json').phone;
    const problem = validateMobilePhone(raw);
    if (problem) throw new ApiError(422, problem, { phone: [problem] });
    const phone = normalizePhone(raw)!;
    await hitRateLimits(c.get('deps').cache, [
      { limit: LIMITS.codePerRecipient, subject: `${options.limitPrefix}:${phone}` },
      { limit: LIMITS.codePerIp, subject: clientIp(c) },
    ]);
    await sendPhoneCode(c, { phone, purpose: options.purpose, text: options.smsText });
    c.header('cache-control', 'no-store');
    return c.json({ sent: true }, 200);
  });

  app.openapi(confirm, async (c) => {
    const body = c.req.valid('json');
    const phoneProblem = validateMobilePhone(body.phone);
    if (phoneProblem) throw new ApiError(422, phoneProblem, { phone: [phoneProblem] });
    const codeProblem = validateSmsCode(body.code);
    if (codeProblem) throw new ApiError(422, codeProblem, { code: [codeProblem] });
    const id = await confirmPhoneCode(c, {
      phone: normalizePhone(body.phone)!,
      purpose: options.purpose,
      code: body.code.trim(),
    });
    c.header('cache-control', 'no-store');
    return c.json({ phone_request_id: id }, 200);
  });
}
