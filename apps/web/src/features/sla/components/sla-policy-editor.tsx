import { useId, useState } from 'react';
import { Alert, Card, Flex, InputNumber, Select, Switch, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { ChannelType, SlaPolicy, SlaPolicyBody } from '@parley/contracts';
import {
  EditorDrawer,
  EnabledField,
  errorsUnder,
  FieldErrors,
  NameField,
  useItemEditor,
} from '../../../components/settings-list';
import { useGetBusinessHoursQuery } from '../../business-hours';
import { channelLabel } from '../../conversation';
import {
  useCreateSlaPolicyMutation,
  useUpdateSlaPolicyMutation,
  type Store,
} from '../api/sla-policies-api';
import {
  bodyOf,
  CHANNEL_CHOICES,
  draftOf,
  draftProblems,
  newDraft,
  policyPaths,
  type PolicyDraft,
} from '../policy-draft';
import { TargetsTable } from './targets-table';

/**
 * The SLA policy editor (docs/product/sla.md): its name, what it covers, how its clocks count and
 * its targets per priority. Checked before it is sent; what the server still refuses shows at
 * its field. Read-only for agents.
 */
export function SlaPolicyEditor({
  policy,
  stores,
  canManage,
  onClose,
}: {
  policy: SlaPolicy | null;
  stores: Store[];
  canManage: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<PolicyDraft>(() => (policy ? draftOf(policy) : newDraft()));
  const editor = useItemEditor<SlaPolicyBody>(policy, {
    create: useCreateSlaPolicyMutation(),
    update: useUpdateSlaPolicyMutation(),
    onSaved: onClose,
  });
  const { errors } = editor;
  const { data: hours } = useGetBusinessHoursQuery();
  const set = (next: Partial<PolicyDraft>) => setDraft({ ...draft, ...next });

  const save = () => {
    const body = bodyOf(draft);
    return editor.save(body, policyPaths(body), draftProblems(draft));
  };

  const title = !canManage ? t`SLA policy` : policy ? t`Edit SLA policy` : t`New SLA policy`;
  const roundTheClock = hours !== undefined && hours.business_hours === null;
  return (
    <EditorDrawer
      title={title}
      editor={editor}
      readOnly={!canManage}
      onSave={() => void save()}
      onClose={onClose}
    >
      <NameField
        value={draft.name}
        errors={errors}
        maxLength={120}
        onChange={(name) => set({ name })}
      />
      <EnabledField
        label={t`Policy is on`}
        checked={draft.enabled}
        onChange={(enabled) => set({ enabled })}
      />

      <Card size="small" title={t`Covers`}>
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            <Trans>
              Leave a list empty to cover every channel or every store. Policies are tried from the
              top: the first that covers a conversation applies.
            </Trans>
          </Typography.Text>
          <Flex vertical gap={4}>
            <label htmlFor={`${id}-channels`}>
              <Trans>Channels</Trans>
            </label>
            <Select<ChannelType[]>
              id={`${id}-channels`}
              mode="multiple"
              allowClear
              placeholder={t`Every channel`}
              value={draft.channel_types}
              onChange={(channel_types) => set({ channel_types })}
              options={CHANNEL_CHOICES.map((type) => ({
                value: type,
                label: channelLabel(type),
              }))}
              optionFilterProp="label"
              status={errorsUnder(errors, 'conditions.channel_types').length ? 'error' : undefined}
            />
            <FieldErrors messages={errorsUnder(errors, 'conditions.channel_types')} />
          </Flex>
          <Flex vertical gap={4}>
            <label htmlFor={`${id}-stores`}>
              <Trans>Stores</Trans>
            </label>
            <Select<number[]>
              id={`${id}-stores`}
              mode="multiple"
              allowClear
              placeholder={t`Every store`}
              value={draft.brand_ids}
              onChange={(brand_ids) => set({ brand_ids })}
              options={stores.map((store) => ({ value: store.id, label: store.name }))}
              optionFilterProp="label"
              status={errorsUnder(errors, 'conditions.brand_ids').length ? 'error' : undefined}
            />
            <FieldErrors messages={errorsUnder(errors, 'conditions.brand_ids')} />
          </Flex>
        </Flex>
      </Card>

      <Card size="small" title={t`How the clocks count`}>
        <Flex vertical gap={12}>
          <Flex vertical gap={4}>
            <Flex align="center" gap={8}>
              <Switch
                id={`${id}-hours`}
                checked={draft.business_hours_only}
                onChange={(business_hours_only) => set({ business_hours_only })}
              />
              <label htmlFor={`${id}-hours`}>
                <Trans>Count in business hours</Trans>
              </label>
            </Flex>
            <Typography.Text type="secondary">
              {draft.business_hours_only ? (
                <Trans>
                  The clocks stop outside the team’s hours and on holidays:{' '}
                  <Link to="/settings/business-hours">Business hours</Link>.
                </Trans>
              ) : (
                <Trans>Off: the clocks count round the clock.</Trans>
              )}
            </Typography.Text>
            {draft.business_hours_only && roundTheClock && (
              <Alert
                type="warning"
                showIcon
                title={t`The business hours are “Always open”, so these clocks still count round the clock.`}
              />
            )}
          </Flex>
          <Flex vertical gap={4}>
            <label htmlFor={`${id}-warning`}>
              <Trans>Warn before the due time</Trans>
            </label>
            <InputNumber
              id={`${id}-warning`}
              min={1}
              max={60 * 24}
              precision={0}
              value={draft.warning_minutes}
              suffix={t`min`}
              status={errors.warning_minutes ? 'error' : undefined}
              onChange={(warning_minutes) => set({ warning_minutes })}
              style={{ width: 160 }}
            />
            <Typography.Text type="secondary">
              <Trans>
                “About to breach” shows this long before a target is due, and starts automation
                rules with the trigger “When an SLA is about to be breached”.
              </Trans>
            </Typography.Text>
            <FieldErrors messages={errorsUnder(errors, 'warning_minutes')} />
          </Flex>
        </Flex>
      </Card>

      <Card size="small" title={t`Targets`}>
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            <Trans>
              How soon the team answers and resolves, per priority. Leave a target empty to promise
              nothing for it.
            </Trans>
          </Typography.Text>
          <TargetsTable
            targets={draft.targets}
            errors={errors}
            onChange={(targets) => set({ targets })}
          />
          <FieldErrors messages={errors.targets ?? []} />
        </Flex>
      </Card>
    </EditorDrawer>
  );
}
