import { t } from '@lingui/core/macro';
import type { ContactSort } from '@parley/contracts';

/** How a contact is named on screen: its name, else its email or phone, else its number. */
export function contactName(contact: {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
}): string {
  const id = contact.id;
  return contact.name || contact.email || contact.phone || t`Contact #${id}`;
}

/** The list's sorts, in the active language. */
export function sortLabel(sort: ContactSort): string {
  switch (sort) {
    case 'newest':
      return t`Newest first`;
    case 'name':
      return t`Name (A–Z)`;
    case 'last_activity':
      return t`Latest activity`;
  }
}

/**
 * The inbox's ticket link to a conversation (docs/product/screens.md): every view and status, so
 * a closed conversation opens too, with the search naming it.
 */
export function conversationLink(id: number): string {
  return `/inboxes/all/all/newest/${id}?search=id:${id}`;
}
