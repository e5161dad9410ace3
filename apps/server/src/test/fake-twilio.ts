import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Twilio's REST API on loopback (TWILIO_API_BASE in tests). It checks what
 * Parley sends the way Twilio does (basic auth, the Messages.json form) and answers in Twilio's
 * formats: accounts, message and call resources, REST errors `{code, message, more_info, status}`,
 * MMS media behind basic auth that redirects to a CDN path, and call recordings behind basic auth.
 */
export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  /** Every Messages.json create Parley made, with its form. */
  sent: { form: URLSearchParams; authorized: boolean }[];
  /** Authorization headers seen on CDN downloads (must be none: credentials stay on Twilio). */
  cdnAuthorization: (string | undefined)[];
  /** The next Messages.json answers, in order (then 201 again). */
  answerNext(...answers: { status: number; body: Record<string, unknown> }[]): void;
  /** Every Calls.json create Parley made (Twilio Voice), with its form. */
  calls: { form: URLSearchParams; authorized: boolean }[];
  /** The next Calls.json answers, in order (then 201 again). */
  answerNextCall(...answers: { status: number; body: Record<string, unknown> }[]): void;
  /** A call recording: its RecordingUrl (no extension); served as `.mp3` behind basic auth. */
  addRecording(bytes: Buffer): { recordingSid: string; recordingUrl: string };
  /** Authorization headers seen on recording downloads. */
  recordingAuthorization: (string | undefined)[];
  /** A media file of a message, served at its MediaUrl; answers that URL. */
  addMedia(contentType: string, bytes: Buffer): string;
  close(): Promise<void>;
}

export const twilioError = (status: number, code: number, message: string) => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${crypto.randomBytes(16).toString('hex')}`;
  const authToken = crypto.randomBytes(16).toString('hex');
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const sent: FakeTwilio['sent'] = [];
  const cdnAuthorization: (string | undefined)[] = [];
  const queued: { status: number; body: Record<string, unknown> }[] = [];
  const media = new Map<string, { contentType: string; bytes: Buffer }>();
  const calls: FakeTwilio['calls'] = [];
  const queuedCalls: { status: number; body: Record<string, unknown> }[] = [];
  const recordings = new Map<string, Buffer>();
  const recordingAuthorization: (string | undefined)[] = [];

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const authenticate = () => twilioError(401, 20003, 'Authenticate');

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const authorized = req.headers.authorization === expectedAuth;
      const account = /^\/2010-04-01\/Accounts\/(AC\w+)\.json$/.exec(path);
      if (req.method === 'GET' && account) {
        if (!authorized || account[1] !== accountSid) {
          const e = authenticate();
          return json(res, e.status, e.body);
        }
        return json(res, 200, {
          sid: accountSid,
          friendly_name: 'Acme Support',
          status: 'active',
          type: 'Full',
        });
      }
      if (req.method === 'POST' && path === `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        sent.push({ form, authorized });
        if (!authorized) {
          const e = authenticate();
          return json(res, e.status, e.body);
        }
        const next = queued.shift();
        if (next) return json(res, next.status, next.body);
        const to = form.get('To') ?? '';
        if (!/^\+[1-9]\d{7,14}$/.test(to)) {
          const e = twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
          return json(res, e.status, e.body);
        }
        if (!form.get('Body') && !form.get('MediaUrl')) {
          const e = twilioError(400, 21602, 'Message body is required.');
          return json(res, e.status, e.body);
        }
        return json(res, 201, {
          sid: `SM${crypto.randomBytes(16).toString('hex')}`,
          account_sid: accountSid,
          to,
          from: form.get('From'),
          messaging_service_sid: form.get('MessagingServiceSid'),
          body: form.get('Body'),
          status: 'queued',
          num_media: String(form.getAll('MediaUrl').length),
          error_code: null,
          error_message: null,
        });
      }
      if (req.method === 'POST' && path === `/2010-04-01/Accounts/${accountSid}/Calls.json`) {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        calls.push({ form, authorized });
        if (!authorized) {
          const e = authenticate();
          return json(res, e.status, e.body);
        }
        const next = queuedCalls.shift();
        if (next) return json(res, next.status, next.body);
        const to = form.get('To') ?? '';
        if (!/^\+[1-9]\d{7,14}$/.test(to)) {
          const e = twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
          return json(res, e.status, e.body);
        }
        if (!form.get('Url') && !form.get('Twiml')) {
          const e = twilioError(400, 21205, 'Url parameter is required.');
          return json(res, e.status, e.body);
        }
        return json(res, 201, {
          sid: `CA${crypto.randomBytes(16).toString('hex')}`,
          account_sid: accountSid,
          to,
          from: form.get('From'),
          status: 'queued',
          direction: 'outbound-api',
        });
      }
      if (req.method === 'GET' && path.endsWith('.mp3') && recordings.has(path.slice(0, -4))) {
        recordingAuthorization.push(req.headers.authorization);
        if (!authorized) {
          const e = authenticate();
          return json(res, e.status, e.body);
        }
        res.writeHead(200, { 'content-type': 'audio/mpeg' });
        return res.end(recordings.get(path.slice(0, -4)));
      }
      if (req.method === 'GET' && media.has(path)) {
        // Twilio's media URLs need the account's credentials, then redirect to the CDN.
        if (!authorized) {
          const e = authenticate();
          return json(res, e.status, e.body);
        }
        res.writeHead(307, { location: `/cdn${path}` });
        return res.end();
      }
      if (req.method === 'GET' && path.startsWith('/cdn/') && media.has(path.slice(4))) {
        cdnAuthorization.push(req.headers.authorization);
        const file = media.get(path.slice(4))!;
        res.writeHead(200, { 'content-type': file.contentType });
        return res.end(file.bytes);
      }
      json(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    accountSid,
    authToken,
    sent,
    cdnAuthorization,
    answerNext: (...answers) => queued.push(...answers),
    calls,
    answerNextCall: (...answers) => queuedCalls.push(...answers),
    recordingAuthorization,
    addRecording(bytes) {
      const recordingSid = `RE${crypto.randomBytes(16).toString('hex')}`;
      const path = `/2010-04-01/Accounts/${accountSid}/Recordings/${recordingSid}`;
      recordings.set(path, bytes);
      return { recordingSid, recordingUrl: `${url}${path}` };
    },
    addMedia(contentType, bytes) {
      const path = `/2010-04-01/Accounts/${accountSid}/Messages/MM${crypto.randomBytes(16).toString('hex')}/Media/ME${crypto.randomBytes(16).toString('hex')}`;
      media.set(path, { contentType, bytes });
      return `${url}${path}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
