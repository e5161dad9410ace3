import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCAL_KEYS, type SlaAttainment, type SlaReport } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json, type RecordedCall } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { GlobalDateRangeProvider } from '../../date-range';
import { ReportingPage } from './reporting-page';

const figures = (met: number, breached: number): SlaAttainment => ({
  total: met + breached,
  met,
  breached,
  attainment: met + breached === 0 ? null : met / (met + breached),
});

const BY_TEAM: SlaReport = {
  by: 'team',
  rows: [
    {
      key: '5',
      label: 'Billing team',
      first_response: figures(9, 1),
      next_response: figures(0, 0),
      resolution: figures(3, 1),
    },
    {
      key: 'none',
      label: 'No team',
      first_response: figures(1, 1),
      next_response: figures(2, 0),
      resolution: figures(0, 0),
    },
  ],
  total: {
    key: 'total',
    label: 'Total',
    first_response: figures(10, 2),
    next_response: figures(2, 0),
    resolution: figures(3, 1),
  },
};

const BY_PRIORITY: SlaReport = {
  by: 'priority',
  rows: [{ ...BY_TEAM.rows[0]!, key: 'urgent', label: 'urgent' }],
  total: BY_TEAM.total,
};

const query = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((c) => c.textContent);

function renderSla() {
  signInCookies();
  localStorage.setItem(
    LOCAL_KEYS.globalDateRange,
    JSON.stringify({ start: '2026-03-01', end: '2026-03-10' }),
  );
  const api = fakeApi({
    'GET /dashboardapi/reports/sla': (call: RecordedCall) =>
      json(200, query(call.url).by === 'priority' ? BY_PRIORITY : BY_TEAM),
    'GET /dashboardapi/reports/sla.csv': json(200, 'team,first_response_met\r\n'),
    'GET /dashboardapi/business-hours': json(200, {
      business_hours: { time_zone: 'Asia/Kolkata', days: [], holidays: [] },
    }),
    'GET /dashboardapi/conversation/mapping': json(200, {
      tags: [],
      dc_users: [],
      support_channels: [],
      teams: [],
      integrations: [],
    }),
  });
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded(ME));
  renderPage(
    <GlobalDateRangeProvider>
      <ReportingPage />
    </GlobalDateRangeProvider>,
    { at: '/reporting?tab=sla', path: '/reporting', store },
  );
  return api;
}

describe('reporting: SLA attainment', { timeout: 120_000 }, () => {
  it('shows each group’s attainment, met and breached per metric, and the total row, for the page’s range', async () => {
    const api = renderSla();
    const table = await screen.findByLabelText('SLA attainment');
    const row = within(table).getByText('Billing team').closest('tr')!;
    expect(cells(row)).toEqual(['Billing team', '90%', '9', '1', '—', '0', '0', '75%', '3', '1']);
    const total = within(table).getByText('Total').closest('tr')!;
    expect(cells(total)).toEqual(['Total', '83.3%', '10', '2', '100%', '2', '0', '75%', '3', '1']);

    const [call] = api.callsTo('GET /dashboardapi/reports/sla');
    expect(query(call!.url)).toMatchObject({ from: '2026-03-01', to: '2026-03-10', by: 'team' });
    // Counted in the account's time zone, as the overview and the conversation list are.
    expect(query(call!.url).tz).toBe('Asia/Kolkata');
    // The overview is not asked for while its tab is not shown.
    expect(api.callsTo('GET /dashboardapi/reports/overview')).toHaveLength(0);
  });

  it('groups by priority, named in words', async () => {
    const api = renderSla();
    await screen.findByLabelText('SLA attainment');
    // antd's radio input is hidden under its button: the label is what a person clicks.
    await userEvent.click(screen.getByText('By priority'));
    expect(await screen.findByText('Urgent')).toBeInTheDocument();
    expect(
      api.callsTo('GET /dashboardapi/reports/sla').some((c) => query(c.url).by === 'priority'),
    ).toBe(true);
  });

  it('exports the same question as CSV', async () => {
    const api = renderSla();
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const toUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/sla');
    await screen.findByLabelText('SLA attainment');
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const [call] = api.callsTo('GET /dashboardapi/reports/sla.csv');
    expect(query(call!.url)).toMatchObject({ from: '2026-03-01', to: '2026-03-10', by: 'team' });
    expect(clicked[0]!.download).toBe('sla-report-2026-03-01-to-2026-03-10-by-team.csv');
    click.mockRestore();
    toUrl.mockRestore();
  });
});
