import path from 'node:path';
import { Readable } from 'node:stream';
import {
  ATTACHMENT_TOTAL_LIMIT_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  type Attachment,
  type Message,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { apiText, AppError, badRequest } from '../../lib/errors';
import type { FileStore } from '../../lib/file-store';
import { fileStoreFor } from '../../lib/file-store-choice';
import type { AgentContext } from '../../lib/http-types';
import {
  attachmentsOfMessages,
  claimAttachments,
  insertAttachment,
  unclaimedAttachments,
  type AttachmentRow,
} from './attachments.queries';

/** Download links stay valid this long; lists are re-signed on every read. */
const LINK_LIFETIME_S = 24 * 60 * 60;
const SIGN_PURPOSE = 'attachment-download';

/**
 * Types a browser could run or render as a page on our origin (FreeScout GHSA-fffc-phh8-5h4v,
 * Chatwoot CVE-2021-3741): refused outright, whatever the extension claims. Every JavaScript MIME
 * type of the WHATWG MIME Sniffing standard is among them — `<script src>` runs any of those.
 */
const REFUSED_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/x-ecmascript',
  'text/javascript',
  'text/ecmascript',
  'text/x-javascript',
  'text/x-ecmascript',
  'text/jscript',
  'text/livescript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'application/x-msdownload',
  'application/x-sh',
  'application/java-archive',
]);
const REFUSED_EXTENSIONS = new Set([
  '.html',
  '.htm',
  '.shtml',
  '.xhtml',
  '.xht',
  '.svg',
  '.svgz',
  '.js',
  '.mjs',
  '.cjs',
  '.exe',
  '.msi',
  '.bat',
  '.cmd',
  '.com',
  '.scr',
  '.ps1',
  '.vbs',
  '.jar',
  '.sh',
  '.hta',
  '.dll',
]);

/**
 * The only types a download is served as, and shown inline: raster images, PDF, audio and video.
 * Anything else leaves as an `application/octet-stream` attachment, so the type a client claimed
 * at upload never decides what a browser does with the bytes (docs/security.md, uploads).
 */
const INLINE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'application/pdf',
  'audio/mpeg',
  'audio/mp4',
  'audio/ogg',
  'audio/wav',
  'audio/webm',
  'audio/aac',
  'video/mp4',
  'video/webm',
  'video/ogg',
  'video/quicktime',
]);

/** How a stored file is served: its own type inline when allow-listed, else a neutral download. */
export function servedAs(storedType: string): { contentType: string; inline: boolean } {
  const type = cleanContentType(storedType);
  return INLINE_TYPES.has(type)
    ? { contentType: type, inline: true }
    : { contentType: 'application/octet-stream', inline: false };
}

/**
 * The extension a file system or browser would act on: Unicode-normalised, lower-cased, without
 * the trailing dots and spaces Windows drops (`page.html.` is `page.html`).
 */
export function effectiveExtension(fileName: string): string {
  const normal = fileName
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[.\s]+$/u, '');
  return path.extname(normal);
}

/** The store every file goes to: S3 when S3_BUCKET is set, else `DATA_DIR/uploads`. */
export function fileStoreOf(deps: Pick<Deps, 'config'>): FileStore {
  return fileStoreFor(deps.config);
}

/** A file name safe to show and to send back in Content-Disposition. */
function cleanFileName(raw: string | undefined): string {
  const base = path
    .basename((raw ?? '').replace(/\\/g, '/'))
    // oxlint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f"]/g, '');
  return base.trim().slice(0, 200) || 'file';
}

/** Refuses files a browser could run (415), by type or by extension. */
function refuseRunnable(fileName: string, contentType: string) {
  if (REFUSED_TYPES.has(contentType) || REFUSED_EXTENSIONS.has(effectiveExtension(fileName))) {
    throw new AppError(
      415,
      'unsupported_media_type',
      apiText(
        'Files like "{fileName}" cannot be attached, because they could run code. Zip the file or send a PDF or image instead.',
        { fileName },
      ),
    );
  }
}

function cleanContentType(raw: string | undefined) {
  return (raw ?? 'application/octet-stream').toLowerCase().split(';')[0]!.trim();
}

/** A customer's file that came inside a channel's payload, stored before its message is. */
export interface InboundFile {
  key: string;
  fileName: string;
  contentType: string;
  size: number;
  /** An inline image of the message's HTML (an email's cid: part). */
  isEmbedded?: boolean | undefined;
}

/**
 * Checks and stores files sent inline (base64) with an inbound message: the same refusals and
 * limits as uploads. All or nothing: on any refusal, what was stored is removed.
 */
export async function storeInboundFiles(
  deps: Deps,
  files: { file_name: string; content_type?: string | undefined; data: string }[],
): Promise<InboundFile[]> {
  if (files.length > MAX_ATTACHMENTS_PER_MESSAGE)
    throw badRequest(apiText('Attach at most {max} files.', { max: MAX_ATTACHMENTS_PER_MESSAGE }));
  const decoded = files.map((f, i) => {
    const fileName = cleanFileName(f.file_name);
    const contentType = cleanContentType(f.content_type);
    refuseRunnable(fileName, contentType);
    const bytes = Buffer.from(f.data, 'base64');
    if (bytes.length === 0)
      throw badRequest(
        apiText('Attachment {number} ("{fileName}") is empty or not base64.', {
          number: i + 1,
          fileName,
        }),
        { [`message.attachments.${i}.data`]: 'Empty or not base64.' },
      );
    return { fileName, contentType, bytes };
  });
  if (decoded.reduce((sum, f) => sum + f.bytes.length, 0) > ATTACHMENT_TOTAL_LIMIT_BYTES)
    throw tooLarge();
  const store = fileStoreOf(deps);
  const stored: InboundFile[] = [];
  try {
    for (const f of decoded) {
      const { key, size } = await store.put(Readable.from([f.bytes]));
      stored.push({ key, size, fileName: f.fileName, contentType: f.contentType });
    }
  } catch (err) {
    await removeInboundFiles(deps, stored);
    throw err;
  }
  return stored;
}

export async function removeInboundFiles(deps: Deps, files: InboundFile[]) {
  const store = fileStoreOf(deps);
  await Promise.all(files.map((f) => store.remove(f.key)));
}

export interface StoredUpload {
  key: string;
  size: number;
  /** The multipart stream hit the size limit: the stored bytes are incomplete. */
  truncated: boolean;
  fileName: string | undefined;
  contentType: string | undefined;
  isEmbedded: boolean;
}

/**
 * Attachment upload (docs/product/data.md): the bytes were streamed to the store already (the form's fields may
 * come after the file); this checks them and records the attachment, or removes the bytes.
 */
export async function recordUpload(
  deps: Deps,
  // An agent, or a live-chat visitor (userId null; the widget module records who uploaded it).
  uploader: Pick<AgentContext, 'accountId'> & { userId: number | null },
  upload: StoredUpload,
) {
  const store = fileStoreOf(deps);
  const fileName = cleanFileName(upload.fileName);
  const contentType = cleanContentType(upload.contentType);
  try {
    refuseRunnable(fileName, contentType);
    if (upload.truncated) throw tooLarge();
    if (upload.size === 0) throw badRequest('That file is empty.', { file: 'The file is empty.' });
  } catch (err) {
    await store.remove(upload.key);
    throw err;
  }
  const row = await insertAttachment(deps.db, {
    accountId: uploader.accountId,
    uploadedByUserId: uploader.userId,
    fileName,
    contentType,
    size: upload.size,
    isEmbedded: upload.isEmbedded,
    storageKey: upload.key,
  });
  return toAttachment(deps, row);
}

export const tooLarge = () =>
  new AppError(
    413,
    'payload_too_large',
    apiText('Attachments may add up to {megabytes} MB per message.', {
      megabytes: ATTACHMENT_TOTAL_LIMIT_BYTES / 1_000_000,
    }),
  );

/**
 * Checks the uploads a message wants to carry: the caller's own account, not used yet, at most
 * 18 MB together (docs/product/limits.md). Answers their ids for `claimForMessage` inside the message's transaction.
 */
export async function checkAttachmentsForMessage(db: Db, accountId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_ATTACHMENTS_PER_MESSAGE)
    throw badRequest(apiText('Attach at most {max} files.', { max: MAX_ATTACHMENTS_PER_MESSAGE }));
  const rows = await unclaimedAttachments(db, { accountId, ids: unique });
  if (rows.length !== unique.length)
    throw badRequest(
      'One of the attachments was not found or is already on another message. Upload it again.',
      {
        attachment_ids: 'Unknown or already used attachment.',
      },
    );
  if (rows.reduce((sum, r) => sum + r.size, 0) > ATTACHMENT_TOTAL_LIMIT_BYTES) throw tooLarge();
  return unique;
}

export async function claimForMessage(
  db: Db,
  { accountId, ids, messageId }: { accountId: number; ids: number[]; messageId: number },
) {
  const claimed = await claimAttachments(db, { accountId, ids, messageId });
  if (claimed !== ids.length)
    throw badRequest('One of the attachments is already on another message. Upload it again.');
}

export function signedDownloadPath(deps: Deps, id: number, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + LINK_LIFETIME_S;
  const sig = deps.secrets.sign(SIGN_PURPOSE, `${id}.${exp}`);
  return `/dashboardapi/attachments/${id}/download?exp=${exp}&sig=${sig}`;
}

export function verifyDownload(deps: Deps, id: number, exp: number, sig: string): boolean {
  return exp * 1000 > Date.now() && deps.secrets.verify(SIGN_PURPOSE, `${id}.${exp}`, sig);
}

export function toAttachment(deps: Deps, row: AttachmentRow): Attachment {
  return {
    id: row.id,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.size,
    is_embedded: row.isEmbedded,
    url: signedDownloadPath(deps, row.id),
  };
}

/** The messages with their attachments (signed links), loaded in one query. */
export async function attachFiles<M extends Message>(deps: Deps, accountId: number, list: M[]) {
  const rows = await attachmentsOfMessages(deps.db, {
    accountId,
    messageIds: list.map((m) => m.id),
  });
  if (rows.length === 0) return list;
  const byMessage = new Map<number, Attachment[]>();
  for (const row of rows) {
    const files = byMessage.get(row.messageId!) ?? [];
    files.push(toAttachment(deps, row));
    byMessage.set(row.messageId!, files);
  }
  return list.map((m) => ({ ...m, attachments: byMessage.get(m.id) ?? [] }));
}

export async function attachFilesTo<M extends Message>(deps: Deps, accountId: number, message: M) {
  return (await attachFiles(deps, accountId, [message]))[0]!;
}

// Reads other modules may use: they come through this service, never through attachments.queries.ts.
export { attachmentsOfMessages, findAttachment, findAttachmentById } from './attachments.queries';
export type { AttachmentRow } from './attachments.queries';
