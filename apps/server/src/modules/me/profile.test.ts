import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, meSchema } from '@parley/contracts';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';
import { sniffImageType } from './avatar.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

/** The attachment upload form (docs/product/data.md), as the profile page sends it. */
async function upload(s: Session, file: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  form.append('file_name', file.name);
  form.append('size', String(file.bytes.length));
  form.append('content_type', file.type);
  form.append('is_embedded', 'false');
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
  return res.json() as { id: number };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size = 512) => ({
  bytes: Buffer.concat([PNG_SIGNATURE, crypto.randomBytes(size)]),
  name: 'me.png',
  type: 'image/png',
});

const patchProfile = (s: Session, body: unknown) =>
  as(ctx, s).patch('/dashboardapi/me/profile', body);

describe('PATCH /dashboardapi/me/profile', () => {
  it('changes name, colour and notification sound, and Me reflects them (initials too)', async () => {
    const s = await signUp(ctx, { name: 'Ada Agent' });
    const res = await patchProfile(s, {
      name: '  Grace Hopper ',
      profile_color: '#13A8A8',
      notification_sound: 3,
      is_notification_sound_enabled: false,
    });
    expect(res.statusCode).toBe(200);
    expect(meSchema.parse(res.json())).toMatchObject({
      name: 'Grace Hopper',
      initials: 'GH',
      profile_color: '#13a8a8',
      notification_sound: 3,
      is_notification_sound_enabled: false,
    });
    const me = (await as(ctx, s).get('/dashboardapi/me')).json();
    expect(me).toMatchObject({
      name: 'Grace Hopper',
      profile_color: '#13a8a8',
      notification_sound: 3,
    });

    // null goes back to the account's live_chat_notification_sound.
    const back = await patchProfile(s, { notification_sound: null });
    expect(back.json().notification_sound).toBeNull();
  });

  it("a new user follows the browser's language and the device's theme; both can be chosen and reset", async () => {
    const s = await signUp(ctx, { name: 'Lena Locale' });
    const me = (await as(ctx, s).get('/dashboardapi/me')).json();
    expect(me).toMatchObject({ locale: null, theme: 'system' });

    const res = await patchProfile(s, { locale: 'pt-BR', theme: 'dark' });
    expect(res.statusCode).toBe(200);
    expect(meSchema.parse(res.json())).toMatchObject({ locale: 'pt-BR', theme: 'dark' });
    expect((await as(ctx, s).get('/dashboardapi/me')).json()).toMatchObject({
      locale: 'pt-BR',
      theme: 'dark',
    });

    const back = await patchProfile(s, { locale: null, theme: 'light' });
    expect(back.json()).toMatchObject({ locale: null, theme: 'light' });
  });

  it('refuses a language the app does not speak and an unknown theme (400 with a reason)', async () => {
    const s = await signUp(ctx, { name: 'Lena Locale' });
    for (const body of [{ locale: 'xx' }, { locale: 'pt' }, { theme: 'sepia' }]) {
      const res = await patchProfile(s, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBeTruthy();
    }
    expect((await as(ctx, s).get('/dashboardapi/me')).json()).toMatchObject({
      locale: null,
      theme: 'system',
    });
  });

  it('the new name and colour show to teammates in the conversation mapping', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    await patchProfile(mate, { name: 'Tariq Renamed', profile_color: '#fa541c' });
    const mapping = (await as(ctx, owner).get('/dashboardapi/conversation/mapping')).json();
    expect(mapping.dc_users).toContainEqual(
      expect.objectContaining({
        id: mate.userId,
        name: 'Tariq Renamed',
        profile_color: '#fa541c',
        initials: 'TR',
      }),
    );
  });

  it.each([
    ['an empty name', { name: '   ' }, 'name'],
    ['a colour that is not #RRGGBB', { profile_color: 'red' }, 'profile_color'],
    ['a sound the app does not have', { notification_sound: 99 }, 'notification_sound'],
    ['an unknown field', { email: 'x@example.com' }, undefined],
    ['nothing to change', {}, undefined],
  ])('refuses %s with 400 and changes nothing', async (_label, body, path) => {
    const s = await signUp(ctx, { name: 'Stay Same' });
    const res = await patchProfile(s, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    // Field problems name their field; a body-wide problem names none.
    expect(res.json().details?.[0]?.path || undefined).toBe(path);
    expect((await as(ctx, s).get('/dashboardapi/me')).json().name).toBe('Stay Same');
  });
});

describe('profile picture (uploaded with the attachment form, served back as a URL)', () => {
  it('an uploaded PNG becomes the avatar; its URL serves the image without credentials', async () => {
    const s = await signUp(ctx);
    const file = png();
    const { id } = await upload(s, file);
    const res = await patchProfile(s, { avatar_attachment_id: id });
    expect(res.statusCode).toBe(200);
    const avatar = res.json().avatar as string;
    expect(avatar).toMatch(new RegExp(`^/dashboardapi/avatars/${id}/[A-Za-z0-9_-]+$`));
    expect((await as(ctx, s).get('/dashboardapi/me')).json().avatar).toBe(avatar);

    const image = await ctx.app.inject({ method: 'GET', url: avatar });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(file.bytes)).toBe(true);

    // A forged signature is refused.
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `/dashboardapi/avatars/${id}/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    });
    expect(forged.statusCode).toBe(404);
  });

  it('replacing or removing the picture stops the old link and deletes the old upload', async () => {
    const s = await signUp(ctx);
    const first = await upload(s, png());
    const oldUrl = (await patchProfile(s, { avatar_attachment_id: first.id })).json().avatar;
    const second = await upload(s, png());
    const newUrl = (await patchProfile(s, { avatar_attachment_id: second.id })).json().avatar;
    expect(newUrl).not.toBe(oldUrl);
    expect((await ctx.app.inject({ method: 'GET', url: oldUrl })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: newUrl })).statusCode).toBe(200);
    // The old upload is gone: it cannot be chosen again.
    const reuse = await patchProfile(s, { avatar_attachment_id: first.id });
    expect(reuse.statusCode).toBe(400);

    const removed = await patchProfile(s, { avatar_attachment_id: null });
    expect(removed.json().avatar).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: newUrl })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image (415), an image that lies about its type (415) and one over 2 MB (413)', async () => {
    const s = await signUp(ctx);
    const pdf = await upload(s, {
      bytes: Buffer.from('%PDF-1.7\n' + 'x'.repeat(100)),
      name: 'cv.pdf',
      type: 'application/pdf',
    });
    const notImage = await patchProfile(s, { avatar_attachment_id: pdf.id });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toMatchObject({
      code: 'unsupported_media_type',
      message: 'Choose a PNG, JPEG, GIF or WebP image for your profile picture.',
    });

    const fake = await upload(s, {
      bytes: Buffer.from('<script>alert(1)</script>'),
      name: 'x.png',
      type: 'image/png',
    });
    expect((await patchProfile(s, { avatar_attachment_id: fake.id })).statusCode).toBe(415);

    const big = await upload(s, png(AVATAR_MAX_BYTES));
    const tooBig = await patchProfile(s, { avatar_attachment_id: big.id });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().code).toBe('payload_too_large');
    expect((await as(ctx, s).get('/dashboardapi/me')).json().avatar).toBeNull();
  });

  it("refuses another person's upload and another account's upload (cross-account: 400, nothing changes)", async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const mine = await upload(owner, png());
    const byTeammate = await patchProfile(mate, { avatar_attachment_id: mine.id });
    expect(byTeammate.statusCode).toBe(400);

    const stranger = await signUp(ctx, { account_name: 'Elsewhere' });
    const crossAccount = await patchProfile(stranger, { avatar_attachment_id: mine.id });
    expect(crossAccount.statusCode).toBe(400);
    expect((await as(ctx, stranger).get('/dashboardapi/me')).json().avatar).toBeNull();

    // Naming another account in x-dc-account-id is refused outright.
    const asOther = await as(ctx, { ...stranger, accountId: owner.accountId }).patch(
      '/dashboardapi/me/profile',
      { name: 'Mallory' },
    );
    expect(asOther.statusCode).toBe(403);
    expect(asOther.json().code).toBe('not_a_member');
  });

  it('recognises PNG, JPEG, GIF and WebP by their bytes', () => {
    expect(sniffImageType(Buffer.concat([PNG_SIGNATURE, Buffer.alloc(8)]))).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a......'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
  });
});
