import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_TOTAL_LIMIT_BYTES } from '@parley/contracts';
import { startTestS3, type TestS3 } from '../../lib/s3-test-server';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { inlineImagePath } from '../email-channel/email-channel.public';
import { fileStoreOf } from './attachments.service';
import { findAttachmentById } from './attachments.queries';

/** The attachment upload form, as the web app sends it (multipart, session headers). */
async function upload(
  ctx: TestContext,
  s: Session,
  file: { bytes: Buffer; name: string; type: string },
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  form.append('file_name', file.name);
  form.append('content_type', file.type);
  const encoded = new Response(form);
  return ctx.app.inject({
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
}

const audio = (size = 40_000) => ({
  bytes: crypto.randomBytes(size),
  name: 'voicemail.mp3',
  type: 'audio/mpeg',
});
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

/** The same HTTP behaviour whether the files live in the data directory or in a bucket. */
function servedFiles(name: string, env: () => Record<string, string>) {
  describe(`stored files served from ${name}`, () => {
    let ctx: TestContext;
    let owner: Session;
    beforeAll(async () => {
      ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...env() });
      owner = await signUp(ctx);
    });
    afterAll(() => ctx.close());

    it('a download answers the whole file, or the one byte range asked for (so players can seek)', async () => {
      const file = audio();
      const up = await upload(ctx, owner, file);
      expect(up.statusCode).toBe(201);
      const { url } = up.json() as { url: string };

      const whole = await ctx.app.inject({ method: 'GET', url });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(file.bytes)).toBe(true);
      expect(whole.headers).toMatchObject({
        'content-type': 'audio/mpeg',
        'content-length': String(file.bytes.length),
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
      expect(whole.headers['content-disposition']).toMatch(/^inline; filename="voicemail.mp3"/);

      const part = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { range: 'bytes=100-199' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${file.bytes.length}`);
      expect(part.headers['content-length']).toBe('100');
      expect(part.headers['x-content-type-options']).toBe('nosniff');
      expect(part.rawPayload.equals(file.bytes.subarray(100, 200))).toBe(true);

      const tail = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(file.bytes.subarray(-10))).toBe(true);

      const beyond = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { range: `bytes=${file.bytes.length}-` },
      });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${file.bytes.length}`);
      expect(beyond.json()).toMatchObject({ code: 'range_not_satisfiable' });

      const head = await ctx.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(file.bytes.length));
      expect(head.headers['accept-ranges']).toBe('bytes');
      expect(head.rawPayload.length).toBe(0);

      // We send no validators, so a conditional range never matches: the whole file goes.
      const conditional = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { range: 'bytes=0-9', 'if-range': '"some-etag"' },
      });
      expect(conditional.statusCode).toBe(200);
      expect(conditional.rawPayload.length).toBe(file.bytes.length);

      // Several ranges at once are not served piecemeal: the whole file goes.
      const many = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { range: 'bytes=0-1,5-6' },
      });
      expect(many.statusCode).toBe(200);
      expect(many.rawPayload.length).toBe(file.bytes.length);
    });

    it('a file whose bytes are gone from the store answers 404, never 500', async () => {
      const up = await upload(ctx, owner, audio(1000));
      const { id, url } = up.json() as { id: number; url: string };
      const row = await findAttachmentById(ctx.deps.db, id);
      await fileStoreOf(ctx.deps).remove(row!.storageKey);
      for (const headers of [{}, { range: 'bytes=0-9' }]) {
        const res = await ctx.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'not_found' });
      }
    });

    it('a file over the size limit is refused while it streams, and nothing of it is kept', async () => {
      const before = await storedKeys();
      const big = await upload(ctx, owner, {
        bytes: Buffer.alloc(ATTACHMENT_TOTAL_LIMIT_BYTES + 1, 1),
        name: 'big.bin',
        type: 'application/octet-stream',
      });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ code: 'payload_too_large' });
      expect(await storedKeys()).toEqual(before);
    });

    it("a profile picture and an email's inline image are served by byte range too, 404 when gone", async () => {
      const bytes = Buffer.concat([PNG_SIGNATURE, crypto.randomBytes(600)]);
      const up = await upload(ctx, owner, { bytes, name: 'me.png', type: 'image/png' });
      const { id } = up.json() as { id: number };
      const profile = await as(ctx, owner).patch('/dashboardapi/me/profile', {
        avatar_attachment_id: id,
      });
      expect(profile.statusCode).toBe(200);
      const avatar = profile.json().avatar as string;
      const picture = await ctx.app.inject({ method: 'GET', url: avatar });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers).toMatchObject({
        'content-type': 'image/png',
        'content-disposition': 'inline',
        'x-content-type-options': 'nosniff',
      });
      expect(picture.rawPayload.equals(bytes)).toBe(true);
      const head = await ctx.app.inject({
        method: 'GET',
        url: avatar,
        headers: { range: 'bytes=0-7' },
      });
      expect(head.statusCode).toBe(206);
      expect(head.rawPayload.equals(PNG_SIGNATURE)).toBe(true);

      const store = fileStoreOf(ctx.deps);
      const inline = await store.put(Readable.from([bytes]));
      const inlineUrl = inlineImagePath(ctx.deps, inline.key, 'image/png');
      const image = await ctx.app.inject({
        method: 'GET',
        url: inlineUrl,
        headers: { range: 'bytes=8-' },
      });
      expect(image.statusCode).toBe(206);
      expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(image.rawPayload.equals(bytes.subarray(8))).toBe(true);
      await store.remove(inline.key);
      expect((await ctx.app.inject({ method: 'GET', url: inlineUrl })).statusCode).toBe(404);
      const row = await findAttachmentById(ctx.deps.db, id);
      await store.remove(row!.storageKey);
      expect((await ctx.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
    });

    async function storedKeys() {
      if (name === 'S3') return s3.keys();
      const { readdir } = await import('node:fs/promises');
      const files = await readdir(`${ctx.config.dataDir}/uploads`, { recursive: true }).catch(
        () => [],
      );
      return files.filter((f) => f.length > 2).sort();
    }
  });
}

servedFiles('the data directory', () => ({}));
servedFiles('S3', () => s3.env);

describe('presigned S3 downloads (S3_PRESIGNED_DOWNLOADS=on)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...s3.env,
      S3_PRESIGNED_DOWNLOADS: 'on',
    });
  });
  afterAll(() => ctx.close());

  it('redirect to a short-lived bucket link carrying the same type and disposition', async () => {
    const owner = await signUp(ctx);
    const file = { bytes: Buffer.from('just some notes'), name: 'notes.txt', type: 'text/plain' };
    const { url } = (await upload(ctx, owner, file)).json() as { url: string };
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = res.headers.location as string;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    // A type outside the allow-list leaves as a neutral download, as when the server streams it.
    expect(fetched.headers.get('content-type')).toBe('application/octet-stream');
    expect(fetched.headers.get('content-disposition')).toMatch(/^attachment; filename="notes.txt"/);
    expect(await fetched.text()).toBe('just some notes');
  });
});
