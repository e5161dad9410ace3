import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ConversationSla } from '@parley/contracts';
import { json } from '../../../test/fake-api';
import { CONVERSATION_ID, detail, paneApi, renderWithStore } from '../test/pane-fixtures';
import { ConversationPane } from './conversation-pane';

const at = (minutesFromNow: number) => new Date(Date.now() + minutesFromNow * 60_000).toISOString();

const SLA: ConversationSla = {
  policy: { id: 3, name: 'VIP customers' },
  clocks: [
    {
      metric: 'first_response',
      state: 'met',
      started_at: at(-60),
      due_at: at(-30),
      stopped_at: at(-45),
      breached_at: null,
    },
    {
      metric: 'next_response',
      state: 'breached',
      started_at: at(-90),
      due_at: at(-15),
      stopped_at: null,
      breached_at: at(-15),
    },
    {
      metric: 'resolution',
      state: 'paused',
      started_at: at(-60),
      due_at: null,
      stopped_at: null,
      breached_at: null,
    },
  ],
};

describe('conversation pane: the SLA clocks (docs/product/sla.md)', () => {
  it('shows the policy and each clock in words: met, overdue, paused', async () => {
    paneApi({
      detail: detail({
        sla: { metric: 'next_response', state: 'breached', due_at: SLA.clocks[1]!.due_at },
      }),
      routes: { [`GET /dashboardapi/conversations/${CONVERSATION_ID}/sla`]: json(200, SLA) },
    });
    renderWithStore(<ConversationPane conversationId={CONVERSATION_ID} />);
    const section = await screen.findByRole('region', { name: 'SLA' });
    expect(within(section).getByText('VIP customers')).toBeInTheDocument();
    expect(within(section).getByText('First response met')).toBeInTheDocument();
    expect(within(section).getByText(/^Next response overdue by 1[56] min$/)).toBeInTheDocument();
    expect(
      within(section).getByText('Resolution paused while waiting on the customer'),
    ).toBeInTheDocument();
    const states = within(section)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('data-sla-state'));
    expect(states).toEqual(['met', 'breached', 'paused']);
  });

  it('shows no SLA section when no policy covers the conversation', async () => {
    const api = paneApi();
    renderWithStore(<ConversationPane conversationId={CONVERSATION_ID} />);
    await screen.findByRole('complementary', { name: 'Contact' });
    await waitFor(() =>
      expect(api.callsTo(`GET /dashboardapi/conversations/${CONVERSATION_ID}/sla`)).toHaveLength(1),
    );
    expect(screen.queryByRole('region', { name: 'SLA' })).toBeNull();
  });
});
