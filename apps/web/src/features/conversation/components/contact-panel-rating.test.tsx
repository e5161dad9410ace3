import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CONVERSATION_ID, detail, paneApi, renderWithStore } from '../test/pane-fixtures';
import { ConversationPane } from './conversation-pane';

describe('conversation pane: the customer’s rating (/feedback)', () => {
  it('shows the rating and the comment when the customer rated the conversation', async () => {
    paneApi({
      detail: detail({
        status: 'closed',
        rating: { rating: 4, comment: 'Quick and kind, thank you' },
      }),
    });
    renderWithStore(<ConversationPane conversationId={CONVERSATION_ID} />);
    const panel = await screen.findByRole('complementary', { name: 'Contact' });
    expect(within(panel).getByLabelText('Rated 4 of 5')).toHaveTextContent('4/5');
    expect(within(panel).getByLabelText('Customer’s comment')).toHaveTextContent(
      '“Quick and kind, thank you”',
    );
  });

  it('shows a dash and no comment while there is no rating', async () => {
    paneApi();
    renderWithStore(<ConversationPane conversationId={CONVERSATION_ID} />);
    const panel = await screen.findByRole('complementary', { name: 'Contact' });
    expect(within(panel).getByText('Customer rating').nextElementSibling).toHaveTextContent('—');
    expect(within(panel).queryByLabelText('Customer’s comment')).toBeNull();
  });
});
