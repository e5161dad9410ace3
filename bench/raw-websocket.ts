import { randomBytes } from 'node:crypto';
import net from 'node:net';

/**
 * The least a WebSocket client can be (RFC 6455, text frames, no extensions), for the realtime
 * bench: its 5,000 sockets read every broadcast on the same two cores as the server, so each
 * socket's bytes are framed and handed over as they arrive, with nothing else done to them (a
 * full client spent twice the server's CPU per broadcast, which the latency then measured).
 * The protocol server's frames are tested with real clients (ws, pusher-js) elsewhere.
 */
export class BenchSocket {
  private readonly socket: net.Socket;
  private pending: Buffer | null = null;
  private upgraded = false;

  /** `onText(payload, at)`: each text frame's payload, and when its bytes arrived. */
  constructor(
    url: URL,
    private readonly onText: (payload: Buffer, at: number) => void,
    private readonly onError: (err: Error) => void,
  ) {
    this.socket = net.connect({ host: url.hostname, port: Number(url.port) });
    this.socket.setNoDelay(true);
    this.socket.on('error', onError);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk, performance.now()));
    this.socket.write(
      `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n` +
        `Upgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  }

  get open(): boolean {
    return this.upgraded && !this.socket.destroyed && !this.socket.readableEnded;
  }

  sendText(text: string): void {
    this.sendFrame(0x1, Buffer.from(text, 'utf8'));
  }

  destroy(): void {
    this.socket.destroy();
  }

  private read(chunk: Buffer, at: number) {
    let buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    if (!this.upgraded) {
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) {
        this.pending = buf;
        return;
      }
      const status = buf.subarray(0, buf.indexOf('\r\n')).toString('latin1');
      if (!status.startsWith('HTTP/1.1 101 ')) {
        this.onError(new Error(`handshake answered ${status}`));
        return this.socket.destroy();
      }
      this.upgraded = true;
      buf = buf.subarray(end + 4);
    }
    let offset = 0;
    while (buf.length - offset >= 2) {
      const opcode = buf[offset]! & 0x0f;
      let length = buf[offset + 1]! & 0x7f;
      let header = 2;
      if (length === 126) {
        if (buf.length - offset < 4) break;
        length = buf.readUInt16BE(offset + 2);
        header = 4;
      } else if (length === 127) {
        if (buf.length - offset < 10) break;
        length = Number(buf.readBigUInt64BE(offset + 2));
        header = 10;
      }
      if (buf.length - offset < header + length) break;
      const payload = buf.subarray(offset + header, offset + header + length);
      offset += header + length;
      if (opcode === 0x1) this.onText(payload, at);
      else if (opcode === 0x9) this.sendFrame(0xa, payload);
      else if (opcode === 0x8) this.socket.end();
    }
    if (offset < buf.length) this.pending = buf.subarray(offset);
  }

  /** A client's frames are masked (RFC 6455 §5.3). */
  private sendFrame(opcode: number, payload: Buffer) {
    if (payload.length > 0xffff) throw new Error('the bench sends small frames only');
    const mask = randomBytes(4);
    const header =
      payload.length < 126
        ? Buffer.from([0x80 | opcode, 0x80 | payload.length])
        : Buffer.from([0x80 | opcode, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
    const masked = Buffer.alloc(payload.length);
    for (let i = 0; i < payload.length; i++) masked[i] = payload[i]! ^ mask[i & 3]!;
    this.socket.write(Buffer.concat([header, mask, masked]));
  }
}
