import { t } from '@lingui/core/macro';
import type { NotificationItem } from '@parley/contracts';

/** “Maya mentioned you in “Refund for order 4907””: the words of one notification, in the reader's language. */
export function notificationText(item: NotificationItem): string {
  const conversationId = item.conversation_id ?? 0;
  const subject =
    item.conversation_subject || item.contact_name || t`Conversation #${conversationId}`;
  const name = item.actor?.name;
  const contact = item.contact_name || t`The customer`;
  switch (item.kind) {
    case 'mention':
      return name
        ? t`${name} mentioned you in “${subject}”`
        : t`You were mentioned in “${subject}”`;
    case 'assigned':
      return name ? t`${name} assigned “${subject}” to you` : t`“${subject}” was assigned to you`;
    case 'customer_reply':
      return t`${contact} replied in “${subject}”`;
    case 'sla_warning':
      return t`“${subject}” is about to miss its target time`;
    case 'sla_breached':
      return t`“${subject}” missed its target time`;
  }
}
