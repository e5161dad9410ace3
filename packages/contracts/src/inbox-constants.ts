export const CONVERSATION_STATUSES = ['open', 'pending', 'snoozed', 'closed'] as const;
export const PRIORITIES = ['none', 'low', 'medium', 'high', 'urgent'] as const;
export const SORTS = ['newest', 'oldest', 'waiting_longest'] as const;
/**
 * The inbox list's SLA filter (docs/product/saved-views.md): the state of the conversation's clock
 * due first, as its row shows it (docs/product/sla.md) — `breached` past its due time, `due_soon`
 * within its policy's warning minutes, `on_track` running, `paused` waiting on the customer,
 * `none` no clock runs (no policy covers it, or its promises are kept or stopped).
 */
export const SLA_FILTERS = ['breached', 'due_soon', 'on_track', 'paused', 'none'] as const;
export type SlaFilter = (typeof SLA_FILTERS)[number];
export type ConversationSort = (typeof SORTS)[number];

/** Attachment upload form (docs/product/data.md): multipart `file`, with optional `file_name`, `is_embedded`, `size`, `content_type`. */
export const ATTACHMENT_UPLOAD_PATH = '/attachment/';
export const MAX_ATTACHMENTS_PER_MESSAGE = 20;
/** At most this many Cc and this many Bcc addresses on one email reply. */
export const MAX_REPLY_COPIES = 10;

export const MESSAGE_DIRECTIONS = ['incoming', 'outgoing', 'internal'] as const;
/**
 * `reaction`: a customer's emoji on a message (WhatsApp, Messenger, Instagram); its body is the
 * emoji, empty once the reaction was taken back, and `reacted_to` names the message it is on.
 */
export const MESSAGE_KINDS = ['message', 'note', 'activity', 'call', 'reaction'] as const;
/**
 * A stored reaction's provider message id: this prefix, then the provider id of the message it is
 * on — one reaction per customer and message, so a changed emoji replaces the one before.
 */
export const REACTION_ID_PREFIX = 'reaction:';
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;

/** A store's web address: a host name such as `acme.myshopify.com` or `shop.acme.com`. */
export const STORE_DOMAIN_PATTERN =
  /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
