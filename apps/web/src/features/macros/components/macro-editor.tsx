import { useId, useState } from 'react';
import { Alert, Button, Card, Drawer, Flex, Input, Radio, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { MACRO_ACTION_TYPES, type Macro, type MacroBody } from '@parley/contracts';
import { splitApiError } from '../../../lib/form-errors';
import { ActionRows, actionsSentence, type EditorChoices } from '../../automation';
import { useCreateMacroMutation, useUpdateMacroMutation } from '../api/macros-api';

function FieldErrors({ messages }: { messages: string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <Typography.Text type="danger" role="alert">
      {messages.join(' ')}
    </Typography.Text>
  );
}

/** Every path the server may name for this draft, so each error sits under its row. */
function pathsOf(draft: MacroBody): string[] {
  const paths = ['name', 'description', 'visibility', 'actions'];
  draft.actions.forEach((a, i) => {
    paths.push(`actions.${i}`);
    for (const key of Object.keys(a)) paths.push(`actions.${i}.${key}`);
    paths.push(`actions.${i}.tag_ids`, `actions.${i}.snooze_minutes`);
  });
  return paths;
}

/** A macro's name, description, who sees it and its actions (the automation rules' action rows). */
export function MacroEditor({
  macro,
  choices,
  canShare,
  onClose,
}: {
  macro: Macro | null;
  choices: EditorChoices;
  /** Owners and admins: only they make shared macros. */
  canShare: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const [draft, setDraft] = useState<MacroBody>(() =>
    macro
      ? {
          name: macro.name,
          description: macro.description,
          visibility: macro.visibility,
          actions: macro.actions,
        }
      : {
          name: '',
          description: null,
          visibility: 'personal',
          actions: [{ type: 'add_tags', tag_ids: [] }],
        },
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [create, creating] = useCreateMacroMutation();
  const [update, updating] = useUpdateMacroMutation();

  const save = async () => {
    setErrors({});
    setMessage(null);
    const body = { ...draft, description: draft.description?.trim() || null };
    try {
      if (macro) await update({ id: macro.id, patch: body }).unwrap();
      else await create(body).unwrap();
      onClose();
    } catch (failure) {
      const split = splitApiError(failure, pathsOf(draft));
      setErrors(split.fieldErrors);
      setMessage(split.message);
    }
  };

  return (
    <Drawer
      open
      // Never wider than a phone's screen: the rows wrap instead.
      size={Math.min(640, window.innerWidth)}
      aria-labelledby={titleId}
      title={<span id={titleId}>{macro ? t`Edit macro` : t`New macro`}</span>}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button
          type="primary"
          loading={creating.isLoading || updating.isLoading}
          onClick={() => void save()}
        >
          <Trans>Save</Trans>
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {actionsSentence(draft.actions, choices.names)}
        </Typography.Paragraph>
        {message && <Alert type="error" showIcon title={message} />}
        <Flex vertical gap={4}>
          <label htmlFor={`${titleId}-name`}>
            <Trans>Name</Trans>
          </label>
          <Input
            id={`${titleId}-name`}
            value={draft.name}
            status={errors.name ? 'error' : undefined}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
          <FieldErrors messages={errors.name} />
        </Flex>
        <Flex vertical gap={4}>
          <label htmlFor={`${titleId}-description`}>
            <Trans>Description (optional)</Trans>
          </label>
          <Input.TextArea
            id={`${titleId}-description`}
            autoSize={{ minRows: 1, maxRows: 4 }}
            value={draft.description ?? ''}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
          <FieldErrors messages={errors.description} />
        </Flex>
        <Flex vertical gap={4}>
          <Typography.Text strong id={`${titleId}-visibility`}>
            <Trans>Who can use it</Trans>
          </Typography.Text>
          <Radio.Group
            aria-labelledby={`${titleId}-visibility`}
            value={draft.visibility}
            onChange={(e) => setDraft({ ...draft, visibility: e.target.value })}
            options={[
              { value: 'personal', label: t`Only me` },
              { value: 'shared', label: t`Everyone in the workspace`, disabled: !canShare },
            ]}
          />
          {!canShare && (
            <Typography.Text type="secondary">
              <Trans>Only owners and admins make shared macros.</Trans>
            </Typography.Text>
          )}
          <FieldErrors messages={errors.visibility} />
        </Flex>
        <Card size="small" title={t`Actions, in order`}>
          <ActionRows
            actions={draft.actions}
            onChange={(actions) => setDraft({ ...draft, actions })}
            choices={choices}
            errors={errors}
            types={MACRO_ACTION_TYPES}
          />
        </Card>
      </Flex>
    </Drawer>
  );
}
