import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../test/fake-api';
import { CONVERSATION_ID, detail, message, paneApi, renderWithStore } from '../test/pane-fixtures';
import { ConversationPane } from './conversation-pane';

function renderStacked(onBack = vi.fn<() => void>()) {
  renderWithStore(<ConversationPane conversationId={CONVERSATION_ID} onBack={onBack} />);
  return onBack;
}

/** The pane's header: the subject's heading and the actions around it. */
async function paneHeader(): Promise<HTMLElement> {
  const title = await screen.findByRole('heading', { name: 'Refund for order 1001' });
  return title.closest('header')!;
}

const contactAside = () => screen.queryByRole('complementary', { name: 'Contact' });

describe('conversation pane as a phone screen of its own (onBack: stacked screens)', () => {
  it('offers a back step to the list, and keeps every action: assign, status, tags, reply', async () => {
    paneApi({ messages: [message({ body: 'Where is my refund?' })] });
    const onBack = renderStacked();

    const header = await paneHeader();
    for (const name of ['Assign to me', 'Close', 'Mark unread', 'Contact details']) {
      expect(within(header).getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
    }
    for (const name of ['Assignee', 'Team', 'Status', 'Priority', 'Add tag']) {
      expect(within(header).getByRole('combobox', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('form', { name: 'Reply' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('shows the contact details as a screen of their own, not a column, with a back step to the conversation', async () => {
    paneApi({ messages: [message({ body: 'Where is my refund?' })] });
    renderStacked();

    await screen.findByRole('list', { name: 'Messages' });
    // No room beside the thread on a phone: the contact column starts closed.
    expect(contactAside()).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Contact details' }));
    expect(screen.getByRole('heading', { name: 'Contact details' })).toBeInTheDocument();
    const aside = contactAside();
    expect(aside).not.toBeNull();
    expect(within(aside!).getByRole('link', { name: 'jane@customer.test' })).toBeInTheDocument();
    // The thread and the composer make way for it.
    expect(screen.queryByRole('list', { name: 'Messages' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Reply' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Back to the conversation' }));
    expect(contactAside()).toBeNull();
    expect(await screen.findByRole('form', { name: 'Reply' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Messages' })).toBeInTheDocument();
  });

  it('sizes its controls for touch (no 24 px selects or switches) and drops the keyboard hints', async () => {
    paneApi();
    renderStacked();
    const header = await paneHeader();
    const assignee = within(header).getByRole('combobox', { name: 'Assignee' });
    expect(assignee.closest('.ant-select')).not.toHaveClass('ant-select-sm');
    const composer = screen.getByRole('form', { name: 'Reply' });
    expect(composer.querySelector('.ant-segmented')).not.toHaveClass('ant-segmented-sm');
    expect(within(composer).queryByText(/to send/)).toBeNull();
    for (const remove of within(header).getAllByRole('button', { name: /^Remove tag/ })) {
      expect(remove).toHaveStyle({ minWidth: '24px', minHeight: '24px' });
    }
  });

  it('keeps the back step while the conversation cannot be loaded', async () => {
    paneApi({
      routes: {
        [`GET /dashboardapi/conversations/${CONVERSATION_ID}`]: json(404, {
          code: 'not_found',
          message: 'Conversation not found.',
        }),
      },
    });
    const onBack = renderStacked();
    expect(await screen.findByText('This conversation was not found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('beside the inbox panels (no onBack) it is unchanged: contact column open, no back step, compact controls', async () => {
    paneApi({ detail: detail() });
    renderWithStore(<ConversationPane conversationId={CONVERSATION_ID} />);
    const header = await paneHeader();
    expect(contactAside()).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Back to conversations' })).toBeNull();
    expect(
      within(header).getByRole('combobox', { name: 'Assignee' }).closest('.ant-select'),
    ).toHaveClass('ant-select-sm');
    expect(
      within(screen.getByRole('form', { name: 'Reply' })).getByText(/to send/),
    ).toBeInTheDocument();
  });
});
