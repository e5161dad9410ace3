import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Meta's Graph API on loopback (META_GRAPH_API_BASE in tests): Page access
 * tokens (Bearer), GET /me and /{page-id}?fields=instagram_business_account, the Send API
 * (POST /me/messages), comment replies (POST /{comment-id}/comments, /{ig-comment-id}/replies),
 * Graph's `{error: {message, type, code, error_subcode}}` refusals (190 for a revoked token),
 * and attachment files the way Meta's CDN links them in webhook payloads. WhatsApp Cloud API
 * numbers too: GET /{phone-number-id}, POST /{phone-number-id}/messages, GET
 * /{waba-id}/message_templates and GET /{media-id} with the number's permanent token.
 */
export interface FakeWhatsappNumber {
  token: string;
  phoneNumberId: string;
  businessAccountId: string;
  displayPhoneNumber: string;
  verifiedName: string;
}

/** The approved template of every fake WhatsApp Business account (plus a rejected one). */
export const FAKE_CLOUD_TEMPLATE = {
  name: 'order_update',
  language: 'en_US',
  body: 'Hi {{1}}, your order {{2}} has shipped.',
};
export interface FakePage {
  token: string;
  pageId: string;
  name: string;
  instagramAccountId: string | null;
}

export interface FakeMeta {
  url: string;
  version: string;
  /** Every POST Parley made: path (without the version), JSON body, and the token it used. */
  sent: { path: string; body: Record<string, unknown>; token: string | null }[];
  addPage(v?: { instagram?: boolean; name?: string }): FakePage;
  addWhatsappNumber(): FakeWhatsappNumber;
  /** A file a customer sent on WhatsApp: its media id (GET /{media-id} gives its link). */
  addWhatsappMedia(contentType: string, bytes: Buffer): string;
  /** Another token of the same page (reconnecting after a revoked one). */
  issueToken(page: FakePage): string;
  /** The token stops working: Graph answers code 190 (as after a password change or removal). */
  revoke(token: string): void;
  answerNext(...answers: { status: number; body: Record<string, unknown> }[]): void;
  addMedia(contentType: string, bytes: Buffer, fileName?: string): string;
  close(): Promise<void>;
}

export async function startFakeMeta(version = 'v21.0'): Promise<FakeMeta> {
  const pages = new Map<string, FakePage>();
  const numbers = new Map<string, FakeWhatsappNumber>();
  const whatsappMedia = new Map<string, { url: string; contentType: string }>();
  const revoked = new Set<string>();
  const sent: FakeMeta['sent'] = [];
  const queued: { status: number; body: Record<string, unknown> }[] = [];
  const media = new Map<string, { contentType: string; bytes: Buffer }>();
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const graphError = (message: string, code: number, subcode?: number) => ({
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(subcode ? { error_subcode: subcode } : {}),
      fbtrace_id: crypto.randomBytes(6).toString('hex'),
    },
  });
  /** Graph ids are long decimal strings (too long for crypto.randomInt). */
  const digits = (n: number) =>
    String(1 + crypto.randomInt(9)) +
    Array.from({ length: n - 1 }, () => crypto.randomInt(10)).join('');

  /** The Cloud API's answers for a number's own token. */
  function whatsappAnswer(
    res: http.ServerResponse,
    method: string,
    path: string,
    body: Record<string, unknown>,
    n: FakeWhatsappNumber,
  ) {
    if (method === 'GET' && path === `/${n.phoneNumberId}`)
      return json(res, 200, {
        id: n.phoneNumberId,
        display_phone_number: n.displayPhoneNumber,
        verified_name: n.verifiedName,
      });
    if (method === 'GET' && path === `/${n.businessAccountId}/message_templates`)
      return json(res, 200, {
        data: [
          {
            name: FAKE_CLOUD_TEMPLATE.name,
            language: FAKE_CLOUD_TEMPLATE.language,
            status: 'APPROVED',
            category: 'UTILITY',
            id: digits(15),
            components: [{ type: 'BODY', text: FAKE_CLOUD_TEMPLATE.body }],
          },
          {
            name: 'spring_sale',
            language: 'en_US',
            status: 'REJECTED',
            category: 'MARKETING',
            id: digits(15),
            components: [{ type: 'BODY', text: 'Sale!' }],
          },
        ],
      });
    const file = method === 'GET' ? whatsappMedia.get(path.slice(1)) : undefined;
    if (file)
      return json(res, 200, {
        url: file.url,
        mime_type: file.contentType,
        id: path.slice(1),
        messaging_product: 'whatsapp',
      });
    if (method === 'POST' && path === `/${n.phoneNumberId}/messages`) {
      const to = typeof body.to === 'string' ? body.to : '';
      if (body.messaging_product !== 'whatsapp' || !/^\d{8,15}$/.test(to))
        return json(res, 400, graphError('(#100) Invalid parameter', 100));
      return json(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: `wamid.${crypto.randomBytes(18).toString('base64url')}` }],
      });
    }
    return json(res, 400, graphError('Unsupported request', 100));
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const file = media.get(url.pathname);
      if (req.method === 'GET' && file) {
        res.writeHead(200, { 'content-type': file.contentType });
        return res.end(file.bytes);
      }
      if (!url.pathname.startsWith(`/${version}/`))
        return json(res, 400, graphError('Unknown path components', 2500));
      const path = url.pathname.slice(version.length + 1);
      const auth = req.headers.authorization;
      const token = auth?.startsWith('Bearer ')
        ? auth.slice(7)
        : (url.searchParams.get('access_token') ?? null);
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      } catch {
        return json(res, 400, graphError('Invalid JSON', 100));
      }
      if (req.method === 'POST') sent.push({ path, body, token });
      const number = token ? numbers.get(token) : undefined;
      if (token && number) {
        if (revoked.has(token))
          return json(
            res,
            401,
            graphError('Error validating access token: Session has expired.', 190, 463),
          );
        if (req.method === 'POST') {
          const next = queued.shift();
          if (next) return json(res, next.status, next.body);
        }
        return whatsappAnswer(res, req.method ?? 'GET', path, body, number);
      }
      const page = token ? pages.get(token) : undefined;
      if (!token || !page)
        return json(
          res,
          400,
          graphError('Invalid OAuth access token - Cannot parse access token', 190),
        );
      if (revoked.has(token))
        return json(
          res,
          400,
          graphError(
            'Error validating access token: The session has been invalidated because the user changed their password.',
            190,
            460,
          ),
        );
      if (req.method === 'POST') {
        const next = queued.shift();
        if (next) return json(res, next.status, next.body);
      }
      if (req.method === 'GET' && path === '/me')
        return json(res, 200, { id: page.pageId, name: page.name });
      if (req.method === 'GET' && path === `/${page.pageId}`)
        return json(res, 200, {
          id: page.pageId,
          ...(page.instagramAccountId
            ? { instagram_business_account: { id: page.instagramAccountId } }
            : {}),
        });
      if (req.method === 'POST' && path === '/me/messages') {
        const recipient = (body.recipient ?? {}) as Record<string, unknown>;
        if (!recipient.id && !recipient.comment_id)
          return json(res, 400, graphError('(#100) The parameter recipient is required', 100));
        return json(res, 200, {
          recipient_id: String(recipient.id ?? digits(16)),
          message_id: `m_${crypto.randomBytes(12).toString('base64url')}`,
        });
      }
      if (req.method === 'POST' && /^\/[\w]+\/(comments|replies)$/.test(path)) {
        if (typeof body.message !== 'string' || !body.message)
          return json(res, 400, graphError('(#100) The parameter message is required', 100));
        return json(res, 200, { id: `${page.pageId}_${digits(15)}` });
      }
      json(res, 400, graphError('Unsupported request', 100));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    version,
    sent,
    addPage(v = {}) {
      const page: FakePage = {
        token: `EAAB${crypto.randomBytes(40).toString('base64url')}`,
        pageId: digits(15),
        name: v.name ?? 'Acme Shoes',
        instagramAccountId: v.instagram ? `1784${digits(13)}` : null,
      };
      pages.set(page.token, page);
      return page;
    },
    addWhatsappNumber() {
      const n: FakeWhatsappNumber = {
        token: `EAAG${crypto.randomBytes(40).toString('base64url')}`,
        phoneNumberId: digits(15),
        businessAccountId: digits(15),
        displayPhoneNumber: `+1 555-01${String(crypto.randomInt(100)).padStart(2, '0')}`,
        verifiedName: 'Acme Support',
      };
      numbers.set(n.token, n);
      return n;
    },
    addWhatsappMedia(contentType, bytes) {
      const id = digits(16);
      const path = `/whatsapp_business/attachments/${crypto.randomUUID()}`;
      media.set(path, { contentType, bytes });
      whatsappMedia.set(id, { url: `${url}${path}`, contentType });
      return id;
    },
    issueToken(page) {
      const token = `EAAB${crypto.randomBytes(40).toString('base64url')}`;
      pages.set(token, { ...page, token });
      return token;
    },
    revoke: (token) => revoked.add(token),
    answerNext: (...answers) => queued.push(...answers),
    addMedia(contentType, bytes, fileName = 'photo.jpg') {
      const path = `/v/t1.0-9/${crypto.randomUUID()}/${fileName}`;
      media.set(path, { contentType, bytes });
      return `${url}${path}?oh=${crypto.randomBytes(4).toString('hex')}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
