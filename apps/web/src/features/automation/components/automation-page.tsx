import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { MAX_AUTOMATION_RULES } from '@parley/contracts';
import {
  DeleteButton,
  EditButton,
  EnabledSwitch,
  MoveButtons,
  SettingsListCard,
  SettingsListPage,
} from '../../../components/settings-list';
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
  const rules = useGetAutomationRulesQuery();
  const [update] = useUpdateAutomationRuleMutation();
  const [remove] = useDeleteAutomationRuleMutation();
  const [reorder] = useReorderAutomationRulesMutation();
  const choices = useEditorChoices();

  return (
    <SettingsListPage
      title={t`Automation`}
      description={t`Rules act on conversations by themselves: when something happens and the conditions hold, they tag, assign, set status or priority, add a note or send a fast reply. They run from top to bottom.`}
      newLabel={<Trans>New rule</Trans>}
      limit={MAX_AUTOMATION_RULES}
      query={rules}
      items={rules.data?.rules}
      loadFailed={t`Rules could not be loaded.`}
      empty={t`No rules yet. Create one to tag, assign or answer conversations by themselves.`}
      ordered
      reorder={(ids) => reorder(ids).unwrap()}
      renderItem={(rule, place) => {
        const ruleName = rule.name;
        return (
          <SettingsListCard
            name={rule.name}
            off={!rule.enabled}
            summary={ruleSentence(rule, choices.names)}
            problem={
              rule.broken_reason && <Trans>This rule does not run: {rule.broken_reason}</Trans>
            }
            actions={
              <>
                <EnabledSwitch
                  label={t`Turn ${ruleName} on or off`}
                  checked={rule.enabled}
                  onChange={(enabled) => update({ id: rule.id, patch: { enabled } }).unwrap()}
                  failed={t`The rule could not be saved`}
                />
                <MoveButtons
                  place={place}
                  upLabel={t`Move ${ruleName} up`}
                  downLabel={t`Move ${ruleName} down`}
                />
                <EditButton label={t`Edit ${ruleName}`} onClick={place.edit} />
                <DeleteButton
                  label={t`Delete ${ruleName}`}
                  confirmTitle={t`Delete the rule ${ruleName}?`}
                  onDelete={() => remove(rule.id).unwrap()}
                  failed={t`The rule could not be deleted`}
                />
              </>
            }
          />
        );
      }}
      renderEditor={(rule, close) => <RuleEditor rule={rule} choices={choices} onClose={close} />}
    />
  );
}
