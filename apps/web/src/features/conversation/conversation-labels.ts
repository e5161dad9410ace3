import type { ChannelType, ConversationStatus, Priority } from '@parley/contracts';

/**
 * The one name of each channel type (the channel display names: facebook, instagram,
 * live_chat, widget_livechat, sms, instagram_dm, call, whatsapp_gupshup_isv; plus ours, email and
 * api), wherever a channel is named: the inbox's channel icons, the conversation header and
 * composer, the support channels page. A chat from the live-chat widget is a live_chat or a
 * widget_livechat conversation: both read the same.
 */
export const CHANNEL_LABELS: Record<ChannelType, string> = {
  email: 'Email',
  facebook: 'Facebook',
  instagram: 'Instagram',
  instagram_dm: 'Instagram DM',
  live_chat: 'Live chat',
  widget_livechat: 'Live chat',
  sms: 'SMS',
  call: 'Call',
  whatsapp_gupshup_isv: 'WhatsApp',
  api: 'API',
};

/** A channel type's name; a type we do not know shows as it is. */
export function channelLabel(type: string): string {
  return (CHANNEL_LABELS as Record<string, string>)[type] ?? type;
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
  if (type === 'email') return '(no subject)';
  if (type === 'live_chat' || type === 'widget_livechat') return `Live chat with ${contactName}`;
  if (type === 'call') return `Calls with ${contactName}`;
  return `${channelLabel(type)} conversation with ${contactName}`;
}

export const STATUS_LABELS: Record<ConversationStatus, string> = {
  open: 'Open',
  pending: 'Pending',
  snoozed: 'Snoozed',
  closed: 'Closed',
};

export const STATUS_COLORS: Record<ConversationStatus, string> = {
  open: 'blue',
  pending: 'gold',
  snoozed: 'purple',
  closed: 'default',
};

export const PRIORITY_LABELS: Record<Priority, string> = {
  none: 'No priority',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};
