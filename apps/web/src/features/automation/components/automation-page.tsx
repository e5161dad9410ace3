import { useState } from 'react';
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
  PlusOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { MAX_AUTOMATION_RULES, type AutomationRule } from '@parley/contracts';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  useDeleteAutomationRuleMutation,
  useGetAutomationRulesQuery,
  useReorderAutomationRulesMutation,
  useUpdateAutomationRuleMutation,
} from '../api/automation-api';
import { useEditorChoices } from '../hooks/use-editor-choices';
import { ruleSentence } from '../rule-sentence';
import { RuleEditor } from './rule-editor';

/** /settings/automation: the account's rules, in the order they run, each read as a sentence. */
export function AutomationPage() {
  const { data, isLoading, error, refetch } = useGetAutomationRulesQuery();
  const [update] = useUpdateAutomationRuleMutation();
  const [remove] = useDeleteAutomationRuleMutation();
  const [reorder] = useReorderAutomationRulesMutation();
  const [editing, setEditing] = useState<AutomationRule | 'new' | null>(null);
  const choices = useEditorChoices();

  const rules = data?.rules ?? [];
  const failed = (what: string) => (failure: unknown) =>
    toast.error(what, asErrorPayload(failure)?.message);

  const move = (index: number, by: -1 | 1) => {
    const ids = rules.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder(ids)
      .unwrap()
      .catch(failed(t`The order could not be saved`));
  };

  return (
    <div style={{ maxWidth: 880 }}>
      <PageHeader
        title={t`Automation`}
        description={t`Rules act on conversations by themselves: when something happens and the conditions hold, they tag, assign, set status or priority, add a note or send a fast reply. They run from top to bottom.`}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={rules.length >= MAX_AUTOMATION_RULES}
            onClick={() => setEditing('new')}
          >
            <Trans>New rule</Trans>
          </Button>
        }
      />
      {error && (
        <Alert
          type="error"
          showIcon
          title={'message' in error ? error.message : t`Rules could not be loaded.`}
          action={
            <Button size="small" onClick={() => void refetch()}>
              <Trans>Try again</Trans>
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {isLoading && <Skeleton active />}
      {!isLoading && !error && rules.length === 0 && (
        <Empty
          description={t`No rules yet. Create one to tag, assign or answer conversations by themselves.`}
        />
      )}
      <Flex vertical gap={12} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rules.map((rule, index) => {
          const ruleName = rule.name;
          return (
            <li key={rule.id}>
              <Card size="small">
                <Flex gap={12} wrap justify="space-between" align="flex-start">
                  <Flex vertical gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
                    <Flex gap={8} wrap align="center">
                      <Typography.Text strong dir="auto">
                        {rule.name}
                      </Typography.Text>
                      {rule.broken_reason && (
                        <Tag color="error" icon={<WarningOutlined />}>
                          <Trans>Broken</Trans>
                        </Tag>
                      )}
                      {!rule.enabled && (
                        <Tag>
                          <Trans>Off</Trans>
                        </Tag>
                      )}
                    </Flex>
                    <Typography.Text
                      type={rule.enabled ? undefined : 'secondary'}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {ruleSentence(rule, choices.names)}
                    </Typography.Text>
                    {rule.broken_reason && (
                      <Typography.Text type="danger">
                        <Trans>This rule does not run: {rule.broken_reason}</Trans>
                      </Typography.Text>
                    )}
                  </Flex>
                  <Flex gap={4} wrap align="center">
                    <Switch
                      aria-label={t`Turn ${ruleName} on or off`}
                      checked={rule.enabled}
                      onChange={(enabled) =>
                        update({ id: rule.id, patch: { enabled } })
                          .unwrap()
                          .catch(failed(t`The rule could not be saved`))
                      }
                    />
                    <Button
                      aria-label={t`Move ${ruleName} up`}
                      icon={<ArrowUpOutlined />}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    />
                    <Button
                      aria-label={t`Move ${ruleName} down`}
                      icon={<ArrowDownOutlined />}
                      disabled={index === rules.length - 1}
                      onClick={() => move(index, 1)}
                    />
                    <Button
                      aria-label={t`Edit ${ruleName}`}
                      icon={<EditOutlined />}
                      onClick={() => setEditing(rule)}
                    />
                    <Popconfirm
                      title={t`Delete the rule ${ruleName}?`}
                      okText={t`Delete`}
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        remove(rule.id)
                          .unwrap()
                          .catch(failed(t`The rule could not be deleted`))
                      }
                    >
                      <Button aria-label={t`Delete ${ruleName}`} icon={<DeleteOutlined />} danger />
                    </Popconfirm>
                  </Flex>
                </Flex>
              </Card>
            </li>
          );
        })}
      </Flex>
      {editing && (
        <RuleEditor
          rule={editing === 'new' ? null : editing}
          choices={choices}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
