import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, safeGet, safePost, UnsafeUrlError } from './safe-fetch';

/** A receiver on every loopback address (dual stack) that counts what reaches it. */
let server: http.Server;
let port = 0;
const hits: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/target` });
      return res.end();
    }
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the outbound guard (docs/security.md, outbound requests)', () => {
  // Every spelling of this machine that a URL can carry; the WHATWG parser or the guard must
  // recognise each one, and none may reach the receiver.
  const loopbackForms = [
    '127.0.0.1',
    '127.1',
    '2130706433',
    '0177.0.0.1',
    '0x7f000001',
    '0x7f.0.0.1',
    '0',
    '0.0.0.0',
    '[::1]',
    '[0:0:0:0:0:0:0:1]',
    '[::]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[::ffff:0:127.0.0.1]',
    '[::127.0.0.1]',
    '[64:ff9b::127.0.0.1]',
    '[2002:7f00:1::]',
    'localhost',
  ];

  it.each(loopbackForms)(
    'refuses the loopback form %s before any byte reaches it, for POST and GET',
    async (host) => {
      const before = hits.length;
      const url = `http://${host}:${port}/h`;
      await expect(safePost(url, '{}', {}, { allowPrivate: false })).rejects.toBeInstanceOf(
        UnsafeUrlError,
      );
      await expect(
        safeGet(url, {}, { allowPrivate: false, maxBytes: 1000 }),
      ).rejects.toBeInstanceOf(UnsafeUrlError);
      expect(hits.length).toBe(before);
    },
  );

  it.each([
    ['169.254.169.254', 'link-local metadata'],
    ['168.63.129.16', 'a metadata service on a unicast address'],
    ['100.100.100.200', 'carrier-grade NAT metadata'],
    ['[fd00:ec2::254]', 'unique-local metadata'],
    ['[fe80::1]', 'IPv6 link-local'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['[::ffff:a9fe:a9fe]', 'mapped metadata'],
    ['[64:ff9b::a00:1]', 'NAT64 of a private address'],
  ])('refuses %s (%s)', async (host) => {
    await expect(
      safeGet(`http://${host}/latest/meta-data/`, {}, { allowPrivate: false, maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(UnsafeUrlError);
  });

  it('classifies public addresses as public, also inside NAT64 and 6to4', () => {
    for (const a of [
      '93.184.216.34',
      '2606:4700:4700::1111',
      '64:ff9b::5db8:d822',
      '2002:5db8:d822::1',
    ])
      expect(isPrivateAddress(a)).toBe(false);
    for (const a of ['not an address', '::ffff:7f00:1', 'fe80::1%eth0', '0.0.0.0'])
      expect(isPrivateAddress(a)).toBe(true);
  });

  it('refuses other schemes', async () => {
    await expect(
      safeGet('file:///etc/passwd', {}, { allowPrivate: true, maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(UnsafeUrlError);
  });

  it('reaches private addresses only when OUTBOUND_ALLOW_PRIVATE is on, over IPv4 and IPv6', async () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      const res = await safePost(`http://${host}:${port}/ok`, '{}', {}, { allowPrivate: true });
      expect(res).toEqual({ status: 200, body: 'ok' });
    }
  });

  it('never follows a redirect: the 3xx comes back as it is', async () => {
    const before = hits.length;
    const res = await safeGet(
      `http://127.0.0.1:${port}/redirect`,
      {},
      {
        allowPrivate: true,
        maxBytes: 1000,
      },
    );
    expect(res.status).toBe(302);
    expect(hits.slice(before)).toEqual(['/redirect']);
  });
});
