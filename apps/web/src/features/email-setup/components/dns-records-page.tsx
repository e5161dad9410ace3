import { Alert, Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { Link } from 'react-router';
import {
  EMAIL_SETUP_ROUTES,
  type DnsCheckStatus,
  type DnsRecord,
  type DnsRecordCheck,
  type SendingDomain,
} from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { toast } from '../../../lib/toast';
import { useGetEmailSetupQuery, useVerifySendingDomainMutation } from '../api/email-setup-api';
import { CopyableText } from './copyable-text';

const KIND_LABELS: Record<DnsRecord['kind'], string> = { spf: 'SPF', dkim: 'DKIM', dmarc: 'DMARC' };

/** Each check outcome in words, with the colour of its tag. */
const STATUS: Record<DnsCheckStatus, { label: string; color: string }> = {
  verified: { label: 'Found and correct', color: 'success' },
  missing: { label: 'Not found', color: 'warning' },
  mismatch: { label: 'Found, but different', color: 'error' },
  error: { label: 'Lookup failed', color: 'default' },
};

const NO_DOMAINS: SendingDomain[] = [];

type Row = DnsRecord & { check: DnsRecordCheck | null };

function CheckResult({ check }: { check: DnsRecordCheck | null }) {
  if (!check) return <Typography.Text type="secondary">Not checked yet</Typography.Text>;
  const status = STATUS[check.status];
  return (
    <div>
      <Tag color={status.color}>{status.label}</Tag>
      <Typography.Paragraph style={{ margin: '4px 0 0', fontSize: 13 }}>
        {check.message}
      </Typography.Paragraph>
      {check.status === 'mismatch' && check.seen.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
          DNS has: <span style={{ wordBreak: 'break-all' }}>{check.seen.join(' · ')}</span>
        </Typography.Paragraph>
      )}
    </div>
  );
}

function DomainRecords({ domain, canVerify }: { domain: SendingDomain; canVerify: boolean }) {
  const [verify, verifying] = useVerifySendingDomainMutation();
  const rows: Row[] = domain.records.map((r) => ({
    ...r,
    check: domain.last_check?.find((c) => c.kind === r.kind) ?? null,
  }));

  const onVerify = async () => {
    try {
      const result = await verify(domain.domain).unwrap();
      if (result.domain.verified) toast.success('Domain verified', `${domain.domain} is verified.`);
      else
        toast.warning(
          'Not verified yet',
          'Some records are missing or different: see each record below. DNS changes can take a while to show.',
        );
    } catch (failure) {
      toast.error(
        'The records could not be checked',
        asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE,
      );
    }
  };

  const columns: TableColumnsType<Row> = [
    {
      title: 'Record',
      key: 'kind',
      width: 90,
      render: (_, row) => (
        <div>
          <Typography.Text strong>{KIND_LABELS[row.kind]}</Typography.Text>
          <div>
            <Typography.Text type="secondary">{row.type}</Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: 'Host',
      key: 'host',
      width: 240,
      render: (_, row) => (
        <CopyableText text={row.host} label={`Copy host of ${KIND_LABELS[row.kind]} record`} />
      ),
    },
    {
      title: 'Value',
      key: 'value',
      render: (_, row) => (
        <CopyableText text={row.value} label={`Copy value of ${KIND_LABELS[row.kind]} record`} />
      ),
    },
    {
      title: 'Check',
      key: 'check',
      width: 240,
      render: (_, row) => <CheckResult check={row.check} />,
    },
  ];

  return (
    <Card
      style={{ marginBottom: 24 }}
      title={
        <Space>
          <span>{domain.domain}</span>
          {domain.verified ? (
            <Tag color="success" icon={<CheckCircleFilled />}>
              Verified
            </Tag>
          ) : (
            <Tag color="warning">Not verified</Tag>
          )}
        </Space>
      }
      extra={
        <Button
          type="primary"
          loading={verifying.isLoading}
          disabled={!canVerify}
          onClick={() => void onVerify()}
          aria-label={`Verify ${domain.domain}`}
        >
          Verify
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {domain.verified && domain.verified_at
          ? `Verified ${formatTimestamp(domain.verified_at)}. `
          : ''}
        {domain.last_checked_at
          ? `Last checked ${formatTimestamp(domain.last_checked_at)}.`
          : 'Not checked yet: publish the records, then press Verify.'}
      </Typography.Paragraph>
      <Table<Row>
        rowKey="kind"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        aria-label={`DNS records of ${domain.domain}`}
      />
    </Card>
  );
}

/** /settings/dnsrecords ("DMARC verification": docs/product/screens.md): records to publish, and their check. */
export function DnsRecordsPage() {
  const { data, isLoading, error, refetch } = useGetEmailSetupQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const domains = data?.domains ?? NO_DOMAINS;
  const me = useAppSelector((state) => state.auth.me);
  const canVerify = me ? me.permission_level !== 'agent' : true;

  return (
    <div style={{ maxWidth: 1080 }}>
      <PageHeader
        title="DNS records"
        description="Publish these TXT records at your domain's DNS host so mailbox providers trust the mail you send (SPF, DKIM and DMARC), then verify them here."
      />
      {!canVerify && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Only owners and admins can verify the records."
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          title={asErrorPayload(error)?.message ?? 'The DNS records could not be loaded.'}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {data && domains.length === 0 && (
        <Empty
          description={
            <span>
              No sending domain yet. Add the address you send from in{' '}
              <Link to={EMAIL_SETUP_ROUTES.emailSetup}>Email setup</Link> first.
            </span>
          }
        />
      )}
      {isLoading && <Card loading />}
      {domains.map((domain) => (
        <DomainRecords key={domain.domain} domain={domain} canVerify={canVerify} />
      ))}
    </div>
  );
}
