import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json } from '../../../test/fake-api';
import { MAPPING, renderInbox } from '../testing/inbox-fixtures';

describe('the empty inbox of a new workspace', () => {
  it('points to /setup when the workspace has no channel yet', async () => {
    renderInbox('/inboxes/unassigned/open/newest', {
      routes: {
        'GET /dashboardapi/conversation/mapping': json(200, { ...MAPPING, support_channels: [] }),
      },
    });
    expect(await screen.findByText('Your inbox is empty')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Connect a channel in Setup' });
    expect(link).toHaveAttribute('href', '/setup');
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/setup');
  });

  it('keeps the plain empty view once channels exist', async () => {
    renderInbox('/inboxes/unassigned/open/newest');
    expect(await screen.findByText('No conversations here')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Connect a channel in Setup' })).toBeNull();
  });
});
