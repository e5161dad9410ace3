import { z } from 'zod';
import { attachmentSchema, MAX_ATTACHMENTS_PER_MESSAGE } from './inbox';

/** Spec §7 fast-reply calls. */
export const FAST_REPLY_PATHS = {
  create: '/dashboardapi/fastreply',
  all: '/dashboardapi/fastreply/all',
  /** PATCH and DELETE take `?id={id}`. */
  one: '/dashboardapi/fastreply',
  resolve: '/dashboardapi/fastreply/resolve',
  variables: '/dashboardapi/fastreply/variables/all',
} as const;

/** Spec §3 fast reply template (selectedFastReply shape), as the server answers it. */
export const fastReplySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  template_content: z.string(),
  attachments: z.array(attachmentSchema),
  folder: z.string().nullable(),
  updated_at: z.string(),
});
export type FastReplyTemplate = z.infer<typeof fastReplySchema>;

export const fastReplyListResponse = z.object({
  fast_replies: z.array(fastReplySchema),
  /** Every folder of the account, including empty ones, by name. */
  folders: z.array(z.string()),
});

const folderName = z.string().trim().min(1).max(60, 'Folder names have at most 60 characters.');

export const fastReplyCreateBody = z.strictObject({
  name: z.string().trim().min(1, 'Give the template a name.').max(100),
  template_content: z.string().trim().min(1, 'Write the template text.').max(20_000),
  folder: folderName.nullish(),
  /** Uploaded first through the attachment upload form (spec §3). */
  attachment_ids: z.array(z.number().int().positive()).max(MAX_ATTACHMENTS_PER_MESSAGE).default([]),
  /** Empty folders the person created in the page, kept so they survive a reload. */
  folders: z.array(folderName).max(200).optional(),
});
export type FastReplyCreateBody = z.infer<typeof fastReplyCreateBody>;

export const fastReplyUpdateBody = fastReplyCreateBody
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change.');
export type FastReplyUpdateBody = z.infer<typeof fastReplyUpdateBody>;

export const fastReplyIdQuery = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
/** Spec §7: DELETE with a body; it may repeat the id, which must then match. */
export const fastReplyDeleteBody = z
  .object({ id: z.number().int().positive().optional() })
  .nullish();

export const fastReplyResolveQuery = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  conversation_id: z.coerce.number().int().positive().max(2_147_483_647),
});
/** A template filled in for one conversation; its attachments are fresh copies for one reply. */
export const fastReplyResolveResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
  attachments: z.array(attachmentSchema),
  missing_variables: z.array(z.string()),
});
export type ResolvedFastReply = z.infer<typeof fastReplyResolveResponse>;

export const fastReplyVariable = z.object({
  key: z.string(),
  label: z.string(),
  example: z.string(),
});
export const fastReplyVariablesResponse = z.object({
  variables: z.array(fastReplyVariable),
  /** How to write a variable and its fallback. */
  syntax: z.string(),
});

/**
 * Variables a template can use, written `{{key}}` or `{{key | fallback}}`; the fallback is used
 * when the value is unknown (e.g. `Hi {{customer_first_name | there}}`).
 */
export const FAST_REPLY_VARIABLES = [
  { key: 'customer_name', label: 'Customer name', example: 'Maya Patel' },
  { key: 'customer_first_name', label: 'Customer first name', example: 'Maya' },
  { key: 'customer_email', label: 'Customer email', example: 'maya@example.com' },
  { key: 'customer_phone', label: 'Customer phone', example: '+91 98765 43210' },
  { key: 'agent_name', label: 'Your name', example: 'Sam Agent' },
  { key: 'agent_first_name', label: 'Your first name', example: 'Sam' },
  { key: 'store_name', label: 'Store name', example: 'Northwind Outfitters' },
  { key: 'store_url', label: 'Store domain', example: 'northwind.myshopify.com' },
  { key: 'order_number', label: 'Latest order number', example: '#1042' },
  { key: 'order_status', label: 'Latest order status', example: 'paid, fulfilled' },
  {
    key: 'order_tracking_url',
    label: 'Latest order tracking link',
    example: 'https://track.example/1Z999',
  },
  { key: 'ticket_id', label: 'Ticket id', example: '1234' },
  { key: 'workspace_name', label: 'Workspace name', example: 'Northwind Support' },
] as const;
export type FastReplyVariableKey = (typeof FAST_REPLY_VARIABLES)[number]['key'];

const VARIABLE_PATTERN = /\{\{\s*([a-z_]+)\s*(?:\|\s*([^}]*?)\s*)?\}\}/g;

/**
 * Fills `{{key}}` / `{{key | fallback}}`. Unknown keys stay as written; a known key without a
 * value uses its fallback, or becomes empty and is reported in `missing`.
 */
export function fillTemplate(
  template: string,
  values: Partial<Record<string, string | null | undefined>>,
): { content: string; missing: string[] } {
  const known = new Set<string>(FAST_REPLY_VARIABLES.map((v) => v.key));
  const missing = new Set<string>();
  const content = template.replace(VARIABLE_PATTERN, (whole, key: string, fallback?: string) => {
    if (!known.has(key)) return whole;
    const value = values[key];
    if (value !== undefined && value !== null && value !== '') return value;
    if (fallback !== undefined) return fallback;
    missing.add(key);
    return '';
  });
  return { content, missing: [...missing] };
}
