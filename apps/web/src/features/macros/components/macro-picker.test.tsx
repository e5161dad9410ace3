import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MacroList } from '@parley/contracts';
import { json } from '../../../test/fake-api';
import {
  CONVERSATION_ID,
  ConversationPane,
  paneApi,
  renderWithStore,
} from '../../conversation/test';
import { macro } from '../test/macro-fixtures';

const MACROS: MacroList = {
  macros: [macro(3, 'Refund issued'), macro(4, 'Escalate to billing')],
};
const RUN = `POST /dashboardapi/conversations/${CONVERSATION_ID}/macros/4/run`;

describe('the conversation pane’s macro picker', () => {
  it('opens with m, finds a macro by its words and runs it, saying so', async () => {
    const api = paneApi({
      routes: {
        'GET /dashboardapi/macros': () => json(200, MACROS),
        [RUN]: () =>
          json(200, { macro_id: 4, conversation_id: CONVERSATION_ID, actions: ['closed'] }),
      },
    });
    renderWithStore(<ConversationPane conversationId={CONVERSATION_ID} />);
    await screen.findByRole('heading', { name: 'Refund for order 1001' });

    await userEvent.keyboard('m');
    const search = await screen.findByRole('searchbox', { name: 'Search macros' });
    expect(await screen.findByRole('button', { name: 'Refund issued' })).toBeInTheDocument();
    await userEvent.type(search, 'billing');
    expect(screen.queryByRole('button', { name: 'Refund issued' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Escalate to billing' }));

    await waitFor(() => expect(api.callsTo(RUN)).toHaveLength(1));
    expect(await screen.findByText('Macro “Escalate to billing” applied')).toBeInTheDocument();
  });
});
