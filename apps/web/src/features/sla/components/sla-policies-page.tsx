import { useMemo } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { MAX_SLA_POLICIES } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import {
  DeleteButton,
  EditButton,
  EnabledSwitch,
  MoveButtons,
  SettingsListCard,
  SettingsListPage,
} from '../../../components/settings-list';
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
  const policies = useGetSlaPoliciesQuery();
  const { data: stores } = useGetSlaStoresQuery();
  const me = useAppSelector((state) => state.auth.me);
  const canManage = me ? me.permission_level !== 'agent' : false;
  const [update] = useUpdateSlaPolicyMutation();
  const [remove] = useDeleteSlaPolicyMutation();
  const [reorder] = useReorderSlaPoliciesMutation();

  const storeName = useMemo(() => {
    const names = new Map((stores ?? []).map((s) => [s.id, s.name]));
    return (id: number) => names.get(id);
  }, [stores]);

  return (
    <SettingsListPage
      title={t`SLA policies`}
      description={
        <Trans>
          Promise how soon the team answers and resolves, per priority. A conversation gets the
          first policy from the top that covers it; its clocks show in the inbox and turn orange
          before they are due. Clocks can count only the{' '}
          <Link to="/settings/business-hours">business hours</Link>.
        </Trans>
      }
      newLabel={<Trans>New policy</Trans>}
      canCreate={canManage}
      limit={MAX_SLA_POLICIES}
      notice={!canManage && me ? t`Only owners and admins can change SLA policies.` : undefined}
      query={policies}
      items={policies.data?.policies}
      loadFailed={t`SLA policies could not be loaded.`}
      empty={t`No SLA policies yet. Create one to promise response and resolution times.`}
      ordered
      listLabel={t`SLA policies`}
      reorder={(ids) => reorder(ids).unwrap()}
      renderItem={(policy, place) => {
        const policyName = policy.name;
        return (
          <SettingsListCard
            name={policy.name}
            off={!policy.enabled}
            summary={policySummary(policy, storeName)}
            actions={
              <>
                <EnabledSwitch
                  label={t`Turn ${policyName} on or off`}
                  checked={policy.enabled}
                  disabled={!canManage}
                  onChange={(enabled) => update({ id: policy.id, patch: { enabled } }).unwrap()}
                  failed={t`The policy could not be saved`}
                />
                {canManage && (
                  <MoveButtons
                    place={place}
                    upLabel={t`Move ${policyName} up`}
                    downLabel={t`Move ${policyName} down`}
                  />
                )}
                <EditButton
                  label={canManage ? t`Edit ${policyName}` : t`View ${policyName}`}
                  readOnly={!canManage}
                  onClick={place.edit}
                />
                {canManage && (
                  <DeleteButton
                    label={t`Delete ${policyName}`}
                    confirmTitle={t`Delete the SLA policy ${policyName}?`}
                    onDelete={() => remove(policy.id).unwrap()}
                    failed={t`The policy could not be deleted`}
                  />
                )}
              </>
            }
          />
        );
      }}
      renderEditor={(policy, close) => (
        <SlaPolicyEditor
          policy={policy}
          stores={stores ?? []}
          canManage={canManage}
          onClose={close}
        />
      )}
    />
  );
}
