import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Popconfirm,
  Skeleton,
  Switch,
  Tag,
  Typography,
} from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { MAX_SLA_POLICIES, type SlaPolicy } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  useDeleteSlaPolicyMutation,
  useGetSlaPoliciesQuery,
  useGetSlaStoresQuery,
  useReorderSlaPoliciesMutation,
  useUpdateSlaPolicyMutation,
} from '../api/sla-policies-api';
import { policySummary } from '../policy-draft';
import { SlaPolicyEditor } from './sla-policy-editor';

/**
 * /settings/sla: the account's SLA policies in the order they are tried, each with what it covers
 * in one line (docs/product/sla.md). Owners and admins change them; agents read them.
 */
export function SlaPoliciesPage() {
  const { data, isLoading, error, refetch } = useGetSlaPoliciesQuery();
  const { data: stores } = useGetSlaStoresQuery();
  const me = useAppSelector((state) => state.auth.me);
  const canManage = me ? me.permission_level !== 'agent' : false;
  const [update] = useUpdateSlaPolicyMutation();
  const [remove] = useDeleteSlaPolicyMutation();
  const [reorder] = useReorderSlaPoliciesMutation();
  const [editing, setEditing] = useState<SlaPolicy | 'new' | null>(null);

  const policies = data?.policies ?? [];
  const storeName = useMemo(() => {
    const names = new Map((stores ?? []).map((s) => [s.id, s.name]));
    return (id: number) => names.get(id);
  }, [stores]);
  const failed = (what: string) => (failure: unknown) =>
    toast.error(what, asErrorPayload(failure)?.message);

  const move = (index: number, by: -1 | 1) => {
    const ids = policies.map((p) => p.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder(ids)
      .unwrap()
      .catch(failed(t`The order could not be saved`));
  };

  return (
    <div style={{ maxWidth: 880 }}>
      <PageHeader
        title={t`SLA policies`}
        description={
          <Trans>
            Promise how soon the team answers and resolves, per priority. A conversation gets the
            first policy from the top that covers it; its clocks show in the inbox and turn orange
            before they are due. Clocks can count only the{' '}
            <Link to="/settings/business-hours">business hours</Link>.
          </Trans>
        }
        extra={
          canManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={policies.length >= MAX_SLA_POLICIES}
              onClick={() => setEditing('new')}
            >
              <Trans>New policy</Trans>
            </Button>
          )
        }
      />
      {!canManage && me && (
        <Alert
          type="info"
          showIcon
          title={t`Only owners and admins can change SLA policies.`}
          style={{ marginBottom: 16 }}
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          title={'message' in error ? error.message : t`SLA policies could not be loaded.`}
          action={
            <Button size="small" onClick={() => void refetch()}>
              <Trans>Try again</Trans>
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {isLoading && <Skeleton active />}
      {!isLoading && !error && policies.length === 0 && (
        <Empty
          description={t`No SLA policies yet. Create one to promise response and resolution times.`}
        />
      )}
      <Flex
        vertical
        gap={12}
        component="ol"
        aria-label={t`SLA policies`}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {policies.map((policy, index) => {
          const policyName = policy.name;
          return (
            <li key={policy.id}>
              <Card size="small">
                <Flex gap={12} wrap justify="space-between" align="flex-start">
                  <Flex vertical gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
                    <Flex gap={8} wrap align="center">
                      <Typography.Text strong dir="auto">
                        {policy.name}
                      </Typography.Text>
                      {!policy.enabled && (
                        <Tag>
                          <Trans>Off</Trans>
                        </Tag>
                      )}
                    </Flex>
                    <Typography.Text
                      type={policy.enabled ? undefined : 'secondary'}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {policySummary(policy, storeName)}
                    </Typography.Text>
                  </Flex>
                  <Flex gap={4} wrap align="center">
                    <Switch
                      aria-label={t`Turn ${policyName} on or off`}
                      checked={policy.enabled}
                      disabled={!canManage}
                      onChange={(enabled) =>
                        update({ id: policy.id, patch: { enabled } })
                          .unwrap()
                          .catch(failed(t`The policy could not be saved`))
                      }
                    />
                    {canManage && (
                      <>
                        <Button
                          aria-label={t`Move ${policyName} up`}
                          icon={<ArrowUpOutlined />}
                          disabled={index === 0}
                          onClick={() => move(index, -1)}
                        />
                        <Button
                          aria-label={t`Move ${policyName} down`}
                          icon={<ArrowDownOutlined />}
                          disabled={index === policies.length - 1}
                          onClick={() => move(index, 1)}
                        />
                      </>
                    )}
                    <Button
                      aria-label={canManage ? t`Edit ${policyName}` : t`View ${policyName}`}
                      icon={canManage ? <EditOutlined /> : <EyeOutlined />}
                      onClick={() => setEditing(policy)}
                    />
                    {canManage && (
                      <Popconfirm
                        title={t`Delete the SLA policy ${policyName}?`}
                        okText={t`Delete`}
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          remove(policy.id)
                            .unwrap()
                            .catch(failed(t`The policy could not be deleted`))
                        }
                      >
                        <Button
                          aria-label={t`Delete ${policyName}`}
                          icon={<DeleteOutlined />}
                          danger
                        />
                      </Popconfirm>
                    )}
                  </Flex>
                </Flex>
              </Card>
            </li>
          );
        })}
      </Flex>
      {editing && (
        <SlaPolicyEditor
          policy={editing === 'new' ? null : editing}
          stores={stores ?? []}
          canManage={canManage}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
