import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { SlaPolicy, SlaPolicyBody, SlaTargets } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall, type Reply } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { SlaPoliciesPage } from './sla-policies-page';

const none: SlaTargets = {
  first_response_minutes: null,
  next_response_minutes: null,
  resolution_minutes: null,
};

const policy = (over: Partial<SlaPolicy>): SlaPolicy => ({
  id: 1,
  name: 'VIP',
  enabled: true,
  position: 0,
  business_hours_only: true,
  warning_minutes: 30,
  conditions: { channel_types: ['email', 'live_chat', 'widget_livechat'], brand_ids: [4] },
  targets: {
    urgent: { first_response_minutes: 15, next_response_minutes: 60, resolution_minutes: 1440 },
    high: { ...none, first_response_minutes: 120 },
    medium: none,
    low: none,
    none,
  },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

const VIP = policy({});
const STANDARD = policy({
  id: 2,
  name: 'Standard',
  enabled: false,
  position: 1,
  business_hours_only: false,
  conditions: { channel_types: [], brand_ids: [] },
  targets: {
    urgent: none,
    high: none,
    medium: none,
    low: none,
    none: { ...none, resolution_minutes: 4320 },
  },
});

function renderPolicies(
  routes: Record<string, Reply> = {},
  permission: 'owner' | 'agent' = 'owner',
) {
  signInCookies();
  const api = fakeApi({
    'GET /dashboardapi/sla-policies': json(200, { policies: [VIP, STANDARD] }),
    'GET /dashboardapi/brand/all': json(200, [
      { id: 4, name: 'Maya Boutique', myshopify_domain: 'maya.myshopify.com' },
    ]),
    'GET /dashboardapi/business-hours': json(200, { business_hours: null }),
    ...routes,
  });
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: permission }));
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderPage(<SlaPoliciesPage />, { at: '/settings/sla', store });
  return { api, user };
}

const drawer = () => within(screen.getByRole('dialog'));

describe('Settings → SLA policies', { timeout: 120_000 }, () => {
  it('lists the policies in their order, each with what it covers in one line', async () => {
    renderPolicies();
    expect(await screen.findByText('VIP')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Email and Live chat · Maya Boutique · Business hours · Targets for Urgent and High',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Every channel · Every store · Round the clock · Targets for No priority'),
    ).toBeInTheDocument();
    expect(screen.getByText('Off')).toBeInTheDocument();
  });

  it('checks a new policy before sending it: a name and at least one target', async () => {
    const { api, user } = renderPolicies({
      'POST /dashboardapi/sla-policies': json(201, VIP),
    });
    await screen.findByText('VIP');
    await user.click(screen.getByRole('button', { name: /New policy/ }));
    await user.click(await drawer().findByRole('button', { name: 'Save' }));
    expect(await drawer().findByText('Give the policy a name.')).toBeInTheDocument();
    expect(drawer().getByText('Set at least one target.')).toBeInTheDocument();
    expect(api.callsTo('POST /dashboardapi/sla-policies')).toHaveLength(0);
  });

  it('saves a new policy with its targets in minutes, Live chat covering both chat types', async () => {
    const { api, user } = renderPolicies({
      'POST /dashboardapi/sla-policies': (call: RecordedCall) =>
        json(201, policy({ ...(call.body as SlaPolicyBody), id: 9, position: 2 })),
    });
    await screen.findByText('VIP');
    await user.click(screen.getByRole('button', { name: /New policy/ }));
    const form = drawer();
    await user.type(await form.findByLabelText('Name'), '  Chat promise ');
    await user.click(form.getByLabelText('Channels'));
    await user.click(await screen.findByTitle('Live chat'));
    await user.click(form.getByLabelText('Count in business hours'));
    const warning = form.getByLabelText('Warn before the due time');
    await user.clear(warning);
    await user.type(warning, '10');
    await user.type(form.getByLabelText('First response target, Urgent'), '2');
    await user.type(form.getByLabelText('Resolution target, Urgent'), '3');
    await user.click(form.getByLabelText('Resolution target unit, Urgent'));
    await user.click(await screen.findByTitle('days'));
    await user.type(form.getByLabelText('Next response target, No priority'), '45');
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST /dashboardapi/sla-policies')).toHaveLength(1));
    const body = api.callsTo('POST /dashboardapi/sla-policies')[0]!.body as SlaPolicyBody;
    expect(body).toEqual({
      name: 'Chat promise',
      enabled: true,
      business_hours_only: true,
      warning_minutes: 10,
      conditions: { channel_types: ['live_chat', 'widget_livechat'], brand_ids: [] },
      targets: {
        urgent: {
          first_response_minutes: 120,
          next_response_minutes: null,
          resolution_minutes: 4320,
        },
        high: none,
        medium: none,
        low: none,
        none: { ...none, next_response_minutes: 2700 },
      },
    });
    // Saved: the drawer closes and the list shows it last.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Chat promise')).toBeInTheDocument();
  });

  it('warns that business hours count round the clock while the account has none set', async () => {
    const { user } = renderPolicies();
    await screen.findByText('VIP');
    await user.click(screen.getByRole('button', { name: 'Edit VIP' }));
    expect(
      await drawer().findByText(
        'The business hours are “Always open”, so these clocks still count round the clock.',
      ),
    ).toBeInTheDocument();
    expect(drawer().getByRole('link', { name: 'Business hours' })).toHaveAttribute(
      'href',
      '/settings/business-hours',
    );
  });

  it('shows what the server refuses at its field', async () => {
    const { api, user } = renderPolicies({
      'PATCH /dashboardapi/sla-policies/1': json(400, {
        code: 'validation_error',
        message: 'Check the highlighted fields.',
        details: [
          { path: 'name', message: 'Another policy has that name.' },
          { path: 'targets.high.first_response_minutes', message: 'Too long for this policy.' },
          { path: 'conditions.brand_ids.0', message: 'That store was deleted.' },
        ],
      }),
    });
    await screen.findByText('VIP');
    await user.click(screen.getByRole('button', { name: 'Edit VIP' }));
    await user.click(await drawer().findByRole('button', { name: 'Save' }));
    expect(await drawer().findByText('Another policy has that name.')).toBeInTheDocument();
    expect(drawer().getByText('Too long for this policy.')).toBeInTheDocument();
    expect(drawer().getByText('That store was deleted.')).toBeInTheDocument();
    // What it sent: the policy as it was, every field.
    const [call] = api.callsTo('PATCH /dashboardapi/sla-policies/1');
    expect(call!.body).toMatchObject({
      name: 'VIP',
      business_hours_only: true,
      conditions: { channel_types: ['email', 'live_chat', 'widget_livechat'], brand_ids: [4] },
      targets: VIP.targets,
    });
  });

  it('moves a policy down: the new order is sent and shown', async () => {
    const { api, user } = renderPolicies({
      'PUT /dashboardapi/sla-policies/order': json(200, { policies: [STANDARD, VIP] }),
    });
    await screen.findByText('VIP');
    await user.click(screen.getByRole('button', { name: 'Move VIP down' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /dashboardapi/sla-policies/order')[0]?.body).toEqual({ ids: [2, 1] }),
    );
    const names = within(screen.getByRole('list', { name: 'SLA policies' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names[0]).toContain('Standard');
  });

  it('lets an agent read the policies but change nothing', async () => {
    const { user } = renderPolicies({}, 'agent');
    await screen.findByText('VIP');
    expect(screen.getByText('Only owners and admins can change SLA policies.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New policy/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move VIP down' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Turn VIP on or off' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'View VIP' }));
    expect(await drawer().findByLabelText('Name')).toBeDisabled();
    expect(drawer().queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
