import { useState } from 'react';
import { Flex, Radio, Table, type TableColumnsType } from 'antd';
import type { ReportBreakdownRow, ReportOverview } from '@parley/contracts';
import { formatCount, formatDuration } from '../report-format';
import { t } from '@lingui/core/macro';

const tabs = (): { key: keyof ReportOverview['breakdowns']; label: string; column: string }[] => [
  { key: 'channels', label: t`By channel`, column: t`Channel` },
  { key: 'agents', label: t`By agent`, column: t`Agent` },
  { key: 'teams', label: t`By team`, column: t`Team` },
  { key: 'tags', label: t`By tag`, column: t`Tag` },
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
      // Names people gave (channels, agents, teams, tags) run in their own direction.
      onCell: () => ({ dir: 'auto' }),
    },
    {
      title: t`Opened`,
      key: 'opened',
      align: 'end',
      render: (_, r) => formatCount(r.opened),
      sorter: byNumber((r) => r.opened),
    },
    {
      title: t`Closed`,
      key: 'closed',
      align: 'end',
      render: (_, r) => formatCount(r.closed),
      sorter: byNumber((r) => r.closed),
    },
    {
      title: t`First response (median)`,
      key: 'frt-median',
      align: 'end',
      render: (_, r) => formatDuration(r.first_response.median_seconds),
      sorter: byNumber((r) => r.first_response.median_seconds),
    },
    {
      title: t`First response (p90)`,
      key: 'frt-p90',
      align: 'end',
      render: (_, r) => formatDuration(r.first_response.p90_seconds),
      sorter: byNumber((r) => r.first_response.p90_seconds),
    },
    {
      title: t`Resolution (median)`,
      key: 'res-median',
      align: 'end',
      render: (_, r) => formatDuration(r.resolution.median_seconds),
      sorter: byNumber((r) => r.resolution.median_seconds),
    },
    {
      title: t`Resolution (p90)`,
      key: 'res-p90',
      align: 'end',
      render: (_, r) => formatDuration(r.resolution.p90_seconds),
      sorter: byNumber((r) => r.resolution.p90_seconds),
    },
  ];
}

/**
 * Conversations opened and closed in the range, with their times, per channel / agent / team /
 * tag. The breakdowns are a row of choices that wraps on a narrow screen (tabs would hide the
 * longer names of some languages behind a "more" menu).
 */
export function BreakdownTables({ breakdowns }: { breakdowns: ReportOverview['breakdowns'] }) {
  const all = tabs();
  const [active, setActive] = useState(all[0]!.key);
  const shown = all.find((tab) => tab.key === active) ?? all[0]!;
  return (
    <Flex vertical gap={12}>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        aria-label={t`Breakdown`}
        value={active}
        onChange={(event) => setActive(event.target.value as typeof active)}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
      >
        {all.map((tab) => (
          <Radio.Button key={tab.key} value={tab.key}>
            {tab.label}
          </Radio.Button>
        ))}
      </Radio.Group>
      <Table<ReportBreakdownRow>
        size="small"
        rowKey={(r) => String(r.id)}
        columns={columns(shown.column)}
        dataSource={breakdowns[shown.key]}
        pagination={breakdowns[shown.key].length > 10 ? { pageSize: 10 } : false}
        locale={{ emptyText: t`No conversations in this range.` }}
        scroll={{ x: true }}
      />
    </Flex>
  );
}
