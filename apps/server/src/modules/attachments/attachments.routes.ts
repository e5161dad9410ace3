import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_TOTAL_LIMIT_BYTES,
  ATTACHMENT_UPLOAD_PATH,
  attachmentSchema,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { agentOf } from '../../plugins/auth';
import { findAttachmentById } from './attachments.queries';
import {
  fileStoreOf,
  recordUpload,
  tooLarge,
  servedAs,
  verifyDownload,
  type StoredUpload,
} from './attachments.service';
import { sendStoredFile } from './send-stored-file';

const tags = ['inbox'];
/** How long a presigned bucket link (S3_PRESIGNED_DOWNLOADS) works: enough to start downloading. */
const PRESIGNED_LINK_LIFETIME_S = 5 * 60;
const truthy = (v: string | undefined) => v === 'true' || v === '1' || v === 'on';

export const attachmentsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: ATTACHMENT_TOTAL_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 1000 },
    });

    app.post(
      ATTACHMENT_UPLOAD_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'Attachment upload form (docs/product/data.md) (multipart: file, file_name, is_embedded, size, content_type); answers its id',
          querystring: z.object({ myshopify_domain: z.string().max(255).optional() }),
          consumes: ['multipart/form-data'],
          response: { 201: attachmentSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError(
            415,
            'unsupported_media_type',
            'Send the file as multipart/form-data.',
          );
        const agent = agentOf(request);
        const fields: Record<string, string> = {};
        let stored: Omit<StoredUpload, 'fileName' | 'contentType' | 'isEmbedded'> | null = null;
        let partName: string | undefined;
        let partType: string | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              const put = await fileStoreOf(deps).put(part.file, {
                maxBytes: ATTACHMENT_TOTAL_LIMIT_BYTES,
              });
              stored = { ...put, truncated: part.file.truncated };
              partName = part.filename;
              partType = part.mimetype;
            } else if (typeof part.value === 'string') {
              fields[part.fieldname] = part.value;
            }
          }
        } catch (err) {
          if (stored) await fileStoreOf(deps).remove(stored.key);
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FILE_TOO_LARGE') throw tooLarge();
          throw badRequest('The upload could not be read. Please try again.');
        }
        if (!stored) throw badRequest('Choose a file to upload.', { file: 'Required.' });
        const attachment = await recordUpload(deps, agent, {
          ...stored,
          fileName: fields.file_name || partName,
          contentType: fields.content_type || partType,
          isEmbedded: truthy(fields.is_embedded),
        });
        reply.status(201);
        return attachment;
      },
    );

    app.get(
      '/dashboardapi/attachments/:id/download',
      {
        // The signed, expiring link is the credential: it works from <a href> and <img src>.
        config: { auth: 'public' },
        schema: {
          tags,
          summary:
            'Download an attachment by its signed link (byte ranges supported; with S3_PRESIGNED_DOWNLOADS a redirect to the bucket)',
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          querystring: z.object({
            exp: z.coerce.number().int().positive(),
            sig: z.string().max(100),
          }),
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { exp, sig } = request.query;
        if (!verifyDownload(deps, id, exp, sig))
          throw notFound('That download link was not found.');
        const row = await findAttachmentById(deps.db, id);
        if (!row) throw notFound('That attachment was not found.');
        const served = servedAs(row.contentType);
        const store = fileStoreOf(deps);
        if (deps.config.storage.s3?.presignedDownloads && store.presignedUrl) {
          // The bucket serves the bytes, on its own origin, with the same type and disposition.
          const url = await store.presignedUrl(row.storageKey, {
            fileName: row.fileName,
            contentType: served.contentType,
            inline: served.inline,
            expiresInS: PRESIGNED_LINK_LIFETIME_S,
          });
          return reply.header('cache-control', 'no-store').redirect(url, 302);
        }
        const encoded = encodeURIComponent(row.fileName);
        return sendStoredFile(deps, request, reply, {
          key: row.storageKey,
          notFound: 'That attachment was not found.',
          headers: {
            'content-type': served.contentType,
            'x-content-type-options': 'nosniff',
            'content-security-policy': "default-src 'none'; sandbox",
            'cache-control': 'private, max-age=3600',
            'content-disposition': `${served.inline ? 'inline' : 'attachment'}; filename="${encoded}"; filename*=UTF-8''${encoded}`,
          },
        });
      },
    );
  };
