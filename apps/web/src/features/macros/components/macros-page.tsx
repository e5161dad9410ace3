import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { MAX_MACROS, type Macro } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { actionsSentence, useEditorChoices } from '../../automation';
import { useDeleteMacroMutation, useGetMacrosQuery } from '../api/macros-api';
import { MacroEditor } from './macro-editor';

/** /settings/macros: the shared macros and the agent's own, each with what it does in words. */
export function MacrosPage() {
  const { data, isLoading, error, refetch } = useGetMacrosQuery();
  const me = useAppSelector((state) => state.auth.me);
  const canShare = me ? me.permission_level !== 'agent' : false;
  const choices = useEditorChoices();
  const [remove] = useDeleteMacroMutation();
  const [editing, setEditing] = useState<Macro | 'new' | null>(null);
  const macros = data?.macros ?? [];

  return (
    <div style={{ maxWidth: 880 }}>
      <PageHeader
        title={t`Macros`}
        description={t`A macro does several things to a conversation in one click: tag it, assign it, set its priority or status, add a note, send a fast reply, close it. Run one from a conversation (or press m), or on a selection from the inbox list.`}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={macros.length >= MAX_MACROS}
            onClick={() => setEditing('new')}
          >
            <Trans>New macro</Trans>
          </Button>
        }
      />
      {error && (
        <Alert
          type="error"
          showIcon
          title={'message' in error ? error.message : t`Macros could not be loaded.`}
          action={
            <Button size="small" onClick={() => void refetch()}>
              <Trans>Try again</Trans>
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {isLoading && <Skeleton active />}
      {!isLoading && !error && macros.length === 0 && (
        <Empty description={t`No macros yet. Create one for the things you do again and again.`} />
      )}
      <Flex vertical gap={12} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {macros.map((macro) => {
          const macroName = macro.name;
          return (
            <li key={macro.id}>
              <Card size="small">
                <Flex gap={12} wrap justify="space-between" align="flex-start">
                  <Flex vertical gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
                    <Flex gap={8} wrap align="center">
                      <Typography.Text strong dir="auto">
                        {macro.name}
                      </Typography.Text>
                      <Tag>{macro.visibility === 'shared' ? t`Shared` : t`Only me`}</Tag>
                      {macro.broken_reason && (
                        <Tag color="error" icon={<WarningOutlined />}>
                          <Trans>Broken</Trans>
                        </Tag>
                      )}
                    </Flex>
                    {macro.description && (
                      <Typography.Text type="secondary" dir="auto">
                        {macro.description}
                      </Typography.Text>
                    )}
                    <Typography.Text style={{ overflowWrap: 'anywhere' }}>
                      {actionsSentence(macro.actions, choices.names)}
                    </Typography.Text>
                    {macro.broken_reason && (
                      <Typography.Text type="danger">
                        <Trans>This macro cannot run: {macro.broken_reason}</Trans>
                      </Typography.Text>
                    )}
                  </Flex>
                  {macro.editable && (
                    <Flex gap={4} wrap align="center">
                      <Button
                        aria-label={t`Edit ${macroName}`}
                        icon={<EditOutlined />}
                        onClick={() => setEditing(macro)}
                      />
                      <Popconfirm
                        title={t`Delete the macro ${macroName}?`}
                        okText={t`Delete`}
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          remove(macro.id)
                            .unwrap()
                            .catch((failure: unknown) =>
                              toast.error(
                                t`The macro could not be deleted`,
                                asErrorPayload(failure)?.message,
                              ),
                            )
                        }
                      >
                        <Button
                          aria-label={t`Delete ${macroName}`}
                          icon={<DeleteOutlined />}
                          danger
                        />
                      </Popconfirm>
                    </Flex>
                  )}
                </Flex>
              </Card>
            </li>
          );
        })}
      </Flex>
      {editing && (
        <MacroEditor
          macro={editing === 'new' ? null : editing}
          choices={choices}
          canShare={canShare}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
