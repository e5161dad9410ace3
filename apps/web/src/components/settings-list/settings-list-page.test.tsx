import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../app/providers';
import { ToastHost } from '../../app/toast-host';
import { loadAppCatalog } from '../../lib/i18n';
import { EditButton, MoveButtons } from './item-controls';
import { SettingsListCard } from './settings-list-card';
import { SettingsListPage } from './settings-list-page';

interface Rule {
  id: number;
  name: string;
}

const RULES: Rule[] = [
  { id: 1, name: 'First' },
  { id: 2, name: 'Second' },
  { id: 3, name: 'Third' },
];

function renderList(reorder: (ids: number[]) => Promise<unknown>) {
  void loadAppCatalog();
  render(
    <AppProviders>
      <ToastHost />
      <SettingsListPage<Rule>
        title="Rules"
        description="Tried from the top."
        newLabel="New rule"
        limit={10}
        query={{ isLoading: false, refetch: () => undefined }}
        items={RULES}
        loadFailed="Rules could not be loaded."
        empty="No rules yet."
        ordered
        listLabel="Rules"
        reorder={reorder}
        renderItem={(rule, place) => (
          <SettingsListCard
            name={rule.name}
            summary={`Rule ${place.index + 1}`}
            actions={
              <>
                <MoveButtons
                  place={place}
                  upLabel={`Move ${rule.name} up`}
                  downLabel={`Move ${rule.name} down`}
                />
                <EditButton label={`Edit ${rule.name}`} onClick={place.edit} />
              </>
            }
          />
        )}
        renderEditor={(rule, close) => (
          <div role="dialog" aria-label={rule ? rule.name : 'New'}>
            <button onClick={close}>Close</button>
          </div>
        )}
      />
    </AppProviders>,
  );
}

describe('the settings list page', () => {
  it('lists the items in order, with no move up for the first nor down for the last', () => {
    renderList(() => Promise.resolve());
    const rows = within(screen.getByRole('list', { name: 'Rules' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('First'),
      expect.stringContaining('Second'),
      expect.stringContaining('Third'),
    ]);
    expect(screen.getByRole('button', { name: 'Move First up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Third down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Second up' })).toBeEnabled();
  });

  it('saves the new order when an item moves, and says so when the server refuses it', async () => {
    // As RTK Query's unwrap() rejects: with the API's error payload.
    const refusal = { status: 409, code: 'conflict', message: 'Someone else moved it.' };
    const reorder = vi.fn<(ids: number[]) => Promise<unknown>>(() => Promise.reject(refusal));
    renderList(reorder);
    await userEvent.click(screen.getByRole('button', { name: 'Move Second up' }));
    expect(reorder).toHaveBeenCalledWith([2, 1, 3]);
    expect(await screen.findByText('The order could not be saved')).toBeInTheDocument();
    expect(await screen.findByText('Someone else moved it.')).toBeInTheDocument();
  });

  it('opens the editor for an item and for a new one', async () => {
    renderList(() => Promise.resolve());
    await userEvent.click(screen.getByRole('button', { name: 'Edit Second' }));
    const editor = screen.getByRole('dialog', { name: 'Second' });
    await userEvent.click(within(editor).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /New rule/ }));
    expect(screen.getByRole('dialog', { name: 'New' })).toBeInTheDocument();
  });
});
