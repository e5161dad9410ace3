import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCAL_KEYS, type ConversationMapping, type ReportOverview } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { GlobalDateRangeProvider } from '../../date-range';
import { ReportingPage } from './reporting-page';

const totals = (over: Partial<ReportOverview['current']> = {}): ReportOverview['current'] => ({
  opened: 4,
  closed: 3,
  messages_in: 5,
  messages_out: 3,
  first_response: { count: 3, median_seconds: 600, p90_seconds: 1080 },
  resolution: { count: 3, median_seconds: 86400, p90_seconds: 155520 },
  csat: { responses: 2, average_rating: 4, satisfied_percent: 50 },
  ...over,
});

const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
heatmap[1]![10] = 2;

const OVERVIEW: ReportOverview = {
  range: { from: '2026-03-01', to: '2026-03-10', days: 10 },
  previous_range: { from: '2026-02-19', to: '2026-02-28', days: 10 },
  timezone: 'UTC',
  current: totals(),
  previous: totals({
    opened: 2,
    first_response: { count: 2, median_seconds: 1200, p90_seconds: 1650 },
  }),
  daily: [
    { date: '2026-03-01', opened: 0, closed: 1, messages_in: 0, messages_out: 0 },
    { date: '2026-03-02', opened: 1, closed: 1, messages_in: 1, messages_out: 1 },
  ],
  breakdowns: {
    channels: [
      {
        id: 11,
        name: 'support@acme.test',
        opened: 2,
        closed: 3,
        first_response: { count: 2, median_seconds: 900, p90_seconds: 1140 },
        resolution: { count: 3, median_seconds: 86400, p90_seconds: 155520 },
      },
    ],
    agents: [
      {
        id: null,
        name: 'Unassigned',
        opened: 1,
        closed: 0,
        first_response: { count: 0, median_seconds: null, p90_seconds: null },
        resolution: { count: 0, median_seconds: null, p90_seconds: null },
      },
    ],
    teams: [],
    tags: [],
  },
  heatmap,
};

const MAPPING: ConversationMapping = {
  tags: [{ id: 31, name: 'refund', color: '#1677ff' }],
  dc_users: [
    {
      id: 21,
      name: 'Tariq Teammate',
      email: 'tariq@example.com',
      avatar: null,
      profile_color: '#1677ff',
      initials: 'TT',
      permission_level: 'agent',
    },
  ],
  support_channels: [
    {
      id: 11,
      type: 'email',
      name: 'support@acme.test',
      brand_id: null,
      needs_reauthorization: false,
    },
  ],
  teams: [],
  integrations: [],
};

const NEW_YORK_HOURS = {
  business_hours: { time_zone: 'America/New_York', days: [], holidays: [] },
};

const CSV = 'date,opened,closed,messages_in,messages_out\r\n2026-03-01,0,1,0,0\r\n';

function renderReporting(range = { start: '2026-03-01', end: '2026-03-10' }) {
  signInCookies();
  localStorage.setItem(LOCAL_KEYS.globalDateRange, JSON.stringify(range));
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: 'agent' }));
  renderPage(
    <GlobalDateRangeProvider>
      <ReportingPage />
    </GlobalDateRangeProvider>,
    { at: '/reporting', store },
  );
}

/** Page-sized renders are slow on a loaded machine. */
const PAGE_TIMEOUT = 60_000;

function readText(file: Blob) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(String(reader.result)));
    reader.addEventListener('error', () => reject(reader.error));
    reader.readAsText(file);
  });
}

const query = (url: string) => Object.fromEntries(new URL(url, 'http://localhost').searchParams);

describe('reporting page', () => {
  it(
    'asks for the global date range and shows the KPI cards with their change, the tables and the busiest hours',
    async () => {
      const api = fakeApi({
        'GET /dashboardapi/reports/overview': json(200, {
          ...OVERVIEW,
          timezone: 'America/New_York',
        }),
        'GET /dashboardapi/conversation/mapping': json(200, MAPPING),
        'GET /dashboardapi/business-hours': json(200, NEW_YORK_HOURS),
      });
      renderReporting();

      // Label queries, not role queries: the page is large and role queries are slow on it.
      const opened = await screen.findByLabelText('Conversations opened');
      expect(within(opened).getByText('4')).toBeInTheDocument();
      expect(within(opened).getByText('+100% vs previous period')).toBeInTheDocument();
      const frt = screen.getByLabelText('First response time');
      expect(within(frt).getByText('10m')).toBeInTheDocument();
      expect(within(frt).getByText('median · p90 18m')).toBeInTheDocument();
      // 10 minutes instead of 20 is good news.
      expect(within(frt).getByText('−50% vs previous period')).toBeInTheDocument();
      const closed = screen.getByLabelText('Conversations closed');
      expect(within(closed).getByText('No change')).toBeInTheDocument();
      const csat = screen.getByLabelText('CSAT');
      expect(within(csat).getByText('50%')).toBeInTheDocument();
      expect(within(csat).getByText('4 ★ average · 2 ratings')).toBeInTheDocument();

      expect(
        screen.getByText('Mar 1, 2026 – Mar 10, 2026, compared with Feb 19, 2026 – Feb 28, 2026.', {
          exact: false,
        }),
      ).toBeInTheDocument();
      // Days are the account's, beside the range: the zone the server counted in.
      expect(
        screen.getByText('Counted in America/New_York, the workspace’s time zone'),
      ).toBeInTheDocument();

      const row = screen.getByText('support@acme.test', { selector: 'td' }).closest('tr')!;
      expect([...row.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
        'support@acme.test',
        '2',
        '3',
        '15m',
        '19m',
        '1d',
        '1d 19h',
      ]);
      expect(screen.getByLabelText('Tuesday 10:00: 2 messages')).toHaveAttribute('data-value', '2');
      expect(screen.getByLabelText('Monday 09:00: 0 messages')).toHaveAttribute('data-value', '0');

      const [call] = api.callsTo('GET /dashboardapi/reports/overview');
      expect(query(call!.url)).toMatchObject({ from: '2026-03-01', to: '2026-03-10' });
      // The browser's zone is not the report's: the server counts in the account's.
      expect(query(call!.url).tz).toBeUndefined();
      expect(call!.headers.authorization).toBe('Token tok_abcdefghijklmnop');
    },
    PAGE_TIMEOUT,
  );

  it(
    'filters by agent: the choice is sent as agent_id',
    async () => {
      const api = fakeApi({
        'GET /dashboardapi/reports/overview': json(200, OVERVIEW),
        'GET /dashboardapi/conversation/mapping': json(200, MAPPING),
      });
      renderReporting();
      await screen.findByLabelText('Conversations opened');

      await userEvent.click(screen.getByLabelText('All agents'));
      await userEvent.click(await screen.findByTitle('Tariq Teammate'));
      await waitFor(() =>
        expect(
          api
            .callsTo('GET /dashboardapi/reports/overview')
            .some((c) => query(c.url).agent_id === '21'),
        ).toBe(true),
      );
    },
    PAGE_TIMEOUT,
  );

  it(
    'exports the CSV with the same range, one row per day, as a download',
    async () => {
      const api = fakeApi({
        'GET /dashboardapi/reports/overview': json(200, OVERVIEW),
        'GET /dashboardapi/conversation/mapping': json(200, MAPPING),
        'GET /dashboardapi/reports/export.csv': json(200, CSV),
      });
      const clicked: HTMLAnchorElement[] = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push(this);
      });
      const files: Blob[] = [];
      const toUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
        files.push(file as Blob);
        return 'blob:http://localhost/report';
      });
      renderReporting();
      await screen.findByLabelText('Conversations opened');

      await userEvent.click(screen.getByText('Export CSV'));
      await userEvent.click(await screen.findByText('One row per day'));

      await waitFor(() => expect(clicked).toHaveLength(1));
      const [call] = api.callsTo('GET /dashboardapi/reports/export.csv');
      expect(query(call!.url)).toMatchObject({ from: '2026-03-01', to: '2026-03-10', by: 'day' });
      expect(clicked[0]!.download).toBe('report-2026-03-01-to-2026-03-10-by-day.csv');
      expect(clicked[0]!.href).toBe('blob:http://localhost/report');
      expect(files[0]!.type).toBe('text/csv;charset=utf-8');
      expect(await readText(files[0]!)).toBe(CSV);
      click.mockRestore();
      toUrl.mockRestore();
    },
    PAGE_TIMEOUT,
  );

  it(
    'says why a range longer than a year cannot be reported on, without asking the server',
    async () => {
      const api = fakeApi({ 'GET /dashboardapi/conversation/mapping': json(200, MAPPING) });
      renderReporting({ start: '2024-01-01', end: '2026-01-01' });
      expect(await screen.findByText('Choose a date range of one year or less.')).toBeVisible();
      expect(api.callsTo('GET /dashboardapi/reports/overview')).toHaveLength(0);
    },
    PAGE_TIMEOUT,
  );

  it('shows the server’s message when the report fails, with a way to try again', async () => {
    fakeApi({
      'GET /dashboardapi/reports/overview': json(404, {
        code: 'not_found',
        message: 'That tag was not found.',
      }),
      'GET /dashboardapi/conversation/mapping': json(200, MAPPING),
    });
    renderReporting();
    expect(await screen.findByText('That tag was not found.')).toBeVisible();
    expect(screen.getByText('Try again').closest('button')).toBeInTheDocument();
  });
});
