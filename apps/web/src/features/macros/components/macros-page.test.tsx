import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { macro } from '../test/macro-fixtures';
import { MacrosPage } from './macros-page';

const MACROS = [
  macro(3, 'Refund issued', {
    description: 'For refunds under 50 €',
    visibility: 'personal',
    editable: true,
  }),
  macro(4, 'Escalate to billing', { broken_reason: 'The team it assigns to was deleted.' }),
];

function renderMacros() {
  signInCookies();
  const api = fakeApi({
    'GET /dashboardapi/macros': json(200, { macros: MACROS }),
    'GET /dashboardapi/conversation/mapping': json(200, {
      tags: [],
      dc_users: [],
      support_channels: [],
      teams: [],
      integrations: [],
    }),
    'GET /dashboardapi/fastreply/all': json(200, { fast_replies: [], folders: [] }),
    'GET /dashboardapi/brand/all': json(200, []),
    'DELETE /dashboardapi/macros/3': json(200, { ok: true }),
  });
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded(ME));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<MacrosPage />, { at: '/settings/macros', store });
  return { api, user };
}

describe('Settings → Macros', { timeout: 120_000 }, () => {
  it('lists each macro with who may use it, what it does, and why a broken one cannot run', async () => {
    renderMacros();
    const refund = (await screen.findByText('Refund issued')).closest('li')!;
    expect(within(refund).getByText('Only me')).toBeInTheDocument();
    expect(within(refund).getByText('For refunds under 50 €')).toBeInTheDocument();
    const billing = screen.getByText('Escalate to billing').closest('li')!;
    expect(within(billing).getByText('Shared')).toBeInTheDocument();
    expect(within(billing).getByText('Broken')).toBeInTheDocument();
    expect(
      within(billing).getByText('This macro cannot run: The team it assigns to was deleted.'),
    ).toBeInTheDocument();
    // Only a macro its reader may change has the buttons to change it.
    expect(screen.getByRole('button', { name: 'Edit Refund issued' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Escalate to billing' })).toBeNull();
  });

  it('deletes a macro after asking, and drops it from the list', async () => {
    const { api, user } = renderMacros();
    await screen.findByText('Refund issued');
    await user.click(screen.getByRole('button', { name: 'Delete Refund issued' }));
    expect(await screen.findByText('Delete the macro Refund issued?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /dashboardapi/macros/3')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Refund issued')).not.toBeInTheDocument());
  });
});
