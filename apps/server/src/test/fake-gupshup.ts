import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Gupshup's WhatsApp API on loopback (GUPSHUP_API_BASE in tests): the
 * `apikey` header, the /wa/api/v1/msg form and its `{status:"submitted", messageId}` answer,
 * `{status:"error", message}` refusals, the template list, and media files the way Gupshup
 * links them in inbound payloads.
 */
export interface FakeGupshup {
  url: string;
  apiKey: string;
  appName: string;
  /** Every message Parley submitted, with its form. */
  sent: { path: string; form: URLSearchParams; authorized: boolean }[];
  /** How many times the template list was asked for (it is cached briefly). */
  templateListCalls: number;
  answerNext(...answers: { status: number; body: Record<string, unknown> }[]): void;
  /** A media file of an inbound message; answers its URL. */
  addMedia(contentType: string, bytes: Buffer): string;
  close(): Promise<void>;
}

/** The app's templates, as Gupshup lists them: one approved with two variables, one pending. */
export const FAKE_GUPSHUP_TEMPLATES = [
  {
    id: '3b8f7c1e-5d2a-4c11-9a7e-0f6b2d9c4a10',
    elementName: 'order_update',
    languageCode: 'en',
    category: 'UTILITY',
    status: 'APPROVED',
    templateType: 'TEXT',
    data: 'Hi {{1}}, your order {{2}} has shipped.',
  },
  {
    id: '9c2d4e6f-1a3b-4c5d-8e7f-112233445566',
    elementName: 'spring_sale',
    languageCode: 'en',
    category: 'MARKETING',
    status: 'PENDING',
    templateType: 'TEXT',
    data: 'Spring sale: {{1}} off everything!',
  },
];

export async function startFakeGupshup(): Promise<FakeGupshup> {
  const apiKey = crypto.randomBytes(16).toString('hex');
  const appName = 'AcmeSupportApp';
  const sent: FakeGupshup['sent'] = [];
  const queued: { status: number; body: Record<string, unknown> }[] = [];
  const media = new Map<string, { contentType: string; bytes: Buffer }>();
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const authFailed = { status: 'error', message: 'Authentication Failed' };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const authorized = req.headers.apikey === apiKey;
      if (req.method === 'GET' && path.startsWith('/sm/api/v1/template/list/')) {
        fake.templateListCalls++;
        if (!authorized) return json(res, 401, authFailed);
        if (decodeURIComponent(path.split('/').pop()!) !== appName)
          return json(res, 400, { status: 'error', message: 'Invalid App Details' });
        return json(res, 200, { status: 'success', templates: FAKE_GUPSHUP_TEMPLATES });
      }
      if (
        req.method === 'POST' &&
        (path === '/wa/api/v1/msg' || path === '/wa/api/v1/template/msg')
      ) {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        sent.push({ path, form, authorized });
        if (!authorized) return json(res, 401, authFailed);
        const next = queued.shift();
        if (next) return json(res, next.status, next.body);
        if (form.get('src.name') !== appName)
          return json(res, 400, { status: 'error', message: 'Invalid App Details' });
        return json(res, 202, { status: 'submitted', messageId: crypto.randomUUID() });
      }
      const file = media.get(path);
      if (req.method === 'GET' && file) {
        res.writeHead(200, { 'content-type': file.contentType });
        return res.end(file.bytes);
      }
      json(res, 404, { status: 'error', message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeGupshup = {
    url,
    apiKey,
    appName,
    sent,
    templateListCalls: 0,
    answerNext: (...answers) => queued.push(...answers),
    addMedia(contentType, bytes) {
      const path = `/filemanager/${crypto.randomUUID()}`;
      media.set(path, { contentType, bytes });
      return `${url}${path}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
