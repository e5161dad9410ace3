import path from 'node:path';
import { z } from 'zod';
import { PRODUCT_NAME_DEFAULT } from '@parley/contracts';

const bool = (name: string) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'], {
      message: `${name} must be one of on, off, true, false, 1, 0`,
    })
    .transform((v) => v === 'on' || v === 'true' || v === '1');

const port = z.coerce.number().int().min(0).max(65535);
const url = z.url();

/**
 * Every environment variable Parley reads (design.md §3). A bad value stops the
 * server with a message naming the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url.optional(),
  REDIS_URL: url.optional(),
  DEMO: bool('DEMO').optional(),
  PRODUCT_NAME: z.string().min(1).max(60).default(PRODUCT_NAME_DEFAULT),
  SUPPORT_EMAIL: z.email().default('support@parley.localhost'),
  /** The operator's own support workspace: callback requests open conversations there. */
  OPERATOR_ACCOUNT_ID: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SMTP_PORT: port.default(2525),
  SMTP_URL: url.optional(),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'SECRET_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool('TRUST_PROXY').default(false),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  WEB_DIST_DIR: z.string().min(1).optional(),
  OUTBOUND_ALLOW_PRIVATE: bool('OUTBOUND_ALLOW_PRIVATE').default(false),
  PUSHER_APP_ID: z.string().min(1).optional(),
  PUSHER_KEY: z.string().min(1).optional(),
  PUSHER_SECRET: z.string().min(1).optional(),
  PUSHER_HOST: z.string().min(1).optional(),
  PUSHER_CLUSTER: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'PUSHER_CLUSTER must be like mt1')
    .optional(),
  /** Extra browser origins allowed to open the realtime socket, comma-separated. */
  REALTIME_ALLOWED_ORIGINS: z
    .string()
    .refine(
      (v) =>
        v.split(',').every((o) => URL.canParse(o.trim()) && new URL(o.trim()).origin === o.trim()),
      'REALTIME_ALLOWED_ORIGINS must be origins like https://app.example.com, comma-separated',
    )
    .optional(),
  /** Prefix of every Redis key and pub/sub channel, so deployments can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'REDIS_KEY_PREFIX: letters, digits, _ : . -')
    .default('parley:'),
  S3_ENDPOINT: url.optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  demo: boolean;
  productName: string;
  supportEmail: string;
  /** Unset: the demo workspace when DEMO is on, else none (requests are only stored). */
  operatorAccountId: number | null;
  mailFrom: string;
  smtpPort: number;
  smtpUrl: string | undefined;
  secretKey: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  authRateLimitPerMinute: number;
  webDistDir: string | undefined;
  /** Let webhooks reach private and loopback addresses (tests, on-premise setups). Off by default. */
  outboundAllowPrivate: boolean;
  redisKeyPrefix: string;
  /** Hosted Pusher Channels / Soketi when appId, key and secret are set; else the built-in server. */
  pusher: {
    appId: string | undefined;
    key: string | undefined;
    secret: string | undefined;
    host: string | undefined;
    cluster: string | undefined;
  };
  realtimeAllowedOrigins: string[];
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.PUSHER_APP_ID && !(e.PUSHER_KEY && e.PUSHER_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  PUSHER_APP_ID: hosted Pusher also needs PUSHER_KEY and PUSHER_SECRET',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    demo: e.DEMO ?? e.NODE_ENV !== 'production',
    productName: e.PRODUCT_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    operatorAccountId: e.OPERATOR_ACCOUNT_ID ?? null,
    mailFrom: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@parley.localhost>`,
    smtpPort: e.SMTP_PORT,
    smtpUrl: e.SMTP_URL,
    secretKey: e.SECRET_KEY,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    webDistDir: e.WEB_DIST_DIR,
    outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    pusher: {
      appId: e.PUSHER_APP_ID,
      key: e.PUSHER_KEY,
      secret: e.PUSHER_SECRET,
      host: e.PUSHER_HOST,
      cluster: e.PUSHER_CLUSTER,
    },
    realtimeAllowedOrigins: (e.REALTIME_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  };
}
