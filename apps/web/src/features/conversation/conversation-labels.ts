import { t } from '@lingui/core/macro';
import type { ChannelType, ConversationStatus, Priority } from '@parley/contracts';

/**
 * The one name of each channel type (the channel display names: facebook, instagram,
 * live_chat, widget_livechat, sms, instagram_dm, call, whatsapp_gupshup_isv; plus ours, email and
 * api), wherever a channel is named: the inbox's channel icons, the conversation header and
 * composer, the support channels page. A chat from the live-chat widget is a live_chat or a
 * widget_livechat conversation: both read the same. Read when shown, in the active language;
 * the brands' names stay as they are.
 */
export const CHANNEL_LABELS: Record<ChannelType, () => string> = {
  email: () => t`Email`,
  facebook: () => 'Facebook',
  instagram: () => 'Instagram',
  instagram_dm: () => t`Instagram DM`,
  live_chat: () => t`Live chat`,
  widget_livechat: () => t`Live chat`,
  sms: () => 'SMS',
  call: () => t`Call`,
  whatsapp_gupshup_isv: () => 'WhatsApp',
  api: () => 'API',
};

/** A channel type's name; a type we do not know shows as it is. */
export function channelLabel(type: string): string {
  const label = (CHANNEL_LABELS as Record<string, (() => string) | undefined>)[type];
  return label ? label() : type;
}

/**
 * A conversation's title: its subject; without one, email says so (a mail can lack a subject),
 * while a chat, message or call channel never has subjects and is named by where and with whom
 * it is: "Live chat with Lena", "WhatsApp conversation with Lena", "Calls with +4915…".
 */
export function conversationTitle(
  conversation: { subject: string | null; channel_type: string },
  contactName: string,
): string {
  const subject = conversation.subject?.trim();
  if (subject) return subject;
  const type = conversation.channel_type;
  if (type === 'email') return t`(no subject)`;
  if (type === 'live_chat' || type === 'widget_livechat') return t`Live chat with ${contactName}`;
  if (type === 'call') return t`Calls with ${contactName}`;
  const channel = channelLabel(type);
  return t`${channel} conversation with ${contactName}`;
}

/** A conversation status's name, in the active language. */
export function statusLabel(status: ConversationStatus): string {
  switch (status) {
    case 'open':
      return t({ message: 'Open', context: 'conversation status' });
    case 'pending':
      return t({ message: 'Pending', context: 'conversation status' });
    case 'snoozed':
      return t({ message: 'Snoozed', context: 'conversation status' });
    case 'closed':
      return t({ message: 'Closed', context: 'conversation status' });
  }
}

/** antd preset colours of the status tags: they follow the theme, light or dark. */
export const STATUS_COLORS: Record<ConversationStatus, string> = {
  open: 'blue',
  pending: 'gold',
  snoozed: 'purple',
  closed: 'default',
};

/** A priority's name, in the active language. */
export function priorityLabel(priority: Priority): string {
  switch (priority) {
    case 'none':
      return t({ message: 'No priority', context: 'priority' });
    case 'low':
      return t({ message: 'Low', context: 'priority' });
    case 'medium':
      return t({ message: 'Medium', context: 'priority' });
    case 'high':
      return t({ message: 'High', context: 'priority' });
    case 'urgent':
      return t({ message: 'Urgent', context: 'priority' });
  }
}
