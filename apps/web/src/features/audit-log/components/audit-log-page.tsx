import { useState } from 'react';
import { Alert, Button, Card, Flex, List, Select, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@parley/contracts';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { DateRangePicker, type DateRange } from '../../date-range';
import { downloadAuditLogCsv, useGetAuditLogQuery } from '../api/audit-log-api';
import { actionName, AuditEntryText } from './audit-entry-text';
import { AuditLogRetention } from './audit-log-retention';

/** One page of entries; the page after it is asked for when the person wants more. */
function AuditLogPage({
  filters,
  before,
  onPerson,
  onMore,
  isLast,
}: {
  filters: { action?: AuditAction; userId?: number; days?: DateRange | null };
  before?: number;
  onPerson: (person: NonNullable<AuditEntry['actor']>) => void;
  onMore: (nextBefore: number) => void;
  isLast: boolean;
}) {
  const { data, error, isFetching, refetch } = useGetAuditLogQuery({ ...filters, before });
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        title={'message' in error ? error.message : t`The audit log could not be loaded.`}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t`Try again`}
          </Button>
        }
      />
    );
  const entries = data?.entries ?? [];
  return (
    <>
      <List<AuditEntry>
        loading={isFetching && !data}
        dataSource={entries}
        locale={{
          emptyText:
            before === undefined ? t`Nothing matches these filters yet.` : t`No older entries.`,
        }}
        renderItem={(entry) => (
          <List.Item
            actions={
              entry.actor
                ? [
                    <Button
                      key="person"
                      type="link"
                      size="small"
                      onClick={() => onPerson(entry.actor!)}
                    >
                      {t`Only this person`}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <span style={{ fontWeight: 'normal' }}>
                  <AuditEntryText entry={entry} />
                </span>
              }
              description={
                <time dateTime={entry.created_at} title={formatDateTime(entry.created_at)}>
                  {formatRelative(entry.created_at)} · {formatDateTime(entry.created_at)}
                </time>
              }
            />
          </List.Item>
        )}
      />
      {isLast && data?.next_before != null && (
        <Flex justify="center" style={{ padding: 12 }}>
          <Button onClick={() => onMore(data.next_before!)}>{t`Show older entries`}</Button>
        </Flex>
      )}
    </>
  );
}

/**
 * Settings → Audit log (owners and admins): who signed in (or failed to), invited, joined,
 * changed a role, a setting, a channel or an API key, exported or deleted something, newest
 * first; filtered by action, person and days, exported as CSV, kept as long as chosen.
 */
export function AuditLogSettingsPage() {
  const [action, setAction] = useState<AuditAction | undefined>();
  const [person, setPerson] = useState<{ id: number; name: string } | null>(null);
  const [days, setDays] = useState<DateRange | null>(null);
  const [exporting, setExporting] = useState(false);
  // The pages shown so far: the first (no cursor), then one per "Show older entries".
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const filters = { action, userId: person?.id, days };
  const restart = () => setCursors([undefined]);
  const personName = person?.name ?? '';

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditLogCsv(filters);
    } catch (error) {
      toast.error((error as Error).message || t`The CSV could not be downloaded.`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div style={{ maxWidth: 880 }}>
      <PageHeader
        title={t`Audit log`}
        description={t`Who did what in this workspace: sign-ins, roles, settings, channels, API keys, exports and deletions.`}
        extra={
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            {t`Export CSV`}
          </Button>
        }
      />
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <Select<AuditAction>
          allowClear
          aria-label={t`Action`}
          // Every action is in the list, not only those the first screen of a virtual list holds.
          virtual={false}
          placeholder={t`Every action`}
          style={{ minWidth: 240 }}
          value={action}
          onChange={(value) => {
            setAction(value);
            restart();
          }}
          options={AUDIT_ACTIONS.map((value) => ({ value, label: actionName(value) }))}
        />
        <DateRangePicker
          value={days}
          placeholder={[t`First day`, t`Last day`]}
          onChange={(range) => {
            setDays(range);
            restart();
          }}
        />
        {person && (
          <Tag
            closable
            closeIcon={<span aria-label={t`Show everyone`}>×</span>}
            onClose={() => {
              setPerson(null);
              restart();
            }}
          >
            <Trans>Only {personName}</Trans>
          </Tag>
        )}
      </Flex>
      <Card variant="borderless" styles={{ body: { paddingBlock: 0 } }}>
        {cursors.map((before, index) => (
          <AuditLogPage
            key={`${action ?? ''}:${person?.id ?? ''}:${days?.start ?? ''}-${days?.end ?? ''}:${before ?? 'first'}`}
            filters={filters}
            before={before}
            isLast={index === cursors.length - 1}
            onPerson={(who) => {
              setPerson({ id: who.id, name: who.name || who.email });
              restart();
            }}
            onMore={(next) => setCursors((shown) => [...shown, next])}
          />
        ))}
      </Card>
      <AuditLogRetention />
    </div>
  );
}
