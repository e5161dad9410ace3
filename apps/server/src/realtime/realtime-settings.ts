import crypto from 'node:crypto';
import type Pusher from 'pusher';
import type { RealtimeConfig } from '@parley/contracts';
import type { Config } from '../config';
import type { AppCredentials } from './protocol';

export type RealtimeMode = 'in-process' | 'redis' | 'hosted';

export interface RealtimeSettings {
  mode: RealtimeMode;
  /** The key and secret channel auth is signed with (and the built-in server checks). */
  app: AppCredentials;
  /** What GET /dashboardapi/realtime/config answers. */
  client: RealtimeConfig;
  /** Options of the official `pusher` library in hosted mode. */
  hosted: Pusher.Options | null;
  isOriginAllowed: (origin: string) => boolean;
}

export const BUILT_IN_KEY = 'parley';
const BUILT_IN_CLUSTER = 'parley';
const TRANSPORTS: RealtimeConfig['enabledTransports'] = ['ws', 'wss'];

// Tests build apps without SECRET_KEY: every app of this process then shares one random secret,
// so two instances in one test still verify each other's signatures.
const processSecret = crypto.randomBytes(32);

/** The built-in app secret: PUSHER_SECRET, else an HMAC of SECRET_KEY (stable across restarts). */
function builtInSecret(config: Config): string {
  if (config.pusher.secret) return config.pusher.secret;
  const key = config.secretKey ? Buffer.from(config.secretKey, 'hex') : processSecret;
  return crypto.createHmac('sha256', key).update('parley realtime app secret v1').digest('hex');
}

/** PUSHER_HOST is `host[:port]` (TLS) or a URL such as `http://soketi:6001`. */
function parsePusherHost(host: string): { host: string; port: number; useTLS: boolean } {
  if (host.includes('://')) {
    const url = new URL(host);
    const useTLS = url.protocol === 'https:' || url.protocol === 'wss:';
    return { host: url.hostname, port: url.port ? Number(url.port) : useTLS ? 443 : 80, useTLS };
  }
  const [name, port] = host.split(':');
  return { host: name ?? host, port: port ? Number(port) : 443, useTLS: true };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** PUBLIC_URL's origin and REALTIME_ALLOWED_ORIGINS; outside production also loopback (Vite dev). */
export function originChecker(config: Config): (origin: string) => boolean {
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.realtimeAllowedOrigins]);
  const devLoopback = config.env !== 'production';
  return (origin) => {
    if (allowed.has(origin)) return true;
    if (!devLoopback || !URL.canParse(origin)) return false;
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK.has(url.hostname);
  };
}

export function resolveRealtimeSettings(config: Config): RealtimeSettings {
  const isOriginAllowed = originChecker(config);
  const { appId, key, secret, host, cluster } = config.pusher;
  if (appId && key && secret) {
    const endpoint = host ? parsePusherHost(host) : null;
    const hostedCluster = cluster ?? 'mt1';
    return {
      mode: 'hosted',
      app: { key, secret },
      client: {
        key,
        wsHost: endpoint?.host ?? `ws-${hostedCluster}.pusher.com`,
        wsPort: endpoint?.port ?? 443,
        forceTLS: endpoint?.useTLS ?? true,
        cluster: hostedCluster,
        enabledTransports: TRANSPORTS,
      },
      hosted: endpoint
        ? {
            appId,
            key,
            secret,
            host: endpoint.host,
            port: String(endpoint.port),
            useTLS: endpoint.useTLS,
          }
        : { appId, key, secret, cluster: hostedCluster, useTLS: true },
      isOriginAllowed,
    };
  }
  const publicUrl = new URL(config.publicUrl);
  const tls = publicUrl.protocol === 'https:';
  return {
    mode: config.redisUrl ? 'redis' : 'in-process',
    app: { key: key ?? BUILT_IN_KEY, secret: builtInSecret(config) },
    client: {
      key: key ?? BUILT_IN_KEY,
      wsHost: publicUrl.hostname,
      wsPort: publicUrl.port ? Number(publicUrl.port) : tls ? 443 : 80,
      forceTLS: tls,
      cluster: BUILT_IN_CLUSTER,
      enabledTransports: TRANSPORTS,
    },
    hosted: null,
    isOriginAllowed,
  };
}
