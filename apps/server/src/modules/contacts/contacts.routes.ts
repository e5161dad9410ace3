import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTACT_IMPORT_LIMITS,
  CONTACT_IMPORT_PATHS,
  CONTACT_PATHS,
  contactDetail,
  contactImportIdParams,
  contactImportPreview,
  contactImportProgress,
  contactImportStartBody,
  contactIdParams,
  contactListFilters,
  contactListQuery,
  contactListResponse,
  contactMergeBody,
  contactMergeResponse,
  contactPatch,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { agentOf, requireAdmin } from '../../plugins/auth';
import {
  CONTACT_IMPORT_CLEANUP_JOB,
  CONTACT_IMPORT_JOB,
  contactImportCleanupJob,
  contactImportErrorsCsv,
  contactImportJob,
  getContactImport,
  previewContactImport,
  startContactImport,
} from './contacts-import.service';
import {
  editContact,
  exportContactsCsv,
  getContact,
  listContacts,
  mergeContact,
} from './contacts.service';

const tags = ['contacts'];

/** Contacts (/contacts): every member of the account may find, edit and merge its contacts. */
export const contactsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    deps.jobs.register(CONTACT_IMPORT_JOB, contactImportJob(deps));
    deps.jobs.register(CONTACT_IMPORT_CLEANUP_JOB, contactImportCleanupJob(deps));
    // Scoped to this plugin: the CSV upload of an import.
    await app.register(fastifyMultipart, {
      limits: { fileSize: CONTACT_IMPORT_LIMITS.bytes, files: 1, fields: 5, fieldSize: 1000 },
    });

    app.get(
      CONTACT_PATHS.list,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The account’s contacts, a page at a time',
          description:
            '`search` matches the start of a name (any word), an email, a phone number’s digits ' +
            'or a channel identifier, letter case aside. `sort`: newest (default), name (A→Z) or ' +
            'last_activity. Each contact comes with its number of conversations and the kinds of ' +
            'channel it is known on. Pass `next_cursor` as `cursor` for the next page.',
          querystring: contactListQuery,
          response: { 200: contactListResponse },
        },
      },
      async (request) => listContacts(deps, agentOf(request), request.query),
    );

    app.get(
      CONTACT_PATHS.exportCsv,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The filtered contact list as CSV',
          description:
            'The same `search` and `sort` as the list, every matching contact: name, email, ' +
            'phone, channels (separated by "; "), conversations, created (ISO 8601). Streamed.',
          querystring: contactListFilters,
          produces: ['text/csv'],
        },
      },
      async (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="contacts.csv"')
          .header('cache-control', 'no-store')
          .send(exportContactsCsv(deps, agentOf(request), request.query)),
    );

    app.get(
      '/dashboardapi/contacts/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'A contact: profile, custom attributes, every identity and conversation',
          params: contactIdParams,
          response: { 200: contactDetail },
        },
      },
      async (request) => getContact(deps, agentOf(request), request.params.id),
    );

    app.patch(
      '/dashboardapi/contacts/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Edit a contact’s name, email, phone or custom attributes',
          description:
            'Fields sent change; blank clears a field; `attributes` replaces the whole map ' +
            '(text keys and values). An email another contact of the account has answers 409 ' +
            '`email_taken`: merge the two instead.',
          params: contactIdParams,
          body: contactPatch,
          response: { 200: contactDetail },
        },
      },
      async (request) => editContact(deps, agentOf(request), request.params.id, request.body),
    );

    app.post(
      '/dashboardapi/contacts/:id/merge',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Merge this contact into another one',
          description:
            'Moves every identity and conversation to `into_contact_id` in one transaction, fills ' +
            'its empty fields, merges attributes (the kept contact’s win), deletes this contact ' +
            'and adds an activity line to each moved conversation. Answers the kept contact.',
          params: contactIdParams,
          body: contactMergeBody,
          response: { 200: contactMergeResponse },
        },
      },
      async (request) => mergeContact(deps, agentOf(request), request.params.id, request.body),
    );

    app.post(
      CONTACT_IMPORT_PATHS.preview,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Import, step 1: upload a CSV of contacts (owners and admins)',
          description:
            'multipart/form-data with one `file` (UTF-8 CSV; `,`, `;` or tab, found from the header ' +
            'row; quoted fields; a BOM is fine). At most 100,000 rows and 20 MB (400 ' +
            '`csv_too_large`); a file that is not CSV answers 400 `csv_invalid`. Answers the header, ' +
            'the first 5 rows, the number of rows, a suggested mapping and `upload_id`, which step 2 ' +
            'names (valid one hour, this account only) so the file is not sent twice.',
          consumes: ['multipart/form-data'],
          response: { 200: contactImportPreview },
        },
      },
      async (request) => {
        const agent = requireAdmin(request);
        if (!request.isMultipart())
          throw new AppError(
            415,
            'unsupported_media_type',
            'Send the CSV file as multipart/form-data.',
          );
        let preview = null;
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file' || preview) continue;
            preview = await previewContactImport(deps, agent, {
              stream: part.file,
              fileName: part.filename,
              truncated: () => part.file.truncated,
            });
          }
        } catch (err) {
          if (err instanceof AppError) throw err;
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(
              400,
              'csv_too_large',
              'The file is larger than 20 MB. Split it into smaller files.',
            );
          throw badRequest('The upload could not be read. Please try again.');
        }
        if (!preview) throw badRequest('Choose a CSV file to import.', { file: 'Required.' });
        return preview;
      },
    );

    app.post(
      CONTACT_IMPORT_PATHS.start,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Import, step 2: import the uploaded CSV with this mapping (owners and admins)',
          description:
            '`mapping`: column index → `name`, `first_name`, `last_name`, `email`, `phone` or ' +
            '`{attribute: name}` (a custom attribute); unmapped columns are skipped, and Email or ' +
            'Phone must be mapped. Runs as a job: each row updates the contact the account knows ' +
            'by that email (else phone) — a customer who wrote in included — or creates one, so ' +
            'importing the same file again creates nobody twice. Rows that cannot be imported are ' +
            'reported with their row number and the reason. Answers 202 with the progress.',
          body: contactImportStartBody,
          response: { 202: contactImportProgress },
        },
      },
      async (request, reply) => {
        const progress = await startContactImport(deps, requireAdmin(request), request.body);
        return reply.status(202).send(progress);
      },
    );

    app.get(
      '/dashboardapi/contacts/imports/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'An import’s progress, counts and failed rows (owners and admins)',
          params: contactImportIdParams,
          response: { 200: contactImportProgress },
        },
      },
      async (request) => getContactImport(deps, requireAdmin(request), request.params.id),
    );

    app.get(
      '/dashboardapi/contacts/imports/:id/errors.csv',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'An import’s failed rows as CSV: row, reason (owners and admins)',
          params: contactImportIdParams,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const csv = await contactImportErrorsCsv(deps, requireAdmin(request), request.params.id);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="import-${request.params.id}-errors.csv"`,
          )
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
