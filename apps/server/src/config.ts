import fs from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  onboardingVideo,
  PRODUCT_NAME_DEFAULT,
  TRIAL_DAYS,
  type OnboardingVideo,
} from '@parley/contracts';

const bool = (name: string) =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'], {
      message: `${name} must be one of on, off, true, false, 1, 0`,
    })
    .transform((v) => v === 'on' || v === 'true' || v === '1');

const port = z.coerce.number().int().min(0).max(65535);
const url = z.url();

/**
 * Every environment variable Parley reads (docs/ARCHITECTURE.md). A bad value stops the
 * server with a message naming the variable.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: url.optional(),
  /** Unset: `data/` at the repository root (see dataDirOf). */
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: url.optional(),
  REDIS_URL: url.optional(),
  /** Server processes (node:cluster) sharing the port; PostgreSQL mode only. Default: the cores. */
  WORKERS: z.coerce
    .number({ message: 'WORKERS must be a whole number from 1 to 64' })
    .int('WORKERS must be a whole number from 1 to 64')
    .min(1, 'WORKERS must be a whole number from 1 to 64')
    .max(64, 'WORKERS must be a whole number from 1 to 64')
    .optional(),
  DEMO: bool('DEMO').optional(),
  PRODUCT_NAME: z.string().min(1).max(60).default(PRODUCT_NAME_DEFAULT),
  SUPPORT_EMAIL: z.email().default('support@parley.localhost'),
  /** The operator's own support workspace: callback requests open conversations there. */
  OPERATOR_ACCOUNT_ID: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Bearer token of the operator API (/operatorapi): survey results, demo and callback requests. */
  OPERATOR_TOKEN: z
    .string()
    .regex(/^\S{32,512}$/, 'OPERATOR_TOKEN must be 32 to 512 characters without spaces')
    .optional(),
  /** The operator's live-chat widget page, embedded in the agents' help widget panel. */
  HELP_WIDGET_URL: z
    .url()
    .refine((v) => /^https?:/.test(v), 'HELP_WIDGET_URL must be an http(s) URL')
    .optional(),
  /**
   * The onboarding videos the operator publishes, as JSON: [{"title", "url" (https), "minutes"?,
   * "description"?}, …] in the order to show them.
   */
  ONBOARDING_VIDEOS: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'ONBOARDING_VIDEOS must be a JSON array' });
        return z.NEVER;
      }
    })
    .pipe(z.array(onboardingVideo).max(50))
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** The built-in SMTP server (inbound email): a port, 0 = any free port, `off` = not started. */
  SMTP_PORT: z
    .union([z.literal('off'), port], {
      message: 'SMTP_PORT must be a port number (0 = any free port) or off',
    })
    .default(2525),
  SMTP_URL: url.optional(),
  /** DNS servers for the sending-domain check, `ip` or `ip:port`, comma-separated. */
  DNS_RESOLVER: z
    .string()
    .refine(
      (v) => v.split(',').every((s) => parseDnsServer(s.trim()) !== null),
      'DNS_RESOLVER must be IP addresses with an optional port, like 1.1.1.1 or 127.0.0.1:5353, comma-separated',
    )
    .optional(),
  /** The domain customers include in their SPF record (`include:<it>`). */
  SPF_INCLUDE: z
    .string()
    .regex(
      /^(?=.{1,253}$)([a-z0-9_](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
      'SPF_INCLUDE must be a domain name like _spf.example.com',
    )
    .optional(),
  /** Where DMARC aggregate reports go (rua=mailto:...); default dmarc-reports@<sending domain>. */
  DMARC_REPORT_EMAIL: z.email().optional(),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'SECRET_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool('TRUST_PROXY').default(false),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** A session unused this long ends (its 30-day lifetime is the absolute limit). */
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(5).max(43_200).default(4_320),
  /** Inbox searches run in the database at once by this instance; the others wait their turn. */
  SEARCH_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** Live-chat widget sessions started per IP address and minute (POST /widgetapi/sessions). */
  WIDGET_SESSION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
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
  /**
   * Object storage (lib/s3-file-store.ts): S3_BUCKET set = every stored file goes to that bucket;
   * unset = `DATA_DIR/uploads`. S3_ENDPOINT names a non-AWS store (MinIO, R2, GCS), addressed by path.
   */
  S3_ENDPOINT: url
    .refine((v) => /^https?:/.test(v), 'S3_ENDPOINT must be an http(s) URL')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.\-_]{1,253}[a-z0-9]$/i,
      'S3_BUCKET must be a bucket name (letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'S3_REGION must be a region like us-east-1 (or auto for R2)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Attachment downloads answer a redirect to a short-lived presigned link of the bucket. */
  S3_PRESIGNED_DOWNLOADS: bool('S3_PRESIGNED_DOWNLOADS').default(false),
  /** Stripe billing (modules/billing); unset = billing is not configured and not enforced. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\S{4,250}$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S{4,250}$/, 'STRIPE_WEBHOOK_SECRET must be a signing secret (whsec_…)')
    .optional(),
  STRIPE_API_BASE: url.default('https://api.stripe.com'),
  /** The plans offered, `Name=price_id`, comma-separated, e.g. `Starter=price_1,Pro=price_2`. */
  STRIPE_PLANS: z
    .string()
    .refine(
      (v) => v.split(',').every((p) => /^[^=,]{1,60}=price_[\w]{1,200}$/.test(p.trim())),
      'STRIPE_PLANS must be Name=price_id pairs, comma-separated, like Starter=price_123',
    )
    .optional(),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(TRIAL_DAYS),
  /** Twilio's REST API (SMS channels); a local fake provider in tests. */
  TWILIO_API_BASE: url.default('https://api.twilio.com'),
  /** Gupshup's WhatsApp API (whatsapp_gupshup_isv channels); a local fake provider in tests. */
  GUPSHUP_API_BASE: url.default('https://api.gupshup.io'),
  /** Meta's Graph API (facebook, instagram, instagram_dm channels); a local fake in tests. */
  META_GRAPH_API_BASE: url.default('https://graph.facebook.com'),
  META_GRAPH_API_VERSION: z
    .string()
    .regex(/^v\d{1,3}\.\d{1,2}$/, 'META_GRAPH_API_VERSION must look like v21.0')
    .default('v21.0'),
  /**
   * Where a store's Admin API lives; `{shop}` becomes its myshopify.com host. The version is
   * pinned here (a local fake Admin API in tests).
   */
  SHOPIFY_API_BASE_TEMPLATE: z
    .string()
    .refine(
      (v) => /^https?:\/\/.*\{shop\}/.test(v),
      'SHOPIFY_API_BASE_TEMPLATE must be an http(s) URL containing {shop}',
    )
    .default('https://{shop}/admin/api/2025-07'),
  /** The Shopify app's client secret: store webhooks are signed with it (X-Shopify-Hmac-SHA256). */
  SHOPIFY_API_SECRET: z
    .string()
    .min(8, 'SHOPIFY_API_SECRET is the Shopify app client secret')
    .optional(),
  /** The Meta app's secret: webhook events are signed with it (X-Hub-Signature-256). */
  META_APP_SECRET: z.string().min(8, 'META_APP_SECRET is the Meta app secret').optional(),
  /** The string typed into the Meta app's webhook setup; its GET verification must echo it. */
  META_VERIFY_TOKEN: z
    .string()
    .min(8, 'META_VERIFY_TOKEN must be at least 8 characters')
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /**
   * Server processes of this instance (cluster.ts): one per core in the PostgreSQL mode, always
   * one embedded (PGlite lives in its process).
   */
  workers: number;
  demo: boolean;
  productName: string;
  supportEmail: string;
  /** Unset: the demo workspace when DEMO is on, else none (requests are only stored). */
  operatorAccountId: number | null;
  /** Unset: the operator API answers 401 to everyone. */
  operatorToken: string | null;
  /** Unset: the help widget panel shows its menu only (no embedded chat). */
  helpWidgetUrl: string | null;
  /** ONBOARDING_VIDEOS: the help menu's onboarding videos (none until the operator adds some). */
  onboardingVideos: OnboardingVideo[];
  mailFrom: string;
  /** Inbound SMTP port; 0 = any free port (tests); null = no SMTP server (SMTP_PORT=off). */
  smtpPort: number | null;
  smtpUrl: string | undefined;
  /** DNS servers (`ip` or `ip:port`) for the sending-domain check; empty = the system's. */
  dnsResolvers: string[];
  /** The SPF include of sending domains (`v=spf1 include:<it> ~all`). */
  spfInclude: string;
  /** The DMARC rua address; null = dmarc-reports@<the sending domain>. */
  dmarcReportEmail: string | null;
  secretKey: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  authRateLimitPerMinute: number;
  /** SESSION_IDLE_TIMEOUT_MINUTES, in ms. */
  sessionIdleTimeoutMs: number;
  /**
   * Inbox searches one process runs at once (lib/fair-limiter.ts); default: twice the host's
   * cores for the whole instance, shared by its workers, at least 2 a process (ADR 0015).
   */
  searchConcurrency: number;
  widgetSessionRateLimitPerMinute: number;
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
  /** Where stored files live: `DATA_DIR/uploads`, or an S3-compatible bucket when s3 is set. */
  storage: { s3: S3Config | null };
  /** Stripe; secretKey null = billing not configured (checkout answers 503, nothing enforced). */
  stripe: {
    secretKey: string | null;
    webhookSecret: string | null;
    apiBase: string;
    plans: { name: string; priceId: string }[];
  };
  /** Length of the free trial of every new account. */
  trialDays: number;
  /** Base URLs of the messaging providers' APIs, without a trailing slash. */
  twilio: { apiBase: string };
  gupshup: { apiBase: string };
  /** Unset apiSecret: the Shopify webhook refuses every request (nothing can be verified). */
  shopify: { apiBaseTemplate: string; apiSecret: string | null };
  /** Unset secret / verify token: Meta's webhook refuses every request (nothing is configured). */
  meta: {
    graphApiBase: string;
    graphApiVersion: string;
    appSecret: string | null;
    verifyToken: string | null;
  };
}

export interface S3Config {
  bucket: string;
  region: string;
  /** A custom endpoint (MinIO, R2, GCS interop); null = AWS. Custom endpoints use path-style URLs. */
  endpoint: string | null;
  /** null = the default AWS credential chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Attachment downloads redirect to a presigned link instead of streaming through the server. */
  presignedDownloads: boolean;
}

export class ConfigError extends Error {}

type Env = z.infer<typeof envSchema>;

/** S3_BUCKET turns the S3 store on; the other S3_ variables mean nothing without it. */
function s3ConfigOf(e: Env): S3Config | null {
  const problems: string[] = [];
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    problems.push(
      '  S3_ACCESS_KEY_ID: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the default AWS credential chain)',
    );
  if (!e.S3_BUCKET) {
    const stray = (
      [
        'S3_ENDPOINT',
        'S3_REGION',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_PRESIGNED_DOWNLOADS',
      ] as const
    ).filter((name) => (name === 'S3_PRESIGNED_DOWNLOADS' ? e[name] : e[name] !== undefined));
    if (stray.length > 0)
      problems.push(
        `  S3_BUCKET: ${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not; set S3_BUCKET to store files in S3, or unset ${stray.length === 1 ? 'it' : 'them'}`,
      );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  if (!e.S3_BUCKET) return null;
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, '') ?? null,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    presignedDownloads: e.S3_PRESIGNED_DOWNLOADS,
  };
}

/** `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53` → host and port (null when not an IP server). */
export function parseDnsServer(value: string): { host: string; port: number | null } | null {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  const v4 = /^([\d.]+)(?::(\d{1,5}))?$/.exec(value);
  const [host, portText] = bracketed
    ? [bracketed[1]!, bracketed[2]]
    : v4
      ? [v4[1]!, v4[2]]
      : [value, undefined];
  if (!isIP(host)) return null;
  const serverPort = portText === undefined ? null : Number(portText);
  if (serverPort !== null && (serverPort < 1 || serverPort > 65535)) return null;
  return { host, port: serverPort };
}

/** The host of PUBLIC_URL for the default SPF include; parley.localhost when it is no domain name. */
function spfHostOf(publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : '';
  return host.includes('.') && !isIP(host.replace(/^\[|\]$/g, '')) ? host : 'parley.localhost';
}

/** The repository root: the folder whose package.json lists the workspaces (from src/ or dist/). */
function repositoryRoot(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        workspaces?: unknown;
      };
      if (Array.isArray(pkg.workspaces)) return dir;
    } catch {
      // No package.json here: look one folder up.
    }
    dir = path.dirname(dir);
  }
  return null;
}

/**
 * `npm start` runs the server from apps/server, so a plain relative path would land there. The
 * default is `data/` at the repository root (what the README shows); a relative DATA_DIR is read
 * from the folder npm was started in (INIT_CWD), else the working directory.
 */
export function dataDirOf(env: { DATA_DIR?: string | undefined; INIT_CWD?: string | undefined }) {
  if (env.DATA_DIR) return path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  return path.join(repositoryRoot() ?? process.cwd(), 'data');
}

/**
 * A search is now mostly short statements and the round trips between them, so a search holding
 * its turn leaves the database idle part of the time: on two cores, 4 at once answered the mixed
 * searches with a shorter tail than 2 (and 8 no better than 4). Each worker process keeps its own
 * queue, so the instance's share is split between them (ADR 0015).
 */
function defaultSearchConcurrency(databaseUrl: string | undefined, workers: number | undefined) {
  const processes = databaseUrl ? (workers ?? availableParallelism()) : 1;
  return Math.max(2, Math.ceil((2 * availableParallelism()) / processes));
}

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
  if (e.WORKERS !== undefined && e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  WORKERS: the embedded database runs inside one process; set DATABASE_URL (PostgreSQL) to run several workers, or unset WORKERS',
    );
  }
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
    dataDir: dataDirOf({ DATA_DIR: e.DATA_DIR, INIT_CWD: cleaned.INIT_CWD }),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    workers: e.DATABASE_URL ? (e.WORKERS ?? availableParallelism()) : 1,
    demo: e.DEMO ?? e.NODE_ENV !== 'production',
    productName: e.PRODUCT_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    operatorAccountId: e.OPERATOR_ACCOUNT_ID ?? null,
    helpWidgetUrl: e.HELP_WIDGET_URL ?? null,
    onboardingVideos: e.ONBOARDING_VIDEOS ?? [],
    operatorToken: e.OPERATOR_TOKEN ?? null,
    mailFrom: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@parley.localhost>`,
    smtpPort: e.SMTP_PORT === 'off' ? null : e.SMTP_PORT,
    smtpUrl: e.SMTP_URL,
    dnsResolvers: (e.DNS_RESOLVER ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    spfInclude: (e.SPF_INCLUDE ?? `_spf.${spfHostOf(e.PUBLIC_URL)}`).toLowerCase(),
    dmarcReportEmail: e.DMARC_REPORT_EMAIL ?? null,
    secretKey: e.SECRET_KEY,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    sessionIdleTimeoutMs: e.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
    searchConcurrency: e.SEARCH_CONCURRENCY ?? defaultSearchConcurrency(e.DATABASE_URL, e.WORKERS),
    widgetSessionRateLimitPerMinute: e.WIDGET_SESSION_RATE_LIMIT_PER_MINUTE,
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
    storage: { s3: s3ConfigOf(e) },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY ?? null,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
      apiBase: e.STRIPE_API_BASE.replace(/\/$/, ''),
      plans: (e.STRIPE_PLANS ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => {
          const at = p.lastIndexOf('=');
          return { name: p.slice(0, at).trim(), priceId: p.slice(at + 1) };
        }),
    },
    trialDays: e.TRIAL_DAYS,
    twilio: { apiBase: e.TWILIO_API_BASE.replace(/\/$/, '') },
    gupshup: { apiBase: e.GUPSHUP_API_BASE.replace(/\/$/, '') },
    shopify: {
      apiBaseTemplate: e.SHOPIFY_API_BASE_TEMPLATE.replace(/\/$/, ''),
      apiSecret: e.SHOPIFY_API_SECRET ?? null,
    },
    meta: {
      graphApiBase: e.META_GRAPH_API_BASE.replace(/\/$/, ''),
      graphApiVersion: e.META_GRAPH_API_VERSION,
      appSecret: e.META_APP_SECRET ?? null,
      verifyToken: e.META_VERIFY_TOKEN ?? null,
    },
  };
}
