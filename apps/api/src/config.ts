// The process environment, validated once at start-up: a wrong value stops the server with a clear message.
import { z } from 'zod';

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')} (for example ${example})`,
    });

/** A map tile address template: http(s) or a path on this site, with {z}, {x} and {y} (e.g. OpenStreetMap's). */
const tileTemplate = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value))
  .refine((value) => value === undefined || /^(https?:\/\/|\/)/.test(value), {
    message: 'must start with http://, https:// or / (for example https://tile.openstreetmap.org/{z}/{x}/{y}.png)',
  })
  .refine((value) => value === undefined || ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), {
    message: 'must contain {z}, {x} and {y}',
  });

/** The store's public address: scheme and host only (https://www.multicenter.ru), without a trailing slash. */
const publicOrigin = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value?.replace(/\/+$/, '')))
  .refine(
    (value) => {
      if (value === undefined) return true;
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
      } catch {
        return false;
      }
    },
    { message: 'must be a scheme and host without a path (for example https://www.multicenter.ru)' },
  );

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://'], 'postgres://user:pass@localhost:5432/store'),
  REDIS_URL: optionalUrl(['redis://', 'rediss://'], 'redis://localhost:6379'),
  /** A streaming replica of DATABASE_URL for catalogue reads (decision 0040); writes stay on the primary. */
  DATABASE_READ_URL: optionalUrl(['postgres://', 'postgresql://'], 'postgres://user:pass@replica:5432/store'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * The store's public address for canonical links, og:url and robots.txt. Unset: taken from the
   * request only when it names this machine (localhost); elsewhere links stay relative, since the
   * Host header is the visitor's to choose.
   */
  PUBLIC_ORIGIN: publicOrigin,
  /** Products generated when `npm start` finds an empty database. */
  SEED_PRODUCTS: z.coerce.number().int().min(1).max(2_000_000).default(5000),
  /** Overrides the redirect rule's pattern list (SPEC §2): regular expressions separated by commas or new lines. */
  REDIRECT_PATTERNS: z.string().optional(),
  /** Seconds a public page's HTML is served from the page cache (decision 0019); 0 turns the cache off. */
  PAGE_CACHE_TTL_S: z.coerce.number().int().min(0).max(3600).default(60),
  /** Memory the page cache may hold, in megabytes (least recently used pages go first). */
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** Seconds reference data (branches, banners, SEO and breadcrumbs, city points) stays in memory without a version bump; 0 reads it every time. */
  REFERENCE_CACHE_TTL_S: z.coerce.number().int().min(0).max(3600).default(60),
  /** Map tiles of the availability tab; without it the map draws its pins on a plain background (works offline). */
  MAP_TILE_URL: tileTemplate,
  /** The tile source's credit line shown under the map, e.g. '© участники OpenStreetMap'. */
  MAP_TILE_ATTRIBUTION: z.string().trim().max(200).optional(),
  /** 'on' opens the operator tools (/dev/outbox with the local adapters' e-mail and SMS); never on a public store. */
  DEV_TOOLS: z.enum(['on', 'off']).default('off'),
  /** The Moscow date the advent calendar takes as today (YYYY-MM-DD), for demos and tests; unset: the real date. */
  ADVENT_CALENDAR_DATE: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^\d{4}-\d{2}-\d{2}$/.test(value), { message: 'must be YYYY-MM-DD' }),
  /** HMAC secret the sandbox acquirer signs its callbacks with; empty: a random one per process. */
  PAYMENT_SANDBOX_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || value.length >= 16, { message: 'must be at least 16 characters' }),
  /** HMAC secret the sandbox bank signs its credit decisions with; empty: a random one per process. */
  CREDIT_SANDBOX_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || value.length >= 16, { message: 'must be at least 16 characters' }),
  /** How long the sandbox bank takes to decide, ms (a short realistic pause; 0 in tests). */
  CREDIT_DECISION_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  /** Minutes a credit application may wait for a decision or a signature before its order is cancelled. */
  CREDIT_APPLICATION_TIMEOUT_MIN: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /** Signs access tokens (HMAC-SHA256); at least 32 characters. Unset: a random key per process (sign-ins end on restart). */
  AUTH_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || value.length >= 32, { message: 'must be at least 32 characters' }),
  /** Token of the real address suggestion service (DaData); unset: suggestions from the demo cities' streets. */
  DADATA_API_KEY: z.string().trim().optional(),
  /** Secret of the suggestion service's cleaning calls (DaData's X-Secret). */
  DADATA_SECRET: z.string().trim().optional(),
  /** 'on' only behind the store's own proxy: then X-Real-IP / X-Forwarded-For name the client; off: the socket's address. */
  TRUST_PROXY: z.enum(['on', 'off']).default('off'),
  /** 'on' asks for a captcha (SPEC §5) on code sending and after failed password sign-ins; a site key also turns it on. */
  CAPTCHA: z.enum(['on', 'off']).default('off'),
  /** The captcha provider's site key (SPEC §5); with CAPTCHA_SECRET the provider's widget replaces the local question. */
  CAPTCHA_SITE_KEY: z.string().trim().optional(),
  /** The provider's secret for the server-side check. */
  CAPTCHA_SECRET: z.string().trim().optional(),
  /** The provider widget's version (SPEC §5), e.g. 'v2' or 'smart'. */
  CAPTCHA_VERSION: z.string().trim().min(1).default('v2'),
  /** Where the provider checks a widget response (siteverify form POST). */
  CAPTCHA_VERIFY_URL: z.string().trim().url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Failed password sign-ins of one login before the captcha is asked (0: always). */
  CAPTCHA_AFTER_FAILURES: z.coerce.number().int().min(0).max(100).default(3),
  /** The business bank's sign-in of corporate orders (decision 0047): the built-in sandbox, or SberBusiness ID. */
  B2B_SIGN_IN_PROVIDER: z.enum(['sandbox', 'sberbusiness']).default('sandbox'),
  /** The client id the bank registered for the store; unset with the sandbox: 'multicenter-sandbox'. */
  B2B_SIGN_IN_CLIENT_ID: z.string().trim().optional(),
  /** The client secret for the token exchange (16+ characters); unset with the sandbox: a random one per process. */
  B2B_SIGN_IN_CLIENT_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || value.length >= 16, { message: 'must be at least 16 characters' }),
  /** The bank's sign-in pages (the shopper's browser goes there). */
  B2B_SIGN_IN_AUTH_URL: z.string().trim().url().default('https://sbi.sberbank.ru:9443'),
  /** The bank's token and user-info calls: the egress proxy holding the store's client TLS certificate. */
  B2B_SIGN_IN_API_URL: z.string().trim().url().default('https://fintech.sberbank.ru:9443'),
  /** A PEM file with the bank's public key, which signs the user-info answer (RS256). */
  B2B_SIGN_IN_BANK_KEY_FILE: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  /** Seconds a started bank sign-in may take before its state expires. */
  B2B_SIGN_IN_STATE_TTL_S: z.coerce.number().int().min(60).max(3600).default(600),
  /** Where uploaded repair documents are kept on local disk; unset: `files` under DATA_DIR. */
  FILE_STORAGE_DIR: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  /** An S3-compatible object store for repair documents instead of the local disk (with the bucket and keys). */
  S3_ENDPOINT: optionalUrl(['http://', 'https://'], 'https://storage.yandexcloud.net'),
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), {
      message: 'must be an S3 bucket name (lowercase letters, digits, dots and hyphens)',
    }),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  /** Bearer token of GET /api/ops/metrics for Prometheus (16+ characters); unset: only operator sessions read it. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || value.length >= 16, { message: 'must be at least 16 characters' }),
  /** Seconds a stopping instance waits for requests in flight before it closes their connections. */
  SHUTDOWN_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(20),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const s3 = [
    result.data.S3_ENDPOINT,
    result.data.S3_BUCKET,
    result.data.S3_ACCESS_KEY_ID,
    result.data.S3_SECRET_ACCESS_KEY,
  ];
  if (s3.some(Boolean) && !s3.every(Boolean))
    throw new ConfigError(
      'Invalid configuration:\n  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set all four or none',
    );
  if (result.data.DATABASE_READ_URL && !result.data.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_READ_URL: a replica needs its primary: set DATABASE_URL too',
    );
  if (
    result.data.B2B_SIGN_IN_PROVIDER === 'sberbusiness' &&
    !(
      result.data.B2B_SIGN_IN_CLIENT_ID &&
      result.data.B2B_SIGN_IN_CLIENT_SECRET &&
      result.data.B2B_SIGN_IN_BANK_KEY_FILE &&
      result.data.PUBLIC_ORIGIN
    )
  )
    throw new ConfigError(
      'Invalid configuration:\n  B2B_SIGN_IN_PROVIDER=sberbusiness needs B2B_SIGN_IN_CLIENT_ID, B2B_SIGN_IN_CLIENT_SECRET, B2B_SIGN_IN_BANK_KEY_FILE and PUBLIC_ORIGIN (the registered callback address)',
    );
  return result.data;
}

/** The values the browser may see; nothing secret goes here. */
export function publicConfig(config: Config) {
  return {
    redirectPatterns: config.REDIRECT_PATTERNS ?? null,
    mapTileUrl: config.MAP_TILE_URL ?? null,
    mapTileAttribution: config.MAP_TILE_ATTRIBUTION || null,
  };
}
