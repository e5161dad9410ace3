import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Dropdown, Flex, Select, Skeleton, Tabs, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { MAX_REPORT_DAYS, reportRangeProblem, type ReportExportGroup } from '@parley/contracts';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../lib/toast';
import { useGetBusinessHoursQuery } from '../../business-hours';
import { GlobalDateRangePicker, useGlobalDateRange } from '../../date-range';
import {
  downloadReportCsv,
  useGetReportFilterOptionsQuery,
  useGetReportOverviewQuery,
  type ReportParams,
} from '../api/reports-api';
import { formatRange } from '../report-format';
import { BreakdownTables } from './breakdown-tables';
import { BusiestHours } from './busiest-hours';
import { KpiCards } from './kpi-cards';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

// The charting library arrives in its own chunk, after the figures: the cards and tables do
// not wait for it.
const VolumeChart = lazy(() => import('./volume-chart').then((m) => ({ default: m.VolumeChart })));
// The SLA tab's table comes when the tab is first opened.
const SlaReport = lazy(() => import('./sla-report').then((m) => ({ default: m.SlaReport })));

/** The page's tabs, in the address (?tab=sla) so a report can be shared. */
type ReportTab = 'overview' | 'sla';

const FILTERS = ['channel_id', 'agent_id', 'team_id', 'tag_id'] as const;
type FilterKey = (typeof FILTERS)[number];

const exportChoices = (): { key: ReportExportGroup; label: string }[] => [
  { key: 'day', label: t`One row per day` },
  { key: 'channel', label: t`One row per channel` },
  { key: 'agent', label: t`One row per agent` },
  { key: 'team', label: t`One row per team` },
  { key: 'tag', label: t`One row per tag` },
];

/** Why the chosen range cannot be reported (the contract's rule), in the active language. */
function rangeProblem(from: string, to: string): string | null {
  if (reportRangeProblem(from, to) === null) return null;
  return from > to
    ? t`The start date must be on or before the end date.`
    : t`Choose a date range of one year or less.`;
}

/** The filters live in the address (?channel_id=…), so a filtered report can be shared. */
function useReportFilters() {
  const [search, setSearch] = useSearchParams();
  const tab: ReportTab = search.get('tab') === 'sla' ? 'sla' : 'overview';
  const setTab = (next: ReportTab) =>
    setSearch(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (next === 'overview') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  const filters: Partial<Record<FilterKey, number>> = {};
  for (const key of FILTERS) {
    const n = Number(search.get(key));
    if (Number.isInteger(n) && n > 0) filters[key] = n;
  }
  const setFilter = (key: FilterKey, value: number | undefined) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === undefined) next.delete(key);
        else next.set(key, String(value));
        return next;
      },
      { replace: true },
    );
  return { filters, setFilter, tab, setTab };
}

function Filters({
  filters,
  setFilter,
}: Pick<ReturnType<typeof useReportFilters>, 'filters' | 'setFilter'>) {
  const { data } = useGetReportFilterOptionsQuery();
  const select = (key: FilterKey, label: string, options: { id: number; name: string }[]) => (
    <Select
      key={key}
      aria-label={label}
      placeholder={label}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 180 }}
      value={filters[key]}
      options={options.map((o) => ({ value: o.id, label: o.name }))}
      onChange={(value?: number) => setFilter(key, value)}
    />
  );
  return (
    <Flex wrap gap={8}>
      {select('channel_id', t`All channels`, data?.support_channels ?? [])}
      {select('agent_id', t`All agents`, data?.dc_users ?? [])}
      {select('team_id', t`All teams`, data?.teams ?? [])}
      {select('tag_id', t`All tags`, data?.tags ?? [])}
    </Flex>
  );
}

function ExportButton({ params, disabled }: { params: ReportParams; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const download = async (by: ReportExportGroup) => {
    setBusy(true);
    try {
      await downloadReportCsv(params, by);
    } catch (error) {
      toast.error((error as Error).message || t`The CSV could not be downloaded.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled}
      menu={{
        items: exportChoices().map((e) => ({ key: e.key, label: e.label })),
        onClick: ({ key }) => void download(key as ReportExportGroup),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        <Trans>Export CSV</Trans>
      </Button>
    </Dropdown>
  );
}

/**
 * The time zone the reports count days and hours in: the account's (its business hours', else
 * UTC), as the conversation list's creation days are. Undefined until known.
 */
function useAccountTimeZone(): string | undefined {
  const { data, isError } = useGetBusinessHoursQuery();
  if (data) return data.business_hours?.time_zone ?? 'UTC';
  // Unreadable hours: the server's own default, so the SLA tab still answers.
  return isError ? 'UTC' : undefined;
}

/** Reporting (/reporting): the global date range's figures, compared with the period before. */
export function ReportingPage() {
  const { range } = useGlobalDateRange();
  const { filters, setFilter, tab, setTab } = useReportFilters();
  const accountZone = useAccountTimeZone();
  const problem = rangeProblem(range.start, range.end);
  const params: ReportParams = { from: range.start, to: range.end, ...filters };
  const { data, error, isLoading, isFetching, refetch } = useGetReportOverviewQuery(params, {
    skip: problem !== null || tab !== 'overview',
  });

  const shownRange = data ? formatRange(data.range.from, data.range.to) : '';
  const previousRange = data ? formatRange(data.previous_range.from, data.previous_range.to) : '';
  // The overview names the zone it counted in; the SLA tab counts in the account's too.
  const timezone = (tab === 'overview' ? data?.timezone : undefined) ?? accountZone ?? '';
  return (
    <div style={{ padding: 24, maxWidth: 1400 }}>
      <PageHeader
        title={t`Reporting`}
        description={
          data
            ? t`${shownRange}, compared with ${previousRange}.`
            : t`Conversations, messages, response times and satisfaction over the date range.`
        }
        extra={
          <Flex gap={8} wrap align="center">
            <GlobalDateRangePicker maxDays={MAX_REPORT_DAYS} />
            {timezone && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} aria-live="polite">
                {t`Counted in ${timezone}, the workspace’s time zone`}
              </Typography.Text>
            )}
            {tab === 'overview' && <ExportButton params={params} disabled={problem !== null} />}
          </Flex>
        }
      />
      {problem && <Alert type="warning" showIcon message={problem} style={{ marginBottom: 16 }} />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as ReportTab)}
        items={[
          {
            key: 'overview',
            label: t`Overview`,
            children: (
              <Flex vertical gap={16}>
                <Filters filters={filters} setFilter={setFilter} />
                {error && !problem && (
                  <Alert
                    type="error"
                    showIcon
                    message={
                      'message' in error ? error.message : t`The report could not be loaded.`
                    }
                    action={
                      <Button size="small" onClick={() => void refetch()}>
                        <Trans>Try again</Trans>
                      </Button>
                    }
                  />
                )}
                {isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
                {data && (
                  <div aria-busy={isFetching} style={{ opacity: isFetching ? 0.6 : 1 }}>
                    <Flex vertical gap={16}>
                      <KpiCards current={data.current} previous={data.previous} />
                      <Card size="small" title={t`Volume per day`}>
                        <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
                          <VolumeChart daily={data.daily} />
                        </Suspense>
                      </Card>
                      <Card size="small" title={t`Breakdown`}>
                        <BreakdownTables breakdowns={data.breakdowns} />
                      </Card>
                      <Card
                        size="small"
                        title={t`Busiest hours`}
                        extra={
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            <Trans>Customer messages received, {timezone}</Trans>
                          </Typography.Text>
                        }
                      >
                        <BusiestHours cells={data.heatmap} timezone={data.timezone} />
                      </Card>
                    </Flex>
                  </div>
                )}
              </Flex>
            ),
          },
          {
            key: 'sla',
            label: t`SLA`,
            children:
              problem || !accountZone ? null : (
                <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
                  <SlaReport from={range.start} to={range.end} tz={accountZone} />
                </Suspense>
              ),
          },
        ]}
      />
    </div>
  );
}
