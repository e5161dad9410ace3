import type { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '@parley/contracts';
import { attachments, users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, apiText, badRequest } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { findAttachment, findAttachmentById } from '../attachments/attachments.service';
import { RangeNotSatisfiableError } from '../../lib/file-store';
import { fileStoreOf } from '../attachments/attachments.service';

/**
 * Profile pictures. The picture is uploaded with the attachment form (docs/product/data.md) like any file,
 * then chosen with PATCH /dashboardapi/me/profile. The user's `avatar` is then a stable link,
 * `/dashboardapi/avatars/{attachment id}/{signature}`: it works from <img src> without
 * credentials, and stops working once the person picks another picture.
 */
const SIGN_PURPOSE = 'avatar';
const AVATAR_PATH = /^\/dashboardapi\/avatars\/(\d{1,10})\/[A-Za-z0-9_-]+$/;

export function avatarPath(deps: Deps, attachmentId: number): string {
  return `/dashboardapi/avatars/${attachmentId}/${deps.secrets.sign(SIGN_PURPOSE, String(attachmentId))}`;
}

export function verifyAvatarSignature(deps: Deps, attachmentId: number, sig: string): boolean {
  return deps.secrets.verify(SIGN_PURPOSE, String(attachmentId), sig);
}

/** The attachment behind an avatar link we issued, or null for anything else. */
export function avatarAttachmentId(avatar: string | null): number | null {
  const match = avatar ? AVATAR_PATH.exec(avatar) : null;
  return match ? Number(match[1]) : null;
}

/** The first bytes of a stored file. */
async function head(stream: Readable, n = 16): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= n) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, n);
}

/** What the bytes really are, among the picture types we accept. */
export function sniffImageType(b: Buffer): (typeof AVATAR_CONTENT_TYPES)[number] | null {
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const ascii = b.toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const notAPicture = () =>
  new AppError(
    415,
    'unsupported_media_type',
    'Choose a PNG, JPEG, GIF or WebP image for your profile picture.',
    [{ path: 'avatar_attachment_id', message: 'Choose a PNG, JPEG, GIF or WebP image.' }],
  );

/**
 * Checks that an upload can become the caller's picture: their own unused upload in this
 * account, a raster image (declared type and actual bytes agree) of at most 2 MB.
 * Answers the link to store in users.avatar.
 */
export async function avatarFromUpload(deps: Deps, agent: AgentContext, attachmentId: number) {
  const row = await findAttachment(deps.db, { accountId: agent.accountId, id: attachmentId });
  if (
    !row ||
    row.uploadedByUserId !== agent.userId ||
    row.messageId !== null ||
    row.fastReplyId !== null
  ) {
    throw badRequest('That picture was not found. Upload it again.', [
      { path: 'avatar_attachment_id', message: 'Upload the picture again.' },
    ]);
  }
  if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(row.contentType)) throw notAPicture();
  if (row.size > AVATAR_MAX_BYTES) {
    throw new AppError(
      413,
      'payload_too_large',
      apiText('A profile picture may be at most {size} MB.', {
        size: AVATAR_MAX_BYTES / 1_000_000,
      }),
      [{ path: 'avatar_attachment_id', message: 'The picture is larger than 2 MB.' }],
    );
  }
  // Only the first bytes are read: they say what the file really is.
  const file = await fileStoreOf(deps)
    .open(row.storageKey, { range: { start: 0, end: 15 } })
    .catch((err: unknown) => {
      if (err instanceof RangeNotSatisfiableError) return null;
      throw err;
    });
  if (!file || sniffImageType(await head(file.stream)) !== row.contentType) throw notAPicture();
  return avatarPath(deps, row.id);
}

/**
 * Removes a picture the person no longer uses: only their own upload that no message or
 * template took, and only when no one's profile still shows it.
 */
export async function discardAvatar(deps: Deps, userId: number, avatar: string | null) {
  const id = avatarAttachmentId(avatar);
  if (id === null) return;
  const [inUse] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.avatar, avatar!))
    .limit(1);
  if (inUse) return;
  const [removed] = await deps.db
    .delete(attachments)
    .where(
      and(
        eq(attachments.id, id),
        eq(attachments.uploadedByUserId, userId),
        isNull(attachments.messageId),
        isNull(attachments.fastReplyId),
      ),
    )
    .returning({ storageKey: attachments.storageKey });
  if (removed) await fileStoreOf(deps).remove(removed.storageKey);
}

/** The picture behind an avatar link, while someone's profile shows it. */
export async function findServedAvatar(deps: Deps, attachmentId: number) {
  const [owner] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.avatar, avatarPath(deps, attachmentId)))
    .limit(1);
  if (!owner) return null;
  const row = await findAttachmentById(deps.db, attachmentId);
  if (!row || !(AVATAR_CONTENT_TYPES as readonly string[]).includes(row.contentType)) return null;
  return row;
}
