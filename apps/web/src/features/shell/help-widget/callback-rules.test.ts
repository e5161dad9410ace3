import { describe, expect, it } from 'vitest';
import { callbackRequestBody } from '@parley/contracts';
import { callbackBody, isPlausiblePhone } from './callback-rules';

describe('callback form rules (docs/product/validation.md)', () => {
  it('Contact number: digits with an optional + and the usual separators, 6 to 15 digits', () => {
    expect(isPlausiblePhone('+91 (987) 654-3210')).toBe(true);
    expect(isPlausiblePhone('0044.20.7946.0958')).toBe(true);
    expect(isPlausiblePhone('12-34')).toBe(false);
    expect(isPlausiblePhone('call me maybe')).toBe(false);
    expect(isPlausiblePhone('+1 555 0100 ext 7')).toBe(false);
    expect(isPlausiblePhone('1234567890123456')).toBe(false);
  });

  it('builds a body the server contract accepts: trimmed, phone digits, empty query as null, the workspace’s store', () => {
    const body = callbackBody(
      {
        customer_name: ' Erin ',
        contact_number: '+91 98765 43210',
        email_address: ' erin@example.com ',
        best_time_to_call: '3pm-6pm',
        query_type: 'Support',
        message: '   ',
      },
      {
        attachments: [3],
        submissionUrl: 'http://localhost/inboxes',
        myshopifyDomain: 'acme.myshopify.com',
      },
    );
    expect(body).toEqual({
      customer_name: 'Erin',
      contact_number: '919876543210',
      email_address: 'erin@example.com',
      best_time_to_call: '3pm-6pm',
      query_type: 'Support',
      message: null,
      myshopify_domain: 'acme.myshopify.com',
      attachments: [3],
      submission_url: 'http://localhost/inboxes',
      is_created_from_dc_app: true,
    });
    expect(callbackRequestBody.safeParse(body).success).toBe(true);
  });
});
