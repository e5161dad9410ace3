import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ContactImportPreview, ContactImportProgress } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { ContactsPage } from './contacts-page';

const PREVIEW: ContactImportPreview = {
  upload_id: 'upload-1',
  file_name: 'customers.csv',
  total_rows: 12400,
  delimiter: ',',
  header: ['Full name', 'E-mail', 'Plan'],
  sample: [
    ['Ada Lovelace', 'ada@example.com', 'Pro'],
    ['Alan Turing', 'alan@example.com', 'Free'],
  ],
  suggested_mapping: { 0: 'name', 1: 'email' },
};

const progress = (over: Partial<ContactImportProgress>): ContactImportProgress => ({
  id: 7,
  status: 'running',
  file_name: 'customers.csv',
  total: 12400,
  processed: 0,
  created: 0,
  updated: 0,
  failed_count: 0,
  failed: [],
  error: null,
  created_at: '2026-11-27T15:00:00.000Z',
  ...over,
});

describe('Contacts → Import', () => {
  it('maps the columns with the suggestion preselected, then shows the progress and the result', async () => {
    signInCookies();
    let polls = 0;
    const api = fakeApi({
      'GET /dashboardapi/contacts': json(200, { items: [], next_cursor: null }),
      'POST /dashboardapi/contacts/imports/preview': json(200, PREVIEW),
      'POST /dashboardapi/contacts/imports': json(202, progress({ status: 'queued' })),
      'GET /dashboardapi/contacts/imports/7': () => {
        polls += 1;
        return polls === 1
          ? json(200, progress({ processed: 6200 }))
          : json(
              200,
              progress({
                status: 'done',
                processed: 12400,
                created: 12000,
                updated: 398,
                failed_count: 2,
                failed: [{ row: 5, reason: 'The row is empty.' }],
              }),
            );
      },
    });
    const { store } = makeStore({ persist: false });
    store.dispatch(meLoaded({ ...ME, permission_level: 'admin' }));
    const user = userEvent.setup({
      delay: null,
      pointerEventsCheck: PointerEventsCheckLevel.Never,
    });
    renderPage(<ContactsPage />, { at: '/contacts', store });

    await user.click(await screen.findByRole('button', { name: /Import/ }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(
      input,
      new File(['Full name,E-mail,Plan\n'], 'customers.csv', { type: 'text/csv' }),
    );

    // Each column with its sample values and the suggested field.
    expect(await screen.findByText('Ada Lovelace, Alan Turing')).toBeTruthy();
    expect(
      screen.getByLabelText('Import “E-mail” as').closest('.ant-select')!.textContent,
    ).toContain('Email');
    expect(screen.getByLabelText('Import “Plan” as').closest('.ant-select')!.textContent).toContain(
      'Don’t import',
    );
    await user.click(screen.getByLabelText('Import “Plan” as'));
    await user.click(await screen.findByText('Custom attribute “Plan”'));
    await user.click(screen.getByRole('button', { name: /Import 12,400 rows/ }));

    await waitFor(() =>
      expect(api.callsTo('POST /dashboardapi/contacts/imports')[0]?.body).toEqual({
        upload_id: 'upload-1',
        mapping: { 0: 'name', 1: 'email', 2: { attribute: 'Plan' } },
      }),
    );
    expect(await screen.findByText('Imported 6,200 of 12,400')).toBeTruthy();
    expect(await screen.findByText('12,000 contacts added', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('398 contacts updated')).toBeTruthy();
    expect(screen.getByText('2 rows not imported')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Download error report/ })).toBeTruthy();
  }, 60_000);
});
