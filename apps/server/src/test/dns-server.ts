import dgram from 'node:dgram';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A tiny authoritative DNS server on loopback for tests: it answers TXT queries from a map
 * (RFC 1035 wire format, over UDP and, for answers too long for a datagram, TCP). Names not in
 * the map answer NXDOMAIN; names in `failing` answer SERVFAIL.
 */
export interface TestDnsServer {
  /** `127.0.0.1:<port>`, the value for DNS_RESOLVER. */
  address: string;
  /** name (lower-case, no trailing dot) → TXT values. */
  records: Map<string, string[]>;
  failing: Set<string>;
  queries: { name: string; type: number; transport: 'udp' | 'tcp' }[];
  close(): Promise<void>;
}

const TYPE_TXT = 16;
const RCODE_NXDOMAIN = 3;
const RCODE_SERVFAIL = 2;
const UDP_DEFAULT_MAX = 512;

interface Query {
  id: number;
  flags: number;
  name: string;
  type: number;
  /** The question section as received, echoed in the answer. */
  question: Buffer;
  /** The largest UDP answer the client takes (EDNS0 OPT), 512 without one. */
  udpMax: number;
}

function parseQuery(msg: Buffer): Query | null {
  if (msg.length < 12 || msg.readUInt16BE(4) !== 1) return null;
  let offset = 12;
  const labels: string[] = [];
  for (;;) {
    const len = msg[offset];
    if (len === undefined || len > 63) return null;
    offset += 1;
    if (len === 0) break;
    labels.push(msg.subarray(offset, offset + len).toString('latin1'));
    offset += len;
  }
  if (offset + 4 > msg.length) return null;
  const type = msg.readUInt16BE(offset);
  const question = msg.subarray(12, offset + 4);
  offset += 4;
  let udpMax = UDP_DEFAULT_MAX;
  // An OPT pseudo-record (root name, type 41) in the additional section carries the UDP size.
  if (msg.readUInt16BE(10) > 0 && msg[offset] === 0 && msg.readUInt16BE(offset + 1) === 41)
    udpMax = Math.max(UDP_DEFAULT_MAX, msg.readUInt16BE(offset + 3));
  return {
    id: msg.readUInt16BE(0),
    flags: msg.readUInt16BE(2),
    name: labels.join('.').toLowerCase(),
    type,
    question,
    udpMax,
  };
}

/** One TXT value as RDATA: character-strings of at most 255 bytes each. */
function txtRdata(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

function answer(
  server: Pick<TestDnsServer, 'records' | 'failing'>,
  q: Query,
  maxLength: number,
): Buffer {
  const values = server.records.get(q.name);
  const rcode = server.failing.has(q.name)
    ? RCODE_SERVFAIL
    : values === undefined
      ? RCODE_NXDOMAIN
      : 0;
  const rrs =
    rcode === 0 && q.type === TYPE_TXT
      ? values!.map((value) => {
          const rdata = txtRdata(value);
          const rr = Buffer.alloc(12);
          rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
          rr.writeUInt16BE(TYPE_TXT, 2);
          rr.writeUInt16BE(1, 4); // class IN
          rr.writeUInt32BE(60, 6); // TTL
          rr.writeUInt16BE(rdata.length, 10);
          return Buffer.concat([rr, rdata]);
        })
      : [];
  const build = (answers: Buffer[], truncated: boolean) => {
    const header = Buffer.alloc(12);
    header.writeUInt16BE(q.id, 0);
    // QR, the query's opcode and RD, AA, RA, TC when cut, the rcode.
    header.writeUInt16BE(
      0x8000 | (q.flags & 0x7900) | 0x0400 | 0x0080 | (truncated ? 0x0200 : 0) | rcode,
      2,
    );
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    return Buffer.concat([header, q.question, ...answers]);
  };
  const full = build(rrs, false);
  return full.length <= maxLength ? full : build([], true);
}

export async function startTestDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  const failing = new Set<string>();
  const queries: TestDnsServer['queries'] = [];
  const state = { records, failing };

  const onMessage = (msg: Buffer, rinfo: dgram.RemoteInfo) => {
    const q = parseQuery(msg);
    if (!q) return;
    queries.push({ name: q.name, type: q.type, transport: 'udp' });
    udp.send(answer(state, q, q.udpMax), rinfo.port, rinfo.address);
  };
  let udp = dgram.createSocket('udp4');
  udp.on('message', onMessage);

  // DNS over TCP: each message is preceded by its length in two bytes.
  const sockets = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = Buffer.alloc(0);
    socket.on('data', (data) => {
      pending = Buffer.concat([pending, data]);
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        const msg = pending.subarray(2, 2 + pending.readUInt16BE(0));
        pending = pending.subarray(2 + msg.length);
        const q = parseQuery(msg);
        if (!q) {
          socket.destroy();
          return;
        }
        queries.push({ name: q.name, type: q.type, transport: 'tcp' });
        const reply = answer(state, q, 65_535);
        const length = Buffer.alloc(2);
        length.writeUInt16BE(reply.length);
        socket.write(Buffer.concat([length, reply]));
      }
    });
  });
  // UDP and TCP must share a port number: the UDP socket picks a free one, and the TCP port of
  // that number may be taken (another server, or a connection's own local port): then try again.
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    port = (udp.address() as AddressInfo).port;
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, '127.0.0.1', () => {
          tcp.off('error', reject);
          resolve();
        });
      });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 20) throw err;
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      udp = dgram.createSocket('udp4');
      udp.on('message', onMessage);
    }
  }

  return {
    address: `127.0.0.1:${port}`,
    records,
    failing,
    queries,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
    },
  };
}
