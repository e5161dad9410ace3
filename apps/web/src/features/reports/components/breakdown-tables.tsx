import { Table, Tabs, type TableColumnsType } from 'antd';
import type { ReportBreakdownRow, ReportOverview } from '@parley/contracts';
import { formatCount, formatDuration } from '../report-format';

const TABS: { key: keyof ReportOverview['breakdowns']; label: string; column: string }[] = [
  { key: 'channels', label: 'By channel', column: 'Channel' },
  { key: 'agents', label: 'By agent', column: 'Agent' },
  { key: 'teams', label: 'By team', column: 'Team' },
  { key: 'tags', label: 'By tag', column: 'Tag' },
];

const byNumber =
  (get: (r: ReportBreakdownRow) => number | null) =>
  (a: ReportBreakdownRow, b: ReportBreakdownRow) =>
    (get(a) ?? -1) - (get(b) ?? -1);

function columns(first: string): TableColumnsType<ReportBreakdownRow> {
  return [
    {
      title: first,
      dataIndex: 'name',
      key: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
    },
    {
      title: 'Opened',
      key: 'opened',
      align: 'right',
      render: (_, r) => formatCount(r.opened),
      sorter: byNumber((r) => r.opened),
    },
    {
      title: 'Closed',
      key: 'closed',
      align: 'right',
      render: (_, r) => formatCount(r.closed),
      sorter: byNumber((r) => r.closed),
    },
    {
      title: 'First response (median)',
      key: 'frt-median',
      align: 'right',
      render: (_, r) => formatDuration(r.first_response.median_seconds),
      sorter: byNumber((r) => r.first_response.median_seconds),
    },
    {
      title: 'First response (p90)',
      key: 'frt-p90',
      align: 'right',
      render: (_, r) => formatDuration(r.first_response.p90_seconds),
      sorter: byNumber((r) => r.first_response.p90_seconds),
    },
    {
      title: 'Resolution (median)',
      key: 'res-median',
      align: 'right',
      render: (_, r) => formatDuration(r.resolution.median_seconds),
      sorter: byNumber((r) => r.resolution.median_seconds),
    },
    {
      title: 'Resolution (p90)',
      key: 'res-p90',
      align: 'right',
      render: (_, r) => formatDuration(r.resolution.p90_seconds),
      sorter: byNumber((r) => r.resolution.p90_seconds),
    },
  ];
}

/** Conversations opened and closed in the range, with their times, per channel / agent / team / tag. */
export function BreakdownTables({ breakdowns }: { breakdowns: ReportOverview['breakdowns'] }) {
  return (
    <Tabs
      items={TABS.map((t) => ({
        key: t.key,
        label: t.label,
        children: (
          <Table<ReportBreakdownRow>
            size="small"
            rowKey={(r) => String(r.id)}
            columns={columns(t.column)}
            dataSource={breakdowns[t.key]}
            pagination={breakdowns[t.key].length > 10 ? { pageSize: 10 } : false}
            locale={{ emptyText: 'No conversations in this range.' }}
            scroll={{ x: true }}
          />
        ),
      }))}
    />
  );
}
