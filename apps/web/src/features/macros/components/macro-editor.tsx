import { useId, useState } from 'react';
import { Card, Flex, Input, Radio, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { MACRO_ACTION_TYPES, type Macro, type MacroBody } from '@parley/contracts';
import {
  EditorDrawer,
  FieldErrors,
  NameField,
  useItemEditor,
} from '../../../components/settings-list';
import { ActionRows, actionPaths, actionsSentence, type EditorChoices } from '../../automation';
import { useCreateMacroMutation, useUpdateMacroMutation } from '../api/macros-api';

/** Every path the server may name for this draft, so each error sits under its row. */
const pathsOf = (draft: MacroBody): string[] => [
  'name',
  'description',
  'visibility',
  'actions',
  ...actionPaths(draft.actions),
];

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
  const fieldId = useId();
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
  const editor = useItemEditor<MacroBody>(macro, {
    create: useCreateMacroMutation(),
    update: useUpdateMacroMutation(),
    onSaved: onClose,
  });

  const save = () =>
    editor.save({ ...draft, description: draft.description?.trim() || null }, pathsOf(draft));

  return (
    <EditorDrawer
      title={macro ? t`Edit macro` : t`New macro`}
      editor={editor}
      summary={actionsSentence(draft.actions, choices.names)}
      onSave={() => void save()}
      onClose={onClose}
    >
      <NameField
        value={draft.name}
        errors={editor.errors}
        onChange={(name) => setDraft({ ...draft, name })}
      />
      <Flex vertical gap={4}>
        <label htmlFor={`${fieldId}-description`}>
          <Trans>Description (optional)</Trans>
        </label>
        <Input.TextArea
          id={`${fieldId}-description`}
          autoSize={{ minRows: 1, maxRows: 4 }}
          value={draft.description ?? ''}
          onChange={(e) => setDraft({ ...draft, description: e.target.value })}
        />
        <FieldErrors messages={editor.errors.description} />
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text strong id={`${fieldId}-visibility`}>
          <Trans>Who can use it</Trans>
        </Typography.Text>
        <Radio.Group
          aria-labelledby={`${fieldId}-visibility`}
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
        <FieldErrors messages={editor.errors.visibility} />
      </Flex>
      <Card size="small" title={t`Actions, in order`}>
        <ActionRows
          actions={draft.actions}
          onChange={(actions) => setDraft({ ...draft, actions })}
          choices={choices}
          errors={editor.errors}
          types={MACRO_ACTION_TYPES}
        />
      </Card>
    </EditorDrawer>
  );
}
