import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Meta's Graph API on loopback (META_GRAPH_API_BASE in tests): Page access
 * tokens (Bearer), GET /me and /{page-id}?fields=instagram_business_account, the Send API
 * (POST /me/messages), comment replies (POST /{comment-id}/comments, /{ig-comment-id}/replies),
 * Graph's `{error: {message, type, code, error_subcode}}` refusals (190 for a revoked token),
 * and attachment files the way Meta's CDN links them in webhook payloads. WhatsApp Cloud API
 * numbers too: GET /{phone-number-id}, POST /{phone-number-id}/messages (text, template, and
 * image / video / audio / document messages of uploaded media ids), POST /{phone-number-id}/media
 * (multipart upload), GET /{waba-id}/message_templates and GET /{media-id} with the number's
 * permanent token. Messenger / Instagram user profiles (GET /{psid}?fields=…) for the page that
 * knows them.
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

/** A file Parley uploaded to a number (POST /{phone-number-id}/media), as the fake got it. */
export interface FakeUpload {
  id: string;
  phoneNumberId: string;
  /** The form's `type` field (a MIME type). */
  type: string;
  fileName: string;
  /** The file part's own content type. */
  contentType: string;
  bytes: Buffer;
}

/** How GET /{user-id} answers instead of the profile (every profile lookup while set). */
export type FakeProfileFailure = { status: number; body: Record<string, unknown> } | 'hang';

export interface FakeMeta {
  url: string;
  version: string;
  /**
   * Every POST Parley made: path (without the version), body (JSON; a multipart upload's fields,
   * with the file as `{file_name, content_type, size}`), and the token it used.
   */
  sent: { path: string; body: Record<string, unknown>; token: string | null }[];
  /** Every media upload the fake accepted. */
  uploads: FakeUpload[];
  /** Every wamid the Cloud API answered a sent message with, in order. */
  wamids: string[];
  /** Every profile lookup (GET /{user-id}): the id, the `fields` asked for, the token. */
  profileLookups: { id: string; fields: string; token: string | null }[];
  /** A Messenger PSID / Instagram IGSID of the page, with the profile fields Graph shows. */
  addProfile(page: FakePage, userId: string, fields: Record<string, string>): void;
  /** Profile lookups fail this way (null: they answer again). */
  failProfiles(failure: FakeProfileFailure | null): void;
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
  const uploads: FakeUpload[] = [];
  const wamids: string[] = [];
  const profiles = new Map<string, { pageId: string; fields: Record<string, string> }>();
  const profileLookups: FakeMeta['profileLookups'] = [];
  let profileFailure: FakeProfileFailure | null = null;
  const hanging = new Set<http.ServerResponse>();
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
    upload: FormData | null,
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
    if (method === 'POST' && path === `/${n.phoneNumberId}/media`) {
      if (!upload) return json(res, 400, graphError('(#100) The parameter file is required.', 100));
      return acceptUpload(res, n, upload);
    }
    if (method === 'POST' && path === `/${n.phoneNumberId}/messages`) {
      const to = typeof body.to === 'string' ? body.to : '';
      if (body.messaging_product !== 'whatsapp' || !/^\d{8,15}$/.test(to))
        return json(res, 400, graphError('(#100) Invalid parameter', 100));
      const type = typeof body.type === 'string' ? body.type : '';
      if (['image', 'video', 'audio', 'document'].includes(type)) {
        const object = (body[type] ?? {}) as Record<string, unknown>;
        const uploaded = uploads.find(
          (u) => u.id === object.id && u.phoneNumberId === n.phoneNumberId,
        );
        if (!uploaded)
          return json(res, 400, graphError(`(#100) Invalid parameter: ${type}.id is unknown`, 100));
        if (type === 'audio' && 'caption' in object)
          return json(res, 400, graphError('(#100) Param audio[caption] is not allowed', 100));
      }
      const wamid = `wamid.${crypto.randomBytes(18).toString('base64url')}`;
      wamids.push(wamid);
      return json(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: wamid }],
      });
    }
    return json(res, 400, graphError('Unsupported request', 100));
  }

  /** The Cloud API's media types (developers.facebook.com/docs/whatsapp/cloud-api/reference/media). */
  const UPLOAD_TYPES = new Set([
    'image/jpeg',
    'image/png',
    'image/webp',
    'video/mp4',
    'video/3gpp',
    'audio/aac',
    'audio/amr',
    'audio/mpeg',
    'audio/mp4',
    'audio/ogg',
    'text/plain',
    'application/pdf',
    'application/msword',
    'application/vnd.ms-excel',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ]);

  /** POST /{phone-number-id}/media: messaging_product, type and a file of that type, or Graph's 400. */
  function acceptUpload(res: http.ServerResponse, n: FakeWhatsappNumber, form: FormData) {
    const file = form.get('file');
    const type = form.get('type');
    if (form.get('messaging_product') !== 'whatsapp')
      return json(res, 400, graphError('(#100) The parameter messaging_product is required.', 100));
    if (!(file instanceof File) || file.size === 0)
      return json(res, 400, graphError('(#100) The parameter file is required.', 100));
    if (typeof type !== 'string' || !UPLOAD_TYPES.has(type))
      return json(res, 400, {
        error: {
          message: 'Media upload error',
          type: 'OAuthException',
          code: 131053,
          error_data: {
            messaging_product: 'whatsapp',
            details: `Unsupported media type: ${String(type)}`,
          },
          fbtrace_id: crypto.randomBytes(6).toString('hex'),
        },
      });
    return file.arrayBuffer().then((data) => {
      const id = digits(16);
      uploads.push({
        id,
        phoneNumberId: n.phoneNumberId,
        type,
        fileName: file.name,
        contentType: file.type,
        bytes: Buffer.from(data),
      });
      json(res, 200, { id });
    });
  }

  /** GET /{user-id}?fields=…: the page's own users only, the fields asked for. */
  function profileAnswer(
    res: http.ServerResponse,
    page: FakePage,
    id: string,
    fields: string,
    token: string,
  ) {
    profileLookups.push({ id, fields, token });
    if (profileFailure === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (profileFailure) return json(res, profileFailure.status, profileFailure.body);
    const profile = profiles.get(id);
    if (!profile || profile.pageId !== page.pageId)
      return json(
        res,
        400,
        graphError(
          `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          100,
          33,
        ),
      );
    const asked = fields.split(',').filter((f) => f in profile.fields);
    return json(res, 200, {
      ...Object.fromEntries(asked.map((f) => [f, profile.fields[f]])),
      id,
    });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks)).catch((err: Error) => {
        if (!res.headersSent) json(res, 500, graphError(`Fake failure: ${err.message}`, 1));
      });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer) {
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
    let upload: FormData | null = null;
    const contentType = req.headers['content-type'] ?? '';
    if (contentType.startsWith('multipart/form-data')) {
      try {
        upload = await new Response(new Uint8Array(raw), {
          headers: { 'content-type': contentType },
        }).formData();
      } catch {
        return json(res, 400, graphError('(#100) Invalid multipart body', 100));
      }
      for (const [key, value] of upload.entries())
        body[key] =
          typeof value === 'string'
            ? value
            : { file_name: value.name, content_type: value.type, size: value.size };
    } else {
      try {
        body = raw.length ? JSON.parse(raw.toString('utf8')) : {};
      } catch {
        return json(res, 400, graphError('Invalid JSON', 100));
      }
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
      return whatsappAnswer(res, req.method ?? 'GET', path, body, upload, number);
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
    if (req.method === 'GET' && /^\/\d+$/.test(path) && url.searchParams.has('fields'))
      return profileAnswer(res, page, path.slice(1), url.searchParams.get('fields')!, token);
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
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    version,
    sent,
    uploads,
    wamids,
    profileLookups,
    addProfile(page, userId, fields) {
      profiles.set(userId, { pageId: page.pageId, fields });
    },
    failProfiles(failure) {
      profileFailure = failure;
    },
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
    close: () => {
      for (const res of hanging) res.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
