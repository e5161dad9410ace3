import { t } from '@lingui/core/macro';
import type { FastReplyVariableKey } from '@parley/contracts';

/** A template variable's name in the active language (the API names them in English). */
export function variableLabel(key: FastReplyVariableKey | string, english: string): string {
  switch (key as FastReplyVariableKey) {
    case 'customer_name':
      return t`Customer name`;
    case 'customer_first_name':
      return t`Customer first name`;
    case 'customer_email':
      return t`Customer email`;
    case 'customer_phone':
      return t`Customer phone`;
    case 'agent_name':
      return t`Your name`;
    case 'agent_first_name':
      return t`Your first name`;
    case 'store_name':
      return t`Store name`;
    case 'store_url':
      return t`Store domain`;
    case 'order_number':
      return t`Latest order number`;
    case 'order_status':
      return t`Latest order status`;
    case 'order_tracking_url':
      return t`Latest order tracking link`;
    case 'ticket_id':
      return t`Ticket id`;
    case 'workspace_name':
      return t`Workspace name`;
    default:
      // A variable the server added after this build: its own (English) name.
      return english;
  }
}
