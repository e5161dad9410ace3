import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
    'GET /dashboardapi/audit-log/export': json(200, 'time,action\r\n'),
    'GET /dashboardapi/audit-log/settings': json(200, { retention_days: null }),
    'PUT /dashboardapi/audit-log/settings': (call: RecordedCall) => json(200, call.body),
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

/** Picks an option of an antd select by its visible text. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.textContent === option && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe('Settings → Audit log: days, CSV export and retention', () => {
  it('narrows the list to the days picked, as the moments the browser’s days begin and end', async () => {
    const { calls, user } = renderAuditLog();
    await screen.findByText(/changed the role of/);
    expect(calls.at(-1)!.get('from')).toBeNull();
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.click(await screen.findByText('Last 7 days'));
    await waitFor(() => expect(calls.at(-1)!.get('from')).not.toBeNull());
    const from = new Date(calls.at(-1)!.get('from')!);
    const to = new Date(calls.at(-1)!.get('to')!);
    // Seven whole local days, up to the end of today.
    expect(from.getHours()).toBe(0);
    expect(Math.round((to.getTime() - from.getTime()) / 86_400_000)).toBe(7);
    expect(to.getTime()).toBeGreaterThan(Date.now());
  });

  it('downloads the log as CSV with the filters shown', async () => {
    const { api, user } = renderAuditLog();
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const toUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/a');
    await screen.findByText(/changed the role of/);
    await user.click(screen.getAllByRole('button', { name: 'Only this person' })[0]!);
    await screen.findByText('Only Olga Owner');
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const [call] = api.callsTo('GET /dashboardapi/audit-log/export');
    expect(new URL(call!.url, 'http://localhost').searchParams.get('user_id')).toBe('1');
    expect(clicked[0]!.download).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    click.mockRestore();
    toUrl.mockRestore();
  });

  it('shows how long entries are kept and saves another choice', async () => {
    const { api } = renderAuditLog();
    expect(
      await screen.findByText('Entries are kept as long as the workspace exists.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Keep entries for' })).not.toBeDisabled(),
    );
    await pick('Keep entries for', '90 days');
    await waitFor(() =>
      expect(api.callsTo('PUT /dashboardapi/audit-log/settings').map((c) => c.body)).toEqual([
        { retention_days: 90 },
      ]),
    );
    expect(
      await screen.findByText('Older entries are deleted within the hour, for good.'),
    ).toBeTruthy();
    await pick('Keep entries for', 'As long as the workspace exists');
    await waitFor(() =>
      expect(api.callsTo('PUT /dashboardapi/audit-log/settings').at(-1)!.body).toEqual({
        retention_days: null,
      }),
    );
  });

  it('names the new actions in words', async () => {
    signInCookies();
    fakeApi({
      'GET /dashboardapi/audit-log': json(200, {
        entries: [
          entry(20, { action: 'login_failed' }),
          entry(19, { action: 'api_key_revoked', details: { name: 'Shop sync' } }),
          entry(18, { action: 'channel_deleted', details: { name: 'Orders', type: 'api' } }),
          entry(17, { action: 'audit_log_retention_changed', details: { from: null, to: 365 } }),
          entry(16, { action: 'tag_deleted', details: { name: 'refund' } }),
        ],
        next_before: null,
      }),
      'GET /dashboardapi/audit-log/settings': json(200, { retention_days: 365 }),
    });
    const { store } = makeStore({ persist: false });
    store.dispatch(meLoaded({ ...ME, permission_level: 'owner' }));
    renderPage(<AuditLogSettingsPage />, { at: '/settings/audit-log', store });
    const texts = await waitFor(() => {
      const items = [...document.querySelectorAll('li')].map((li) => li.textContent ?? '');
      if (items.length < 5) throw new Error('not yet');
      return items;
    });
    expect(texts.join('\n')).toContain(
      'Someone tried to sign in as Olga Owner with a wrong password',
    );
    expect(texts.join('\n')).toContain('Olga Owner revoked the API key Shop sync');
    expect(texts.join('\n')).toContain('Olga Owner deleted the channel Orders');
    expect(texts.join('\n')).toContain('Olga Owner set the audit log to keep entries for 365 days');
    expect(texts.join('\n')).toContain('Olga Owner deleted the tag refund');
  });
});
