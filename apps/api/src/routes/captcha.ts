// GET /v2/captcha (ours): whether the captcha is on, and what the form shows: the provider widget's
// site key and version (SPEC §5), or a new local question with its signed token.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { captchaEnabled } from '../auth/captcha.ts';
import type { ApiEnv } from '../http/env.ts';

const CaptchaSchema = z
  .object({
    enabled: z.boolean(),
    /** Failed password sign-ins of a login before the captcha is asked; codes always ask it. */
    sign_in_after_failures: z.number().int(),
    provider: z.enum(['local', 'remote']).nullable(),
    site_key: z.string().nullable(),
    version: z.string().nullable(),
    question: z.string().nullable(),
    token: z.string().nullable(),
  })
  .openapi('Captcha');
export type CaptchaState = z.infer<typeof CaptchaSchema>;

const route = createRoute({
  method: 'get',
  path: '/v2/captcha',
  tags: ['Account and authentication'],
  summary: 'The captcha of the sign-in forms: off, a provider widget (site key, version) or a local question',
  responses: { 200: { description: 'Captcha', content: { 'application/json': { schema: CaptchaSchema } } } },
});

export function registerCaptchaRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(route, async (c) => {
    const { config, adapters } = c.get('deps');
    c.header('cache-control', 'no-store');
    const off = { provider: null, site_key: null, version: null, question: null, token: null };
    if (!captchaEnabled(config))
      return c.json({ enabled: false, sign_in_after_failures: config.CAPTCHA_AFTER_FAILURES, ...off }, 200);
    const challenge = await adapters.captcha.challenge();
    return c.json({ enabled: true, sign_in_after_failures: config.CAPTCHA_AFTER_FAILURES, ...challenge }, 200);
  });
}
