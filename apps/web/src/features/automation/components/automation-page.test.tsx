import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AutomationRuleList, ConversationMapping } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { AutomationPage } from './automation-page';

const MAPPING: ConversationMapping = {
  tags: [{ id: 1, name: 'refund', color: '#f00' }],
  dc_users: [
    { id: 3, name: 'Tariq', email: 'tariq@example.com' },
  ] as ConversationMapping['dc_users'],
  support_channels: [],
  teams: [{ id: 2, name: 'Billing', description: null, member_ids: [] }],
  integrations: [],
};

const RULES: AutomationRuleList = {
  rules: [
    {
      id: 5,
      name: 'Refunds',
      enabled: true,
      position: 0,
      trigger: 'message_received',
      wait_minutes: null,
      conditions: { match: 'all', conditions: [] },
      actions: [{ type: 'add_tags', tag_ids: [7] }],
      broken_reason: 'A tag it names was deleted.',
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    },
    {
      id: 6,
      name: 'Close quiet ones',
      enabled: true,
      position: 1,
      trigger: 'pending_for',
      wait_minutes: 2 * 24 * 60,
      conditions: { match: 'all', conditions: [] },
      actions: [{ type: 'close' }],
      broken_reason: null,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    },
  ],
};

function renderAutomation() {
  signInCookies();
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded(ME));
  const api = fakeApi({
    'GET /dashboardapi/automation-rules': () => json(200, RULES),
    'GET /dashboardapi/conversation/mapping': () => json(200, MAPPING),
    'GET /dashboardapi/fastreply/all': () => json(200, { fast_replies: [], folders: [] }),
    'GET /dashboardapi/brand/all': () => json(200, [{ id: 4, name: 'North store' }]),
    'PATCH /dashboardapi/automation-rules/6': () => json(200, RULES.rules[1]),
    'PATCH /dashboardapi/automation-rules/5': () => json(200, RULES.rules[0]),
    'POST /dashboardapi/automation-rules': () =>
      json(400, {
        code: 'validation_error',
        message: 'The rule names something this account does not have.',
        details: [
          { path: 'name', message: 'Give the rule a name.' },
          { path: 'actions.0.tag_ids', message: 'Choose at least one tag.' },
        ],
      }),
  });
  renderPage(<AutomationPage />, { at: '/settings/automation', store });
  return api;
}

/** Opens an antd select by its label and clicks the option with that title. */
async function chooseOption(label: string, option: string, index = 0) {
  fireEvent.mouseDown(screen.getAllByRole('combobox', { name: label })[index]!);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.getAttribute('title') === option && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (!found) throw new Error(`No option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe('automation settings page', () => {
  it('lists a broken rule with its reason', async () => {
    renderAutomation();
    expect(await screen.findByText('Refunds')).toBeInTheDocument();
    expect(screen.getByText('Broken')).toBeInTheDocument();
    expect(
      screen.getByText('This rule does not run: A tag it names was deleted.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s validation messages at their fields', async () => {
    renderAutomation();
    await screen.findByText('Refunds');
    await userEvent.click(screen.getByRole('button', { name: /New rule/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give the rule a name.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one tag.')).toBeInTheDocument();
  });

  it('a time-based rule shows its wait in days and saves it in minutes', async () => {
    const api = renderAutomation();
    await screen.findByText('Close quiet ones');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Close quiet ones' }));
    const wait = await screen.findByRole('spinbutton', { name: 'Wait' });
    expect(wait).toHaveValue('2');
    await userEvent.clear(wait);
    await userEvent.type(wait, '3');
    expect(
      screen.getByText(/^When a conversation has been pending for 3 days, /),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(api.callsTo('PATCH /dashboardapi/automation-rules/6')[0]?.body).toMatchObject({
        trigger: 'pending_for',
        wait_minutes: 3 * 24 * 60,
      }),
    );
  });

  it('an auto-assign action row reads in the sentence, with or without a team, and saves its team', async () => {
    const api = renderAutomation();
    await screen.findByText('Refunds');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Refunds' }));
    await chooseOption('Action', 'Auto-assign (round-robin or least-busy)');
    expect(
      await screen.findByText(
        'When a customer message is received, auto-assign to an available agent',
      ),
    ).toBeInTheDocument();
    await chooseOption('Team to auto-assign within', 'Billing');
    expect(
      await screen.findByText(
        'When a customer message is received, auto-assign to an available agent of Billing',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(api.callsTo('PATCH /dashboardapi/automation-rules/5')[0]?.body).toMatchObject({
        actions: [{ type: 'auto_assign', team_id: 2 }],
      }),
    );
  });

  it('a webhook row saves its URL and new secret; mention, store and contact rows read in the sentence', async () => {
    const api = renderAutomation();
    await screen.findByText('Refunds');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Refunds' }));
    await chooseOption('Action', 'Send a webhook');
    const urlBox = await screen.findByRole('textbox', { name: 'Webhook URL' });
    // Pasted, not typed key by key: the test reads the sentence, not the keystrokes.
    await userEvent.clear(urlBox);
    await userEvent.click(urlBox);
    await userEvent.paste('https://hooks.example.com/parley');
    await userEvent.click(screen.getByLabelText('Signing secret'));
    await userEvent.paste('a-long-signing-secret');
    expect(
      await screen.findByText(
        'When a customer message is received, send a webhook to hooks.example.com',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Add an action/ }));
    await chooseOption('Action', 'Mention a teammate in a note', 1);
    await userEvent.click(screen.getAllByRole('textbox', { name: 'Note' })[0]!);
    await userEvent.paste('VIP wrote');
    await userEvent.click(screen.getByRole('button', { name: /Add a condition/ }));
    await chooseOption('Field', 'Store');
    await chooseOption('Store', 'North store');
    await userEvent.click(screen.getByRole('button', { name: /Add a condition/ }));
    await chooseOption('Field', 'Contact field', 1);
    await chooseOption('Contact field', 'Custom attribute');
    await userEvent.click(screen.getByRole('textbox', { name: 'Attribute name' }));
    await userEvent.paste('plan');
    await chooseOption('Operator', 'is empty', 1);
    expect(
      await screen.findByText(
        'When a customer message is received, if store is North store and contact attribute “plan” is empty, send a webhook to hooks.example.com, mention Tariq in an internal note',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(api.callsTo('PATCH /dashboardapi/automation-rules/5')[0]?.body).toMatchObject({
        conditions: {
          match: 'all',
          conditions: [
            { field: 'store', operator: 'is', value: 4 },
            { field: 'contact_field', name: 'plan', operator: 'is_empty', value: '' },
          ],
        },
        actions: [
          {
            type: 'send_webhook',
            url: 'https://hooks.example.com/parley',
            secret: 'a-long-signing-secret',
          },
          { type: 'mention', user_id: 3, body: 'VIP wrote' },
        ],
      }),
    );
  });
});
