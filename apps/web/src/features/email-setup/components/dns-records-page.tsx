import { Alert, Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { Link } from 'react-router';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  EMAIL_SETUP_ROUTES,
  type DnsCheckStatus,
  type DnsRecord,
  type DnsRecordCheck,
  type SendingDomain,
} from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { toast } from '../../../lib/toast';
import { useGetEmailSetupQuery, useVerifySendingDomainMutation } from '../api/email-setup-api';
import { CopyableText } from './copyable-text';
import { LoadErrorAlert } from '../../../components/load-error-alert';

const KIND_LABELS: Record<DnsRecord['kind'], string> = { spf: 'SPF', dkim: 'DKIM', dmarc: 'DMARC' };

/** Each check outcome in words (in the active language), with the colour of its tag. */
const checkStatus = (status: DnsCheckStatus): { label: string; color: string } => {
  switch (status) {
    case 'verified':
      return { label: t`Found and correct`, color: 'success' };
    case 'missing':
      return { label: t`Not found`, color: 'warning' };
    case 'mismatch':
      return { label: t`Found, but different`, color: 'error' };
    case 'error':
      return { label: t`Lookup failed`, color: 'default' };
  }
};

const NO_DOMAINS: SendingDomain[] = [];

type Row = DnsRecord & { check: DnsRecordCheck | null };

function CheckResult({ check }: { check: DnsRecordCheck | null }) {
  if (!check)
    return (
      <Typography.Text type="secondary">
        <Trans>Not checked yet</Trans>
      </Typography.Text>
    );
  const status = checkStatus(check.status);
  const seenValues = check.seen.join(' · ');
  return (
    <div>
      <Tag color={status.color}>{status.label}</Tag>
      <Typography.Paragraph style={{ margin: '4px 0 0', fontSize: 13 }}>
        {check.message}
      </Typography.Paragraph>
      {check.status === 'mismatch' && check.seen.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
          <Trans>
            DNS has: <span style={{ wordBreak: 'break-all' }}>{seenValues}</span>
          </Trans>
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

  const domainName = domain.domain;
  const onVerify = async () => {
    try {
      const result = await verify(domainName).unwrap();
      if (result.domain.verified) toast.success(t`Domain verified`, t`${domainName} is verified.`);
      else
        toast.warning(
          t`Not verified yet`,
          t`Some records are missing or different: see each record below. DNS changes can take a while to show.`,
        );
    } catch (failure) {
      toast.error(
        t`The records could not be checked`,
        asErrorPayload(failure)?.message ?? genericErrorMessage(),
      );
    }
  };

  const columns: TableColumnsType<Row> = [
    {
      title: t`Record`,
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
      title: t`Host`,
      key: 'host',
      width: 240,
      render: (_, row) => {
        const recordKind = KIND_LABELS[row.kind];
        return <CopyableText text={row.host} label={t`Copy host of ${recordKind} record`} />;
      },
    },
    {
      title: t`Value`,
      key: 'value',
      render: (_, row) => {
        const recordKind = KIND_LABELS[row.kind];
        return <CopyableText text={row.value} label={t`Copy value of ${recordKind} record`} />;
      },
    },
    {
      title: t`Check`,
      key: 'check',
      width: 240,
      render: (_, row) => <CheckResult check={row.check} />,
    },
  ];

  const verifiedAt =
    domain.verified && domain.verified_at ? formatTimestamp(domain.verified_at) : null;
  const lastCheckedAt = domain.last_checked_at ? formatTimestamp(domain.last_checked_at) : null;

  return (
    <Card
      style={{ marginBottom: 24 }}
      title={
        <Space>
          <span dir="auto">{domain.domain}</span>
          {domain.verified ? (
            <Tag color="success" icon={<CheckCircleFilled />}>
              <Trans>Verified</Trans>
            </Tag>
          ) : (
            <Tag color="warning">
              <Trans>Not verified</Trans>
            </Tag>
          )}
        </Space>
      }
      extra={
        <Button
          type="primary"
          loading={verifying.isLoading}
          disabled={!canVerify}
          onClick={() => void onVerify()}
          aria-label={t`Verify ${domainName}`}
        >
          <Trans>Verify</Trans>
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {verifiedAt ? `${t`Verified ${verifiedAt}.`} ` : ''}
        {lastCheckedAt
          ? t`Last checked ${lastCheckedAt}.`
          : t`Not checked yet: publish the records, then press Verify.`}
      </Typography.Paragraph>
      <Table<Row>
        rowKey="kind"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        aria-label={t`DNS records of ${domainName}`}
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
        title={t`DNS records`}
        description={t`Publish these TXT records at your domain's DNS host so mailbox providers trust the mail you send (SPF, DKIM and DMARC), then verify them here.`}
      />
      {!canVerify && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t`Only owners and admins can verify the records.`}
        />
      )}
      {error && (
        <LoadErrorAlert
          error={error}
          fallback={t`The DNS records could not be loaded.`}
          onRetry={refetch}
        />
      )}
      {data && domains.length === 0 && (
        <Empty
          description={
            <span>
              <Trans>
                No sending domain yet. Add the address you send from in{' '}
                <Link to={EMAIL_SETUP_ROUTES.emailSetup}>Email setup</Link> first.
              </Trans>
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
