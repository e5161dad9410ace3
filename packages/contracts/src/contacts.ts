import { z } from 'zod';
import { schemaText } from './errors';
import { CHANNEL_TYPES } from './constants';
import { CONVERSATION_STATUSES } from './inbox-constants';
import {
  CONTACT_ATTRIBUTE_LIMITS,
  CONTACT_FIELD_MAX,
  CONTACT_PAGE_MAX,
  CONTACT_PAGE_SIZE,
  CONTACT_SORTS,
} from './contacts-constants';
import { isValidEmail } from './validators';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * GET /dashboardapi/contacts (and export.csv): `search` matches the start of a name, an email, a
 * phone number (its digits) or a channel identifier, letter case aside.
 */
export const contactListFilters = z.object({
  search: z.string().trim().max(CONTACT_FIELD_MAX).optional(),
  sort: z.enum(CONTACT_SORTS).default('newest'),
});
export type ContactListFilters = z.infer<typeof contactListFilters>;

export const contactListQuery = contactListFilters.extend({
  /** `next_cursor` of the page before. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(CONTACT_PAGE_MAX).default(CONTACT_PAGE_SIZE),
});
export type ContactListQuery = z.infer<typeof contactListQuery>;

const channelType = z.enum(CHANNEL_TYPES);

export const contactListItem = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  created_at: z.string(),
  /** The newest activity of any of the contact's conversations; null without conversations. */
  last_activity_at: z.string().nullable(),
  conversation_count: z.number().int(),
  /** The kinds of channel the contact is known on (identities and conversations), sorted. */
  channel_types: z.array(channelType),
});
export type ContactListItem = z.infer<typeof contactListItem>;

export const contactListResponse = z.object({
  items: z.array(contactListItem),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ContactListResponse = z.infer<typeof contactListResponse>;

export const contactIdentity = z.object({
  id: z.number().int(),
  /** email, phone, psid, visitor… as the channel knows the person. */
  kind: z.string(),
  value: z.string(),
  support_channel_id: z.number().int().nullable(),
  channel_type: channelType.nullable(),
  channel_name: z.string().nullable(),
  created_at: z.string(),
});
export type ContactIdentity = z.infer<typeof contactIdentity>;

export const contactConversation = z.object({
  id: z.number().int(),
  subject: z.string().nullable(),
  status: z.enum(CONVERSATION_STATUSES),
  support_channel_id: z.number().int(),
  channel_type: channelType,
  channel_name: z.string(),
  last_message_at: z.string(),
  created_at: z.string(),
});
export type ContactConversation = z.infer<typeof contactConversation>;

/** Stored attributes as they are: the widget may also have set numbers and yes/no values. */
const attributeValue = z.union([z.string(), z.number(), z.boolean()]);

export const contactDetail = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  attributes: z.record(z.string(), attributeValue),
  created_at: z.string(),
  identities: z.array(contactIdentity),
  /** Newest activity first. */
  conversations: z.array(contactConversation),
});
export type ContactDetail = z.infer<typeof contactDetail>;

export const contactIdParams = z.object({ id });

/** An optional text field: blank clears it. */
const field = (
  max = CONTACT_FIELD_MAX,
  tooLong = schemaText(`At most ${CONTACT_FIELD_MAX} characters.`),
) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullable()
    .transform((v) => (v ? v : null));

/** Custom attributes: a flat map of text to text (CONTACT_ATTRIBUTE_LIMITS). */
export const contactAttributes = z
  .record(
    z
      .string()
      .trim()
      .min(1, 'An attribute needs a name.')
      .max(
        CONTACT_ATTRIBUTE_LIMITS.keyLength,
        `An attribute name has at most ${CONTACT_ATTRIBUTE_LIMITS.keyLength} characters.`,
      ),
    z
      .string()
      .max(
        CONTACT_ATTRIBUTE_LIMITS.valueLength,
        `An attribute value has at most ${CONTACT_ATTRIBUTE_LIMITS.valueLength} characters.`,
      ),
  )
  .refine(
    (r) => Object.keys(r).length <= CONTACT_ATTRIBUTE_LIMITS.count,
    `A contact has at most ${CONTACT_ATTRIBUTE_LIMITS.count} attributes.`,
  );

/** PATCH /dashboardapi/contacts/{id}: the fields sent change; `attributes` replaces the map. */
export const contactPatch = z
  .object({
    name: field(),
    email: field(254, schemaText('At most 254 characters.')).refine(
      (v) => v === null || isValidEmail(v),
      'Enter a valid email address.',
    ),
    phone: field(40, schemaText('At most 40 characters.')).refine(
      (v) => v === null || /^\+?[\d\s().-]{4,40}$/.test(v),
      'Enter a phone number: digits, spaces, dashes and a leading +.',
    ),
    attributes: contactAttributes,
  })
  .partial()
  .strict();
export type ContactPatch = z.input<typeof contactPatch>;

/** POST /dashboardapi/contacts/{id}/merge: this contact is merged into `into_contact_id`. */
export const contactMergeBody = z.object({ into_contact_id: id }).strict();
export type ContactMergeBody = z.infer<typeof contactMergeBody>;

export const contactMergeResponse = z.object({
  contact: contactDetail,
  moved_conversations: z.number().int(),
  moved_identities: z.number().int(),
});
export type ContactMergeResponse = z.infer<typeof contactMergeResponse>;
