// When the captcha is asked (SPEC §5; our policy, README «Captcha»): switched on by CAPTCHA=on or a
// provider site key. Then every code sending (SMS and e-mail cost money and are what bots pump)
// needs it, and a password sign-in needs it once its login has CAPTCHA_AFTER_FAILURES failed tries
// from any IP in the current limit window (0: always). Missing or wrong: 422 with the field `captcha`.
import type { Context } from 'hono';
import { z } from '@hono/zod-openapi';
import type { Cache } from '../cache.ts';
import type { Config } from '../config.ts';
import { createLocalCaptcha, createRemoteCaptcha, type Captcha, type CaptchaAnswer } from '../adapters/captcha.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { clientIp } from '../services/auth.ts';
import { LIMITS, rateLimitCount } from './rate-limit.ts';
import { authSecret } from './tokens.ts';

export const CAPTCHA_REQUIRED = 'Подтвердите, что вы не робот.';
export const CAPTCHA_WRONG = 'Неверный ответ. Попробуйте ещё раз.';

export const CaptchaAnswerSchema = z
  .object({ token: z.string().max(4096), answer: z.string().max(10).optional() })
  .openapi('CaptchaAnswer');

export const captchaEnabled = (config: Config) => config.CAPTCHA === 'on' || Boolean(config.CAPTCHA_SITE_KEY);

export function createCaptcha(config: Config, cache: Cache): Captcha {
  if (config.CAPTCHA_SITE_KEY && config.CAPTCHA_SECRET) {
    return createRemoteCaptcha({
      siteKey: config.CAPTCHA_SITE_KEY,
      secret: config.CAPTCHA_SECRET,
      version: config.CAPTCHA_VERSION,
      verifyUrl: config.CAPTCHA_VERIFY_URL,
    });
  }
  return createLocalCaptcha({ secret: authSecret(config), cache });
}

/** Throws 422 `captcha` unless the captcha is off or the answer passes. */
export async function requireCaptcha(c: Context<ApiEnv>, answer: CaptchaAnswer | undefined): Promise<void> {
  const { config, adapters } = c.get('deps');
  if (!captchaEnabled(config)) return;
  if (!answer?.token) throw new ApiError(422, CAPTCHA_REQUIRED, { captcha: [CAPTCHA_REQUIRED] });
  if (!(await adapters.captcha.verify(answer, clientIp(c))))
    throw new ApiError(422, CAPTCHA_WRONG, { captcha: [CAPTCHA_WRONG] });
}

/** Whether a password sign-in of this login must pass the captcha now. */
export async function signInNeedsCaptcha(c: Context<ApiEnv>, login: string): Promise<boolean> {
  const { config, cache } = c.get('deps');
  if (!captchaEnabled(config)) return false;
  return (await rateLimitCount(cache, LIMITS.loginFailures, login)) >= config.CAPTCHA_AFTER_FAILURES;
}
