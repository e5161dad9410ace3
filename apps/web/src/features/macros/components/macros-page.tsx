import { Tag } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { MAX_MACROS } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import {
  DeleteButton,
  EditButton,
  SettingsListCard,
  SettingsListPage,
} from '../../../components/settings-list';
import { actionsSentence, useEditorChoices } from '../../automation';
import { useDeleteMacroMutation, useGetMacrosQuery } from '../api/macros-api';
import { MacroEditor } from './macro-editor';

/** /settings/macros: the shared macros and the agent's own, each with what it does in words. */
export function MacrosPage() {
  const macros = useGetMacrosQuery();
  const me = useAppSelector((state) => state.auth.me);
  const canShare = me ? me.permission_level !== 'agent' : false;
  const choices = useEditorChoices();
  const [remove] = useDeleteMacroMutation();

  return (
    <SettingsListPage
      title={t`Macros`}
      description={t`A macro does several things to a conversation in one click: tag it, assign it, set its priority or status, add a note, send a fast reply, close it. Run one from a conversation (or press m), or on a selection from the inbox list.`}
      newLabel={<Trans>New macro</Trans>}
      limit={MAX_MACROS}
      query={macros}
      items={macros.data?.macros}
      loadFailed={t`Macros could not be loaded.`}
      empty={t`No macros yet. Create one for the things you do again and again.`}
      renderItem={(macro, place) => {
        const macroName = macro.name;
        return (
          <SettingsListCard
            name={macro.name}
            tags={<Tag>{macro.visibility === 'shared' ? t`Shared` : t`Only me`}</Tag>}
            description={macro.description}
            summary={actionsSentence(macro.actions, choices.names)}
            problem={
              macro.broken_reason && <Trans>This macro cannot run: {macro.broken_reason}</Trans>
            }
            actions={
              macro.editable && (
                <>
                  <EditButton label={t`Edit ${macroName}`} onClick={place.edit} />
                  <DeleteButton
                    label={t`Delete ${macroName}`}
                    confirmTitle={t`Delete the macro ${macroName}?`}
                    onDelete={() => remove(macro.id).unwrap()}
                    failed={t`The macro could not be deleted`}
                  />
                </>
              )
            }
          />
        );
      }}
      renderEditor={(macro, close) => (
        <MacroEditor macro={macro} choices={choices} canShare={canShare} onClose={close} />
      )}
    />
  );
}
