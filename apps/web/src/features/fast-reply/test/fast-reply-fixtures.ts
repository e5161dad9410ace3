import type { Attachment, FastReplyTemplate } from '@parley/contracts';

let nextAttachmentId = 500;

export function attachment(overrides: Partial<Attachment> = {}): Attachment {
  nextAttachmentId += 1;
  return {
    id: nextAttachmentId,
    file_name: 'return-label.pdf',
    content_type: 'application/pdf',
    size: 12_000,
    is_embedded: false,
    url: `/dashboardapi/attachments/${nextAttachmentId}/download?exp=1&sig=x`,
    ...overrides,
  };
}

export function template(
  id: number,
  overrides: Partial<FastReplyTemplate> = {},
): FastReplyTemplate {
  return {
    id,
    name: `Template ${id}`,
    template_content: `Hello {{customer_first_name | there}}, this is template ${id}.`,
    attachments: [],
    folder: null,
    updated_at: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export const REFUND = template(1, {
  name: 'Refund issued',
  template_content: 'Hi {{customer_first_name | there}}, your refund is on its way.',
  folder: 'Billing',
});
export const SHIPPING = template(2, {
  name: 'Where is my order',
  template_content: 'Your parcel ships within 2 days.',
  folder: 'Orders',
});
export const GREETING = template(3, {
  name: 'Greeting',
  template_content: 'Thanks for writing to us!',
  folder: null,
});

export const FAST_REPLY_LIST = {
  fast_replies: [REFUND, SHIPPING, GREETING],
  folders: ['Billing', 'Orders'],
};

export const VARIABLES = {
  variables: [
    { key: 'customer_first_name', label: 'Customer first name', example: 'Maya' },
    { key: 'agent_name', label: 'Your name', example: 'Sam Agent' },
  ],
  syntax: '{{variable}} or {{variable | fallback}}',
};

export const SERVER_ERROR_BODY = {
  code: 'internal_error',
  message: 'Something went wrong on our side. Please try again.',
};
