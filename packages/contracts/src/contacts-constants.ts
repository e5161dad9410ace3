/**
 * The Contacts area (/contacts): the list's sorts and page sizes, and the limits of a contact's
 * custom attributes. Zod-free, so the web app's pages use them without the schemas.
 */
export const CONTACT_SORTS = ['newest', 'name', 'last_activity'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

/** Contacts per page of the list unless asked otherwise; at most CONTACT_PAGE_MAX. */
export const CONTACT_PAGE_SIZE = 50;
export const CONTACT_PAGE_MAX = 100;

/** Custom attributes: a flat map of text keys to text values, kept small. */
export const CONTACT_ATTRIBUTE_LIMITS = {
  count: 50,
  keyLength: 64,
  valueLength: 500,
} as const;

/** Longest name, email or phone a contact may have. */
export const CONTACT_FIELD_MAX = 200;

export const CONTACT_PATHS = {
  list: '/dashboardapi/contacts',
  exportCsv: '/dashboardapi/contacts/export.csv',
  one: (id: number) => `/dashboardapi/contacts/${id}`,
  merge: (id: number) => `/dashboardapi/contacts/${id}/merge`,
} as const;
