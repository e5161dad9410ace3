import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Message } from '@parley/contracts';
import { message } from '../test/pane-fixtures';
import { MessageItem } from './message-item';

/** A received email with the sender checks the mail server stored on it. */
const email = (dmarcFailed: boolean): Message =>
  ({
    ...message({ body: 'Please send my order to 1 Thief Lane instead.' }),
    email_auth: {
      spf: 'fail',
      dkim: dmarcFailed ? 'none' : 'pass',
      dmarc: dmarcFailed ? 'fail' : 'pass',
      arc: 'none',
      from: 'alice@example.com',
      dmarc_failed: dmarcFailed,
    },
  }) as Message;

describe('the sender warning on a received email', () => {
  it('says plainly that a message failing DMARC may not be from its address', () => {
    render(
      <ul>
        <MessageItem message={email(true)} contactName="Alice Archer" />
      </ul>,
    );
    expect(screen.getByTestId('sender-warning').textContent).toContain(
      'This message failed the sender’s domain checks (DMARC) — it may not be from alice@example.com.',
    );
  });

  it('shows nothing for a message that passed, nor for messages without checks', () => {
    render(
      <ul>
        <MessageItem message={email(false)} contactName="Alice Archer" />
        <MessageItem message={message()} contactName="Alice Archer" />
      </ul>,
    );
    expect(screen.queryByTestId('sender-warning')).toBeNull();
  });
});
