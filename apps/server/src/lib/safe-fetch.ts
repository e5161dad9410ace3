import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Addresses an outbound call to a user-given URL must never reach (design.md §6, Chatwoot #14489). */
export function isPrivateAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a, b] = address.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  if (v6.startsWith('::ffff:')) return isPrivateAddress(v6.slice(7));
  return (
    v6 === '::' ||
    v6 === '::1' ||
    v6.startsWith('fc') ||
    v6.startsWith('fd') ||
    v6.startsWith('fe80')
  );
}

export class UnsafeUrlError extends Error {}

export interface SafeResponse {
  status: number;
  body: string;
}

/**
 * POSTs to a user-given URL: http(s) only, no redirects followed, and the address actually
 * connected to is checked after DNS resolution (no rebinding between check and connect).
 */
export function safePost(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs?: number },
): Promise<SafeResponse> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.reject(new UnsafeUrlError('The URL is not valid.'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new UnsafeUrlError('Only http and https URLs are allowed.'));
  }
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: false }, (err, address, family) => {
      if (err) return callback(err, '', 0);
      if (!opts.allowPrivate && isPrivateAddress(address as string)) {
        return callback(
          new UnsafeUrlError(`Refusing to call a private address (${address}).`),
          '',
          0,
        );
      }
      callback(null, address as string, family);
    });
  };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !opts.allowPrivate && isPrivateAddress(host)) {
    return Promise.reject(new UnsafeUrlError(`Refusing to call a private address (${host}).`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
        lookup,
        timeout: opts.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= 64_000) chunks.push(c);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('The request timed out.')));
    req.on('error', reject);
    req.end(body);
  });
}

export interface SafeDownload {
  status: number;
  contentType: string | null;
  bytes: Buffer;
}

/**
 * GETs a URL a payload named (e.g. a provider's media link): the same checks as safePost (http(s)
 * only, no redirects, the connected address checked after DNS), and at most `maxBytes` read.
 */
export function safeGet(
  rawUrl: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs?: number; maxBytes: number },
): Promise<SafeDownload> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.reject(new UnsafeUrlError('The URL is not valid.'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new UnsafeUrlError('Only http and https URLs are allowed.'));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !opts.allowPrivate && isPrivateAddress(host))
    return Promise.reject(new UnsafeUrlError(`Refusing to call a private address (${host}).`));
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: false }, (err, address, family) => {
      if (err) return callback(err, '', 0);
      if (!opts.allowPrivate && isPrivateAddress(address as string))
        return callback(
          new UnsafeUrlError(`Refusing to call a private address (${address}).`),
          '',
          0,
        );
      callback(null, address as string, family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: 'GET', headers, lookup, timeout: opts.timeoutMs ?? 20_000 },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > opts.maxBytes) {
            req.destroy(new Error(`The file is larger than ${opts.maxBytes} bytes.`));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? null,
            bytes: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('The request timed out.')));
    req.on('error', reject);
    req.end();
  });
}
