import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AuditEntry } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { AuditLogSettingsPage } from './audit-log-page';

const OLGA = { id: 1, name: 'Olga Owner', email: 'olga@example.com' };
const AZIZ = { id: 2, name: 'Aziz Agent', email: 'aziz@example.com' };

const entry = (id: number, over: Partial<AuditEntry>): AuditEntry => ({
  id,
  action: 'login',
  created_at: '2026-11-20T09:30:00.000Z',
  actor: OLGA,
  subject: null,
  details: {},
  ...over,
});

const NEWEST = [
  entry(9, {
    action: 'member_role_changed',
    subject: AZIZ,
    details: { user_id: 2, from: 'agent', to: 'admin' },
  }),
  entry(8, { action: 'member_removed', subject: null, details: { unassigned_conversations: 3 } }),
];
const OLDER = [entry(3, { action: 'signup' })];

function renderAuditLog() {
  signInCookies();
  const calls: URLSearchParams[] = [];
  const api = fakeApi({
    'GET /dashboardapi/audit-log': (call: RecordedCall) => {
      const query = new URL(call.url, 'http://localhost').searchParams;
      calls.push(query);
      if (query.get('user_id') === '2')
        return json(200, {
          entries: [entry(7, { action: 'login', actor: AZIZ })],
          next_before: null,
        });
      if (query.get('before') === '8') return json(200, { entries: OLDER, next_before: null });
      return json(200, { entries: NEWEST, next_before: 8 });
    },
  });
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: 'owner' }));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<AuditLogSettingsPage />, { at: '/settings/audit-log', store });
  return { api, calls, user };
}

describe('Settings → Audit log: who did what, newest first', () => {
  it('says each entry as a sentence naming the people, and pages back in time', async () => {
    const { calls, user } = renderAuditLog();
    const roleChange = await screen.findByText(/changed the role of/);
    expect(roleChange.closest('li')!.textContent).toContain(
      'Olga Owner changed the role of Aziz Agent from Agent to Admin',
    );
    expect(screen.getByText(/3 conversations went back to the queue/)).toBeTruthy();
    expect(screen.getByText(/a former member/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await screen.findByText(/created the workspace/)).toBeTruthy();
    expect(calls.at(-1)!.get('before')).toBe('8');
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });

  it('shows one person’s actions on asking, and everyone again on closing the filter', async () => {
    const { calls, user } = renderAuditLog();
    await screen.findByText(/changed the role of/);
    await user.click(screen.getAllByRole('button', { name: 'Only this person' })[0]!);
    await waitFor(() => expect(calls.at(-1)!.get('user_id')).toBe('1'));
    expect(screen.getByText('Only Olga Owner')).toBeTruthy();
    await user.click(screen.getByLabelText('Show everyone'));
    await waitFor(() => expect(calls.at(-1)!.get('user_id')).toBeNull());
  });
});
