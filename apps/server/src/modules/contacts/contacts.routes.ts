import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTACT_PATHS,
  contactDetail,
  contactIdParams,
  contactListFilters,
  contactListQuery,
  contactListResponse,
  contactMergeBody,
  contactMergeResponse,
  contactPatch,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
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
  };
