import type { ConversationStatus, Priority } from '@parley/contracts';

/** Readable names of the channel types (spec §1 lists the types). Unknown types show as they are. */
const CHANNEL_LABELS: Record<string, string> = {
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

export function channelLabel(type: string): string {
  return CHANNEL_LABELS[type] ?? type;
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
