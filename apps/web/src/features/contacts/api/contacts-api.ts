import {
  CONTACT_PATHS,
  type ContactDetail,
  type ContactListResponse,
  type ContactMergeResponse,
  type ContactSort,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { http, isCanceledRequest } from '../../../lib/request';
import { saveCsv } from '../../../lib/save-csv';

export interface ContactListArgs {
  search?: string;
  sort: ContactSort;
  /** The page after the one that answered this `next_cursor`. */
  cursor?: string;
  limit?: number;
}

/** What an agent may change on a contact; `attributes` replaces the whole map. */
export interface ContactEdit {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  attributes?: Record<string, string>;
}

export const contactsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getContacts: build.query<ContactListResponse, ContactListArgs>({
      query: ({ search, sort, cursor, limit }) => ({
        url: CONTACT_PATHS.list,
        query: { search: search || undefined, sort, cursor, limit },
      }),
      // Contacts change with every inbound message: read afresh whenever the list opens.
      keepUnusedDataFor: 0,
    }),
    getContact: build.query<ContactDetail, number>({
      query: (id) => CONTACT_PATHS.one(id),
      keepUnusedDataFor: 0,
    }),
    updateContact: build.mutation<ContactDetail, { id: number; edit: ContactEdit }>({
      query: ({ id, edit }) => ({ url: CONTACT_PATHS.one(id), method: 'PATCH', body: edit }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => null);
        if (result) dispatch(contactsApi.util.upsertQueryData('getContact', id, result.data));
      },
    }),
    mergeContact: build.mutation<ContactMergeResponse, { id: number; intoId: number }>({
      query: ({ id, intoId }) => ({
        url: CONTACT_PATHS.merge(id),
        method: 'POST',
        body: { into_contact_id: intoId },
      }),
      // The merged contact's conversations now show the kept contact.
      invalidatesTags: ['Conversations', 'Conversation'],
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        // A refusal is shown by the caller; only a merge that happened updates the kept contact.
        const result = await queryFulfilled.catch(() => null);
        if (result)
          dispatch(
            contactsApi.util.upsertQueryData(
              'getContact',
              result.data.contact.id,
              result.data.contact,
            ),
          );
      },
    }),
  }),
});

export const {
  useGetContactsQuery,
  useGetContactQuery,
  useUpdateContactMutation,
  useMergeContactMutation,
} = contactsApi;

/**
 * Downloads the filtered list as CSV. The API wants the session headers, so the file is fetched
 * through the request wrapper and handed to the browser as a download. Answers false when the
 * request was canceled.
 */
export async function downloadContactsCsv(filters: {
  search?: string;
  sort: ContactSort;
}): Promise<boolean> {
  const text = await http.get<string>(CONTACT_PATHS.exportCsv, {
    query: { search: filters.search || undefined, sort: filters.sort },
  });
  if (isCanceledRequest(text)) return false;
  saveCsv(text, 'contacts.csv');
  return true;
}
