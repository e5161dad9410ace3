import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Cloud metadata services that sit on ordinary unicast addresses (the others are link-local). */
const METADATA_ADDRESSES = new Set(['168.63.129.16']);

function isPublicIPv4(v4: ipaddr.IPv4): boolean {
  return v4.range() === 'unicast' && !METADATA_ADDRESSES.has(v4.toString());
}

/** The IPv4 address inside an IPv6 one that the network turns back into IPv4, if any. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const b = v6.toByteArray();
  const range = v6.range();
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (SIIT) and 64:ff9b::a.b.c.d (NAT64): the last 32 bits.
  if (range === 'ipv4Mapped' || range === 'rfc6145' || v6.match(NAT64_WELL_KNOWN))
    return new ipaddr.IPv4(b.slice(12, 16));
  // 2002:aabb:ccdd::/48 (6to4): bits 16–47.
  if (range === '6to4') return new ipaddr.IPv4(b.slice(2, 6));
  return null;
}

const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
/** ::a.b.c.d, the deprecated IPv4-compatible form (and :: and ::1). */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

/**
 * Addresses an outbound call to a user-given URL must never reach (docs/security.md):
 * anything that is not public unicast — loopback, private, link-local and metadata, carrier-grade
 * NAT, multicast, reserved, `0.0.0.0` — in any spelling, including IPv4 inside IPv6 (mapped, NAT64,
 * 6to4). Something that does not parse as an address is refused too.
 */
export function isPrivateAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // ipaddr.js also reads the decimal, octal and hex IPv4 forms, so none of them slips through.
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return true;
  }
  if (parsed.kind() === 'ipv4') return !isPublicIPv4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const inner = embeddedIPv4(v6);
  if (inner) return !isPublicIPv4(inner);
  if (v6.match(IPV4_COMPATIBLE)) return true;
  return v6.range() !== 'unicast';
}

export class UnsafeUrlError extends Error {}

function parseTarget(rawUrl: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new UnsafeUrlError('The URL is not valid.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UnsafeUrlError('Only http and https URLs are allowed.');
  // The WHATWG parser has already turned decimal, octal and hex IPv4 forms into a dotted quad.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && net.isIP(host) && isPrivateAddress(host))
    throw new UnsafeUrlError(`Refusing to call a private address (${host}).`);
  return url;
}

/**
 * The DNS hook of every outbound request: the socket connects only to the addresses returned here,
 * so checking them is checking the connected address (no rebinding between check and connect).
 * Every answer must be public, since the connection may try any of them.
 */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (refused)
        return callback(
          new UnsafeUrlError(`Refusing to call a private address (${refused.address}).`),
          '',
          0,
        );
      if (options.all) return (callback as unknown as AllCallback)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address.`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

type AllCallback = (err: Error | null, addresses: dns.LookupAddress[]) => void;

/**
 * One request to a user-given URL: http(s) only, no redirects followed (a 3xx comes back as it
 * is), the connected address checked, and at most `maxBytes` of the answer read.
 */
function guardedRequest(
  rawUrl: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  opts: { allowPrivate: boolean; timeoutMs: number; maxBytes: number; truncate: boolean },
): Promise<{ status: number; contentType: string | null; bytes: Buffer }> {
  let url: URL;
  try {
    url = parseTarget(rawUrl, opts.allowPrivate);
  } catch (err) {
    return Promise.reject(err as Error);
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: init.method,
        headers: init.headers,
        lookup: guardedLookup(opts.allowPrivate),
        timeout: opts.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size <= opts.maxBytes) chunks.push(c);
          else if (!opts.truncate)
            req.destroy(new Error(`The file is larger than ${opts.maxBytes} bytes.`));
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
    req.end(init.body);
  });
}

export interface SafeResponse {
  status: number;
  body: string;
}

/** POSTs JSON to a user-given URL (an API channel's webhook) through the outbound guard. */
export async function safePost(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs?: number },
): Promise<SafeResponse> {
  const res = await guardedRequest(
    rawUrl,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        ...headers,
      },
      body,
    },
    {
      allowPrivate: opts.allowPrivate,
      timeoutMs: opts.timeoutMs ?? 10_000,
      maxBytes: 64_000,
      truncate: true,
    },
  );
  return { status: res.status, body: res.bytes.toString('utf8') };
}

export interface SafeDownload {
  status: number;
  contentType: string | null;
  bytes: Buffer;
}

/**
 * GETs a URL a payload named (e.g. a provider's media link) through the outbound guard, failing
 * past `maxBytes`.
 */
export function safeGet(
  rawUrl: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs?: number; maxBytes: number },
): Promise<SafeDownload> {
  return guardedRequest(
    rawUrl,
    { method: 'GET', headers },
    {
      allowPrivate: opts.allowPrivate,
      timeoutMs: opts.timeoutMs ?? 20_000,
      maxBytes: opts.maxBytes,
      truncate: false,
    },
  );
}
