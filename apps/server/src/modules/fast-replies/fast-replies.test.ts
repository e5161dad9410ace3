import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_REPLY_PATHS, type FastReplyTemplate, type Message } from '@parley/contracts';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor } from '../../test/inbox-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

async function upload(s: Session, name = 'size-guide.pdf') {
  const form = new FormData();
  const bytes = crypto.randomBytes(500);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const encoded = new Response(form);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/attachment/',
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      authorization: `Token ${s.token}`,
      'x-dc-account-id': String(s.accountId),
      'x-csrftoken': s.csrf,
      cookie: `csrftoken=${s.csrf}; auth_token=${s.token}; account_id=${s.accountId}`,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

const create = (s: Session, body: Record<string, unknown>) =>
  as(ctx, s).post(FAST_REPLY_PATHS.create, body);

describe('fast-reply calls (docs/product/api.md)', () => {
  it('creates, lists newest change first with folders, updates (to the top) and deletes with a body', async () => {
    const s = await signUp(ctx);
    const a = (
      await create(s, {
        name: 'Shipping',
        template_content: 'It ships in 2 days.',
        folder: 'Orders',
      })
    ).json() as FastReplyTemplate;
    const b = (
      await create(s, {
        name: 'Returns',
        template_content: 'Returns are free.',
        folders: ['Empty folder'],
      })
    ).json() as FastReplyTemplate;
    let all = (await as(ctx, s).get(FAST_REPLY_PATHS.all)).json();
    expect(all.fast_replies.map((t: FastReplyTemplate) => t.id)).toEqual([b.id, a.id]);
    expect(all.folders).toEqual(['Empty folder', 'Orders']);

    const updated = await as(ctx, s).patch(`${FAST_REPLY_PATHS.one}?id=${a.id}`, {
      template_content: 'It ships in 1 day.',
    });
    expect(updated.statusCode).toBe(200);
    all = (await as(ctx, s).get(FAST_REPLY_PATHS.all)).json();
    expect(all.fast_replies[0]).toMatchObject({ id: a.id, template_content: 'It ships in 1 day.' });

    const mismatch = await as(ctx, s).delete(`${FAST_REPLY_PATHS.one}?id=${a.id}`, { id: b.id });
    expect(mismatch.statusCode).toBe(400);
    const deleted = await as(ctx, s).delete(`${FAST_REPLY_PATHS.one}?id=${a.id}`, { id: a.id });
    expect(deleted.statusCode).toBe(200);
    all = (await as(ctx, s).get(FAST_REPLY_PATHS.all)).json();
    expect(all.fast_replies.map((t: FastReplyTemplate) => t.id)).toEqual([b.id]);

    const folders = await as(ctx, s).delete('/dashboardapi/fastreply/folder?name=Empty%20folder');
    expect(folders.json().folders).toEqual(['Orders']);
  });

  it('answers 400 with field details on bad input, and 404 across accounts', async () => {
    const s = await signUp(ctx);
    const other = await signUp(ctx);
    const bad = await create(s, { name: '', template_content: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_error');
    const mine = (
      await create(s, { name: 'Mine', template_content: 'x' })
    ).json() as FastReplyTemplate;
    const patched = await as(ctx, other).patch(`${FAST_REPLY_PATHS.one}?id=${mine.id}`, {
      name: 'stolen',
    });
    expect(patched.json()).toMatchObject({ code: 'not_found' });
    const deleted = await as(ctx, other).delete(`${FAST_REPLY_PATHS.one}?id=${mine.id}`);
    expect(deleted.json()).toMatchObject({ code: 'not_found' });
    expect((await as(ctx, other).get(FAST_REPLY_PATHS.all)).json().fast_replies).toEqual([]);
  });

  it('resolves variables with fallbacks for a conversation, and hands the reply its own copies of the files', async () => {
    const s = await signUp(ctx, { name: 'Sam Agent' });
    const channel = await apiChannelFor(ctx, s);
    const { conversation_id } = await channel.inbound({
      identifier: 'm-1',
      name: 'Maya Patel',
      text: 'Size?',
    });
    const fileId = await upload(s);
    const t = (
      await create(s, {
        name: 'Size guide',
        template_content:
          'Hi {{customer_first_name | there}}, order {{order_number | (no order yet)}}. — {{agent_first_name}}',
        attachment_ids: [fileId],
      })
    ).json() as FastReplyTemplate;
    expect(t.attachments.map((a) => a.id)).toEqual([fileId]);

    const resolved = await as(ctx, s).get(
      `${FAST_REPLY_PATHS.resolve}?id=${t.id}&conversation_id=${conversation_id}`,
    );
    expect(resolved.statusCode).toBe(200);
    const r = resolved.json();
    expect(r.content).toBe('Hi Maya, order (no order yet). — Sam');
    expect(r.attachments).toHaveLength(1);
    expect(r.attachments[0].id).not.toBe(fileId);

    // Two templates stacked in one reply: each resolve gives fresh copies.
    const again = (
      await as(ctx, s).get(
        `${FAST_REPLY_PATHS.resolve}?id=${t.id}&conversation_id=${conversation_id}`,
      )
    ).json();
    const reply = await as(ctx, s).post(`/dashboardapi/conversations/${conversation_id}/messages`, {
      kind: 'reply',
      body: `${r.content}\n${again.content}`,
      attachment_ids: [r.attachments[0].id, again.attachments[0].id],
    });
    expect(reply.statusCode).toBe(201);
    expect((reply.json() as Message).attachments.map((a) => a.file_name)).toEqual([
      'size-guide.pdf',
      'size-guide.pdf',
    ]);
    // The template still has its own file, and it cannot be sent directly.
    const direct = await as(ctx, s).post(
      `/dashboardapi/conversations/${conversation_id}/messages`,
      {
        kind: 'reply',
        body: 'x',
        attachment_ids: [fileId],
      },
    );
    expect(direct.statusCode).toBe(400);

    const other = await signUp(ctx);
    expect(
      (
        await as(ctx, other).get(
          `${FAST_REPLY_PATHS.resolve}?id=${t.id}&conversation_id=${conversation_id}`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('lists the variables and their syntax', async () => {
    const s = await signUp(ctx);
    const res = (await as(ctx, s).get(FAST_REPLY_PATHS.variables)).json();
    expect(res.variables.map((v: { key: string }) => v.key)).toContain('customer_first_name');
    expect(res.syntax).toContain('fallback');
  });
});
