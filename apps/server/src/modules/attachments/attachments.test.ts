import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_TOTAL_LIMIT_BYTES, type Message } from '@parley/contracts';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor, webhookReceiver } from '../../test/inbox-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    OUTBOUND_ALLOW_PRIVATE: 'on',
  });
});
afterAll(() => ctx.close());

/** The attachment upload form (docs/product/data.md), sent as the web app sends it (multipart, session headers). */
async function upload(
  s: Session | null,
  file: { bytes: Buffer; name: string; type: string },
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  form.append('file_name', file.name);
  form.append('size', String(file.bytes.length));
  form.append('content_type', file.type);
  form.append('is_embedded', 'false');
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  const encoded = new Response(form);
  return ctx.app.inject({
    method: 'POST',
    url: '/attachment/?myshopify_domain=northwind.myshopify.com',
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      ...(s
        ? {
            authorization: `Token ${s.token}`,
            'x-dc-account-id': String(s.accountId),
            'x-csrftoken': s.csrf,
            cookie: `csrftoken=${s.csrf}; auth_token=${s.token}; account_id=${s.accountId}`,
          }
        : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const pdf = (size = 2048) => ({
  bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(size)]),
  name: 'invoice 42.pdf',
  type: 'application/pdf',
});

async function conversationOf(s: Session, webhookUrl: string | null = null) {
  const channel = await apiChannelFor(ctx, s, webhookUrl);
  const { conversation_id } = await channel.inbound({
    identifier: `c-${crypto.randomUUID()}`,
    text: 'Can you send the invoice?',
  });
  return conversation_id;
}

describe('attachment upload (docs/product/data.md), and files on replies', () => {
  it('uploads a file, sends it on a reply, and serves it back as a download by its signed link', async () => {
    const owner = await signUp(ctx);
    const conversationId = await conversationOf(owner);
    const file = pdf();
    const up = await upload(owner, file);
    expect(up.statusCode).toBe(201);
    const attachment = up.json() as { id: number; size: number; file_name: string; url: string };
    expect(attachment).toMatchObject({ file_name: 'invoice 42.pdf', size: file.bytes.length });

    const reply = await as(ctx, owner).post(
      `/dashboardapi/conversations/${conversationId}/messages`,
      {
        kind: 'reply',
        body: '',
        attachment_ids: [attachment.id],
      },
    );
    expect(reply.statusCode).toBe(201);
    const message = reply.json() as Message;
    expect(message.attachments).toHaveLength(1);

    const thread = await as(ctx, owner).get(
      `/dashboardapi/conversations/${conversationId}/messages`,
    );
    const listed = (thread.json() as { items: Message[] }).items.at(-1)!;
    expect(listed.attachments[0]).toMatchObject({
      id: attachment.id,
      content_type: 'application/pdf',
    });

    const download = await ctx.app.inject({ method: 'GET', url: listed.attachments[0]!.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(file.bytes)).toBe(true);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toMatch(/^inline; filename="invoice%2042.pdf"/);

    const list = await as(ctx, owner).get('/dashboardapi/conversations?view=all');
    expect(list.json().items[0].last_message_preview).toBe('📎 1 attachment');
  });

  it('refuses files a browser could run, whatever their extension or type says', async () => {
    const owner = await signUp(ctx);
    const html = await upload(owner, {
      bytes: Buffer.from('<script>alert(1)</script>'),
      name: 'x.html',
      type: 'text/plain',
    });
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({ code: 'unsupported_media_type' });
    const svg = await upload(owner, {
      bytes: Buffer.from('<svg/>'),
      name: 'logo.png',
      type: 'image/svg+xml',
    });
    expect(svg.statusCode).toBe(415);
  });

  it('refuses every JavaScript type, and checks the extension on the normalised name', async () => {
    const owner = await signUp(ctx);
    const script = Buffer.from('alert(document.domain)');
    for (const type of ['application/x-javascript', 'text/x-javascript', 'text/jscript']) {
      const res = await upload(owner, { bytes: script, name: 'lib.txt', type });
      expect(res.statusCode).toBe(415);
    }
    for (const name of ['page.html.', 'page.html. . ', 'PAGE.HTML', 'run.ｊｓ']) {
      const res = await upload(owner, { bytes: script, name, type: 'text/plain' });
      expect(res.statusCode).toBe(415);
    }
  });

  it('serves only allow-listed types inline; any other stored type leaves as a neutral attachment that cannot run', async () => {
    const owner = await signUp(ctx);
    const served = async (file: { bytes: Buffer; name: string; type: string }) => {
      const up = await upload(owner, file);
      expect(up.statusCode).toBe(201);
      const res = await ctx.app.inject({ method: 'GET', url: up.json().url as string });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      return res.headers;
    };
    const script = Buffer.from('alert(document.domain)');
    for (const type of ['text/plain', 'application/x-foo', 'text/css', 'application/json']) {
      const headers = await served({ bytes: script, name: 'notes.txt', type });
      expect(headers['content-type']).toBe('application/octet-stream');
      expect(headers['content-disposition']).toMatch(/^attachment;/);
    }
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const [type, name] of [
      ['image/png', 'a.png'],
      ['audio/mpeg', 'call.mp3'],
      ['video/mp4', 'clip.mp4'],
    ] as const) {
      const headers = await served({ bytes: png, name, type });
      expect(headers['content-type']).toBe(type);
      expect(headers['content-disposition']).toMatch(/^inline;/);
    }
  });

  it('refuses more than 18 MB (docs/product/limits.md) and an empty or missing file, storing nothing', async () => {
    const owner = await signUp(ctx);
    const big = await upload(owner, {
      bytes: Buffer.alloc(ATTACHMENT_TOTAL_LIMIT_BYTES + 1, 1),
      name: 'big.bin',
      type: 'application/octet-stream',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'payload_too_large' });
    const empty = await upload(owner, {
      bytes: Buffer.alloc(0),
      name: 'e.txt',
      type: 'text/plain',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('two files of 10 MB each may not go on one message together (18 MB in total)', async () => {
    const owner = await signUp(ctx);
    const conversationId = await conversationOf(owner);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const up = await upload(owner, {
        bytes: Buffer.alloc(10_000_000, i + 1),
        name: `part${i}.bin`,
        type: 'application/octet-stream',
      });
      expect(up.statusCode).toBe(201);
      ids.push((up.json() as { id: number }).id);
    }
    const reply = await as(ctx, owner).post(
      `/dashboardapi/conversations/${conversationId}/messages`,
      {
        kind: 'reply',
        body: 'Both parts',
        attachment_ids: ids,
      },
    );
    expect(reply.statusCode).toBe(413);
    // Nothing was half-written: the conversation has no new message.
    const thread = await as(ctx, owner).get(
      `/dashboardapi/conversations/${conversationId}/messages`,
    );
    expect((thread.json() as { items: Message[] }).items.map((m) => m.body)).not.toContain(
      'Both parts',
    );
  });

  it('another account can neither use an upload nor download it with a forged link; a file goes on one message only', async () => {
    const owner = await signUp(ctx);
    const outsider = await signUp(ctx);
    const up = (await upload(owner, pdf())).json() as { id: number; url: string };
    const theirConversation = await conversationOf(outsider);
    const stolen = await as(ctx, outsider).post(
      `/dashboardapi/conversations/${theirConversation}/messages`,
      {
        kind: 'note',
        body: 'mine now',
        attachment_ids: [up.id],
      },
    );
    expect(stolen.statusCode).toBe(400);

    const forged = up.url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const otherId = up.url.replace(`/attachments/${up.id}/`, `/attachments/${up.id + 1}/`);
    expect((await ctx.app.inject({ method: 'GET', url: otherId })).statusCode).toBe(404);

    const mine = await conversationOf(owner);
    const first = await as(ctx, owner).post(`/dashboardapi/conversations/${mine}/messages`, {
      kind: 'note',
      body: 'see file',
      attachment_ids: [up.id],
    });
    expect(first.statusCode).toBe(201);
    const again = await as(ctx, owner).post(`/dashboardapi/conversations/${mine}/messages`, {
      kind: 'note',
      body: 'again',
      attachment_ids: [up.id],
    });
    expect(again.statusCode).toBe(400);
  });

  it('needs a signed-in agent to upload', async () => {
    expect((await upload(null, pdf())).statusCode).toBe(401);
  });

  it("a reply's files reach the API channel's webhook as absolute signed links", async () => {
    const owner = await signUp(ctx);
    const hook = await webhookReceiver();
    const conversationId = await conversationOf(owner, hook.url);
    const file = pdf(100);
    const up = (await upload(owner, file)).json() as { id: number };
    await as(ctx, owner).post(`/dashboardapi/conversations/${conversationId}/messages`, {
      kind: 'reply',
      body: 'Here it is',
      attachment_ids: [up.id],
    });
    await ctx.deps.jobs.drain();
    const sent = JSON.parse(hook.received.at(-1)!.body) as {
      message: { attachments: { id: number; url: string }[] };
    };
    const link = sent.message.attachments[0]!;
    expect(link.id).toBe(up.id);
    expect(link.url.startsWith(ctx.config.publicUrl)).toBe(true);
    const download = await ctx.app.inject({
      method: 'GET',
      url: link.url.slice(ctx.config.publicUrl.length),
    });
    expect(download.rawPayload.equals(file.bytes)).toBe(true);
    await hook.close();
  });

  it("a customer's files posted inline to the API channel are kept with their message; a runnable one refuses the whole message", async () => {
    const owner = await signUp(ctx);
    const channel = await apiChannelFor(ctx, owner);
    const photo = crypto.randomBytes(4096);
    const post = (message: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/channels/${channel.channelId}/messages`,
        headers: { authorization: `Bearer ${channel.apiKey}` },
        payload: { contact: { identifier: 'cust-9', name: 'Ada' }, message },
      });

    const first = await post({
      id: 'ext-1',
      attachments: [
        { file_name: 'broken zip.jpg', content_type: 'image/jpeg', data: photo.toString('base64') },
      ],
    });
    expect(first.statusCode).toBe(201);
    const { conversation_id, message_id } = first.json() as {
      conversation_id: number;
      message_id: number;
    };
    // The provider's retry of the same message stores neither the message nor the file again.
    const retry = await post({
      id: 'ext-1',
      attachments: [{ file_name: 'broken zip.jpg', data: photo.toString('base64') }],
    });
    expect(retry.json()).toMatchObject({ duplicate: true, message_id });

    const thread = await as(ctx, owner).get(
      `/dashboardapi/conversations/${conversation_id}/messages`,
    );
    const items = (thread.json() as { items: Message[] }).items;
    expect(items).toHaveLength(1);
    expect(items[0]!.attachments).toMatchObject([
      { file_name: 'broken zip.jpg', content_type: 'image/jpeg', size: photo.length },
    ]);
    const download = await ctx.app.inject({ method: 'GET', url: items[0]!.attachments[0]!.url });
    expect(download.rawPayload.equals(photo)).toBe(true);
    const list = await as(ctx, owner).get('/dashboardapi/conversations?view=all');
    expect(list.json().items[0].last_message_preview).toBe('📎 1 attachment');

    const refused = await post({
      body: 'see attached',
      attachments: [
        { file_name: 'ok.pdf', data: pdf().bytes.toString('base64') },
        {
          file_name: 'run.html',
          content_type: 'text/html',
          data: Buffer.from('<p>').toString('base64'),
        },
      ],
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().code).toBe('unsupported_media_type');
    const empty = await post({ body: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/empty/i);
    const after = await as(ctx, owner).get(
      `/dashboardapi/conversations/${conversation_id}/messages`,
    );
    expect((after.json() as { items: Message[] }).items).toHaveLength(1);
  });
});
