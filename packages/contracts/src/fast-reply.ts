import { z } from 'zod';
import { attachmentSchema } from './inbox';
import { MAX_ATTACHMENTS_PER_MESSAGE } from './inbox-constants';

/** Fast reply template (docs/product/data.md) (selectedFastReply shape), as the server answers it. */
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
  /** Uploaded first through the attachment upload form (docs/product/data.md). */
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
/** docs/product/api.md: DELETE with a body; it may repeat the id, which must then match. */
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
