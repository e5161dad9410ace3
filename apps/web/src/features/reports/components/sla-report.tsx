import { useState } from 'react';
import { Button, Flex, Radio, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  PRIORITIES,
  SLA_METRICS,
  SLA_REPORT_GROUPS,
  type Priority,
  type SlaAttainment,
  type SlaMetric,
  type SlaReportGroup,
  type SlaReportRow,
} from '@parley/contracts';
import { toast } from '../../../lib/toast';
import { priorityLabel } from '../../conversation';
import { slaMetricName } from '../../sla';
import {
  downloadSlaReportCsv,
  useGetSlaReportQuery,
  type SlaReportParams,
} from '../api/sla-report-api';
import { formatCount, formatDay, formatMonth, formatShare } from '../report-format';
import { LoadErrorAlert } from '../../../components/load-error-alert';

function groupLabel(by: SlaReportGroup): string {
  switch (by) {
    case 'team':
      return t`By team`;
    case 'agent':
      return t`By agent`;
    case 'priority':
      return t`By priority`;
    case 'day':
      return t`By day`;
    case 'week':
      return t`By week`;
    case 'month':
      return t`By month`;
  }
}

function groupColumn(by: SlaReportGroup): string {
  switch (by) {
    case 'team':
      return t`Team`;
    case 'agent':
      return t`Agent`;
    case 'priority':
      return t`Priority`;
    case 'day':
      return t`Day`;
    case 'week':
      return t`Week`;
    case 'month':
      return t`Month`;
  }
}

/** A row's name: the server's for teams and agents, ours (in the active language) for the rest. */
function rowName(row: SlaReportRow, by: SlaReportGroup): string {
  switch (by) {
    case 'priority':
      return (PRIORITIES as readonly string[]).includes(row.key)
        ? priorityLabel(row.key as Priority)
        : row.label;
    case 'day':
      return formatDay(row.key);
    case 'week': {
      const day = formatDay(row.key);
      return t`Week of ${day}`;
    }
    case 'month':
      return formatMonth(row.key);
    default:
      return row.label;
  }
}

function metricColumns(metric: SlaMetric): TableColumnsType<SlaReportRow>[number] {
  const figures = (r: SlaReportRow): SlaAttainment => r[metric];
  return {
    title: slaMetricName(metric),
    key: metric,
    children: [
      {
        title: t`Attainment`,
        key: `${metric}-attainment`,
        align: 'end',
        render: (_, r) => formatShare(figures(r).attainment),
      },
      {
        title: t`Met`,
        key: `${metric}-met`,
        align: 'end',
        render: (_, r) => formatCount(figures(r).met),
      },
      {
        title: t`Breached`,
        key: `${metric}-breached`,
        align: 'end',
        render: (_, r) => formatCount(figures(r).breached),
      },
    ],
  };
}

/** The table's last row: every group together. */
const totalRow = (total: SlaReportRow) =>
  function TotalRow() {
    return (
      <Table.Summary.Row>
        <Table.Summary.Cell index={0}>
          <strong>
            <Trans>Total</Trans>
          </strong>
        </Table.Summary.Cell>
        {SLA_METRICS.flatMap((metric, i) => [
          <Table.Summary.Cell key={`${metric}-a`} index={1 + i * 3} align="end">
            <strong>{formatShare(total[metric].attainment)}</strong>
          </Table.Summary.Cell>,
          <Table.Summary.Cell key={`${metric}-m`} index={2 + i * 3} align="end">
            {formatCount(total[metric].met)}
          </Table.Summary.Cell>,
          <Table.Summary.Cell key={`${metric}-b`} index={3 + i * 3} align="end">
            {formatCount(total[metric].breached)}
          </Table.Summary.Cell>,
        ])}
      </Table.Summary.Row>
    );
  };

/**
 * SLA attainment over the global date range (docs/product/sla.md): per team, agent, priority or
 * period, the share of clocks kept and the kept and missed counts of each metric, with the
 * total row; exported as CSV with the same question.
 */
export function SlaReport({ from, to, tz }: { from: string; to: string; tz: string }) {
  const [by, setBy] = useState<SlaReportGroup>('team');
  const [busy, setBusy] = useState(false);
  const params: SlaReportParams = { from, to, by, tz };
  const { data, error, isLoading, isFetching, refetch } = useGetSlaReportQuery(params);

  const download = async () => {
    setBusy(true);
    try {
      await downloadSlaReportCsv(params);
    } catch (failure) {
      toast.error((failure as Error).message || t`The CSV could not be downloaded.`);
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumnsType<SlaReportRow> = [
    {
      title: groupColumn(by),
      key: 'name',
      render: (_, r) => rowName(r, by),
      // Names people gave (teams, agents) run in their own direction.
      onCell: () => ({ dir: 'auto' }),
    },
    ...SLA_METRICS.map(metricColumns),
  ];

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        <Trans>
          Clocks that ended in the range, kept or missed. The filters of the overview do not apply
          here.
        </Trans>
      </Typography.Text>
      <Flex gap={8} wrap justify="space-between" align="center">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          aria-label={t`Group the SLA report`}
          value={by}
          onChange={(event) => setBy(event.target.value as SlaReportGroup)}
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
        >
          {SLA_REPORT_GROUPS.map((group) => (
            <Radio.Button key={group} value={group}>
              {groupLabel(group)}
            </Radio.Button>
          ))}
        </Radio.Group>
        <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
          <Trans>Export CSV</Trans>
        </Button>
      </Flex>
      {error && (
        <LoadErrorAlert
          error={error}
          fallback={t`The SLA report could not be loaded.`}
          onRetry={refetch}
        />
      )}
      {isLoading && <Skeleton active paragraph={{ rows: 5 }} />}
      {data && (
        <Table<SlaReportRow>
          aria-busy={isFetching}
          aria-label={t`SLA attainment`}
          size="small"
          bordered
          rowKey={(r) => r.key}
          columns={columns}
          dataSource={data.rows}
          pagination={data.rows.length > 20 ? { pageSize: 20 } : false}
          locale={{ emptyText: t`No SLA clocks ended in this range.` }}
          scroll={{ x: true }}
          summary={data.rows.length > 0 ? totalRow(data.total) : undefined}
        />
      )}
    </Flex>
  );
}
