import {
  ATTACHMENT_TOTAL_LIMIT_BYTES,
  ATTACHMENT_UPLOAD_PATH,
  MAX_ATTACHMENTS_PER_MESSAGE,
  type Attachment,
} from '@parley/contracts';
import { t } from '@lingui/core/macro';
import { asErrorPayload, genericErrorMessage, networkErrorMessage } from './api-error';
import { formatNumber } from './format';
import { http, type CancelablePromise } from './request';

/**
 * The attachment upload form of docs/product/data.md (POST /attachment/, multipart: file, file_name,
 * is_embedded, size, content_type); the answer carries the id that a reply or a fast-reply
 * template then sends in `attachment_ids`. Shared by the composer and the fast-reply page.
 */
export function uploadAttachment(
  file: File,
  options: { myshopifyDomain?: string; isEmbedded?: boolean } = {},
): CancelablePromise<Attachment> {
  return http.multipart<Attachment>(
    ATTACHMENT_UPLOAD_PATH,
    {
      file,
      file_name: file.name,
      is_embedded: options.isEmbedded ?? false,
      size: file.size,
      content_type: file.type || 'application/octet-stream',
    },
    options.myshopifyDomain ? { query: { myshopify_domain: options.myshopifyDomain } } : {},
  );
}

/** docs/product/validation.md, docs/product/limits.md wording of the 18 MB total. */
export const attachmentLimitMessage = () =>
  t`Maximum attachment size limit of 18MB exceeded. Please remove some attachments.`;
export const stillUploadingMessage = () => t`Some attachments are still uploading`;
export const tooManyAttachmentsMessage = () =>
  t`Attach at most ${MAX_ATTACHMENTS_PER_MESSAGE} files.`;

/** Why adding these files would break the limits (count, 18 MB total), or null when they fit. */
export function attachmentLimitProblem(
  current: Array<{ size: number }>,
  adding: Array<{ size: number }>,
): string | null {
  if (current.length + adding.length > MAX_ATTACHMENTS_PER_MESSAGE) {
    return tooManyAttachmentsMessage();
  }
  const total = [...current, ...adding].reduce((sum, file) => sum + file.size, 0);
  return total > ATTACHMENT_TOTAL_LIMIT_BYTES ? attachmentLimitMessage() : null;
}

/** A failed upload in words: the server's own sentence for 413 (too large) and 415 (file type). */
export function uploadErrorText(error: unknown): string {
  const payload = asErrorPayload(error);
  if (!payload) return genericErrorMessage();
  if (payload.code === 'network_error') return networkErrorMessage();
  if (payload.status === 413) {
    return payload.code === 'payload_too_large' ? payload.message : attachmentLimitMessage();
  }
  if (payload.status === 415 && payload.code !== 'unsupported_media_type') {
    return t`That type of file cannot be attached.`;
  }
  return payload.message;
}

/** 1234567 → "1.2 MB" (1 MB = 1,000,000 bytes, docs/product/limits.md). */
export function formatFileSize(bytes: number): string {
  // The units are the same short symbols in every language; the number is the language's.
  const number = (value: number, digits = 0) =>
    formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  if (bytes >= 1_000_000) return `${number(bytes / 1_000_000, 1)} MB`;
  if (bytes >= 1_000) return `${number(Math.round(bytes / 1_000))} KB`;
  return `${number(bytes)} B`;
}
