import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Flex,
  Input,
  InputNumber,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  AUTOMATION_TRIGGERS,
  CHANNEL_TYPES,
  CONTACT_FIELD_OPERATORS,
  CONVERSATION_STATUSES,
  isTimedTrigger,
  PRIORITIES,
  type AutomationAction,
  type AutomationCondition,
  type AutomationDryRunResult,
  type AutomationRule,
  type AutomationRuleBody,
  type ConversationMapping,
} from '@parley/contracts';
import {
  durationUnitOptions,
  EditorDrawer,
  EnabledField,
  errorsUnder,
  FieldErrors,
  NameField,
  UNIT_MINUTES,
  useItemEditor,
  type DurationUnit,
} from '../../../components/settings-list';
import { channelLabel, priorityLabel, statusLabel } from '../../conversation';
import {
  useCreateAutomationRuleMutation,
  useDryRunAutomationRuleMutation,
  useUpdateAutomationRuleMutation,
} from '../api/automation-api';
import { ruleSentence, triggerLabel, type RuleNames } from '../rule-sentence';

type Field = AutomationCondition['field'];
type ActionType = AutomationAction['type'];
type Option = { value: number; label: string };

export interface EditorChoices {
  mapping: ConversationMapping | undefined;
  fastReplies: Option[];
  /** The account's stores (brands), for the store condition. */
  stores?: Option[];
  names: RuleNames;
}

const FIELDS: Field[] = [
  'channel_type',
  'support_channel',
  'status',
  'priority',
  'tags',
  'assignee',
  'team',
  'message',
  'business_hours',
  'contact_language',
  'first_message',
  'store',
  'contact_field',
];
const ACTIONS: ActionType[] = [
  'assign_agent',
  'assign_team',
  'auto_assign',
  'add_tags',
  'remove_tags',
  'set_priority',
  'set_status',
  'add_note',
  'mention',
  'send_fast_reply',
  'send_webhook',
  'close',
];

function fieldLabel(field: Field): string {
  switch (field) {
    case 'channel_type':
      return t`Channel`;
    case 'support_channel':
      return t`Support channel`;
    case 'status':
      return t`Status`;
    case 'priority':
      return t`Priority`;
    case 'tags':
      return t`Tags`;
    case 'assignee':
      return t`Assignee`;
    case 'team':
      return t`Team`;
    case 'message':
      return t`Message text`;
    case 'business_hours':
      return t`Business hours`;
    case 'contact_language':
      return t`Contact language`;
    case 'first_message':
      return t`First message`;
    case 'store':
      return t`Store`;
    case 'contact_field':
      return t`Contact field`;
  }
}

function actionLabel(type: ActionType): string {
  switch (type) {
    case 'assign_agent':
      return t`Assign to an agent`;
    case 'assign_team':
      return t`Assign to a team`;
    case 'add_tags':
      return t`Add tags`;
    case 'remove_tags':
      return t`Remove tags`;
    case 'set_priority':
      return t`Set priority`;
    case 'set_status':
      return t`Set status`;
    case 'add_note':
      return t`Add an internal note`;
    case 'send_fast_reply':
      return t`Send a fast reply`;
    case 'close':
      return t`Close the conversation`;
    case 'auto_assign':
      return t`Auto-assign (round-robin or least-busy)`;
    case 'mention':
      return t`Mention a teammate in a note`;
    case 'send_webhook':
      return t`Send a webhook`;
  }
}

/** A new condition of a field, with a first value to change (ids 0 are refused by the server, at the field). */
function newCondition(field: Field, choices: EditorChoices): AutomationCondition {
  const m = choices.mapping;
  switch (field) {
    case 'channel_type':
      return { field, operator: 'is', value: 'email' };
    case 'support_channel':
      return { field, operator: 'is', value: m?.support_channels[0]?.id ?? 0 };
    case 'status':
      return { field, operator: 'is', value: 'open' };
    case 'priority':
      return { field, operator: 'is', value: 'urgent' };
    case 'tags':
      return { field, operator: 'includes_any', value: [] };
    case 'assignee':
      return { field, operator: 'is_none', value: null };
    case 'team':
      return { field, operator: 'is_none', value: null };
    case 'message':
      return { field, operator: 'contains', value: '' };
    case 'business_hours':
      return { field, operator: 'is', value: true };
    case 'contact_language':
      return { field, operator: 'is', value: 'en' };
    case 'first_message':
      return { field, operator: 'is', value: true };
    case 'store':
      return { field, operator: 'is', value: choices.stores?.[0]?.value ?? 0 };
    case 'contact_field':
      return { field, name: 'email', operator: 'contains', value: '' };
  }
}

function newAction(type: ActionType, choices: EditorChoices): AutomationAction {
  const m = choices.mapping;
  switch (type) {
    case 'assign_agent':
      return { type, user_id: m?.dc_users[0]?.id ?? 0 };
    case 'assign_team':
      return { type, team_id: m?.teams[0]?.id ?? 0 };
    case 'add_tags':
    case 'remove_tags':
      return { type, tag_ids: [] };
    case 'set_priority':
      return { type, priority: 'high' };
    case 'set_status':
      return { type, status: 'pending' };
    case 'add_note':
      return { type, body: '' };
    case 'send_fast_reply':
      return { type, fast_reply_id: choices.fastReplies[0]?.value ?? 0 };
    case 'close':
      return { type };
    case 'auto_assign':
      return { type };
    case 'mention':
      return { type, user_id: m?.dc_users[0]?.id ?? 0, body: '' };
    case 'send_webhook':
      return { type, url: 'https://' };
  }
}

const yesNo = () => [
  { value: 'yes', label: t`Yes` },
  { value: 'no', label: t`No` },
];

function ConditionValue({
  c,
  choices,
  onChange,
}: {
  c: AutomationCondition;
  choices: EditorChoices;
  onChange: (c: AutomationCondition) => void;
}) {
  const m = choices.mapping;
  const label = t`Value`;
  const full = { width: '100%' };
  switch (c.field) {
    case 'channel_type':
      return (
        <Select
          aria-label={label}
          style={full}
          value={c.value}
          onChange={(value) => onChange({ ...c, value })}
          options={CHANNEL_TYPES.map((type) => ({ value: type, label: channelLabel(type) }))}
        />
      );
    case 'support_channel':
      return (
        <Select
          aria-label={label}
          style={full}
          value={c.value || undefined}
          onChange={(value: number) => onChange({ ...c, value })}
          options={(m?.support_channels ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
      );
    case 'status':
      return (
        <Select
          aria-label={label}
          style={full}
          value={c.value}
          onChange={(value) => onChange({ ...c, value })}
          options={CONVERSATION_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        />
      );
    case 'priority':
      return (
        <Select
          aria-label={label}
          style={full}
          value={c.value}
          onChange={(value) => onChange({ ...c, value })}
          options={PRIORITIES.map((p) => ({ value: p, label: priorityLabel(p) }))}
        />
      );
    case 'tags':
      return (
        <Select
          aria-label={label}
          mode="multiple"
          style={full}
          value={c.value}
          onChange={(value: number[]) => onChange({ ...c, value })}
          options={(m?.tags ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
          optionFilterProp="label"
        />
      );
    case 'assignee':
    case 'team':
      if (c.operator === 'is_none') return null;
      return (
        <Select
          aria-label={label}
          style={full}
          value={c.value ?? undefined}
          onChange={(value: number) => onChange({ ...c, value })}
          options={
            c.field === 'assignee'
              ? (m?.dc_users ?? []).map((u) => ({ value: u.id, label: u.name }))
              : (m?.teams ?? []).map((team) => ({ value: team.id, label: team.name }))
          }
          optionFilterProp="label"
        />
      );
    case 'message':
    case 'contact_language':
      return (
        <Input
          aria-label={label}
          value={c.value}
          onChange={(e) => onChange({ ...c, value: e.target.value })}
        />
      );
    case 'business_hours':
    case 'first_message':
      return (
        <Select
          aria-label={label}
          style={full}
          value={c.value ? 'yes' : 'no'}
          onChange={(v: string) => onChange({ ...c, value: v === 'yes' })}
          options={yesNo()}
        />
      );
    case 'store':
      return (
        <Select
          aria-label={t`Store`}
          style={full}
          value={c.value || undefined}
          onChange={(value: number) => onChange({ ...c, value })}
          options={choices.stores ?? []}
          optionFilterProp="label"
        />
      );
    // The contact's own field, or a custom attribute by its key (docs/product/automation.md).
    case 'contact_field':
      return (
        <Flex gap={8} wrap>
          <Select
            aria-label={t`Contact field`}
            style={{ minWidth: 120, flex: 1 }}
            value={isOwnField(c.name) ? c.name : ATTRIBUTE}
            onChange={(name: string) => onChange({ ...c, name: name === ATTRIBUTE ? '' : name })}
            options={[
              { value: 'email', label: t`Email` },
              { value: 'name', label: t`Name` },
              { value: 'phone', label: t`Phone` },
              { value: ATTRIBUTE, label: t`Custom attribute` },
            ]}
          />
          {!isOwnField(c.name) && (
            <Input
              aria-label={t`Attribute name`}
              style={{ minWidth: 120, flex: 1 }}
              placeholder={t`Attribute name`}
              value={c.name}
              onChange={(e) => onChange({ ...c, name: e.target.value })}
            />
          )}
          {(c.operator === 'is' || c.operator === 'contains') && (
            <Input
              aria-label={label}
              style={{ minWidth: 120, flex: 1 }}
              value={c.value}
              onChange={(e) => onChange({ ...c, value: e.target.value })}
            />
          )}
        </Flex>
      );
  }
}

/** The editor's choice for "a custom attribute" (its key typed beside it). */
const ATTRIBUTE = '__attribute__';
const isOwnField = (name: string) => name === 'email' || name === 'name' || name === 'phone';

function operatorOptions(field: Field): { value: string; label: string }[] {
  switch (field) {
    case 'tags':
      return [
        { value: 'includes_any', label: t`include any of` },
        { value: 'includes_none', label: t`include none of` },
      ];
    case 'assignee':
    case 'team':
      return [
        { value: 'is', label: t`is` },
        { value: 'is_none', label: t`is nobody` },
      ];
    case 'message':
      return [
        { value: 'contains', label: t`contains` },
        { value: 'matches', label: t`matches the pattern` },
      ];
    case 'business_hours':
    case 'first_message':
      return [{ value: 'is', label: t`is` }];
    case 'contact_field':
      return CONTACT_FIELD_OPERATORS.map((op) => ({ value: op, label: contactOperatorLabel(op) }));
    default:
      return [
        { value: 'is', label: t`is` },
        { value: 'is_not', label: t`is not` },
      ];
  }
}

function contactOperatorLabel(op: (typeof CONTACT_FIELD_OPERATORS)[number]): string {
  switch (op) {
    case 'contains':
      return t`contains`;
    case 'is':
      return t`is`;
    case 'is_empty':
      return t`is empty`;
    case 'is_not_empty':
      return t`is not empty`;
  }
}

function ActionValue({
  a,
  choices,
  onChange,
}: {
  a: AutomationAction;
  choices: EditorChoices;
  onChange: (a: AutomationAction) => void;
}) {
  const m = choices.mapping;
  const label = t`Value`;
  const full = { width: '100%' };
  switch (a.type) {
    case 'assign_agent':
      return (
        <Select
          aria-label={label}
          style={full}
          value={a.user_id || undefined}
          onChange={(user_id: number) => onChange({ ...a, user_id })}
          options={(m?.dc_users ?? []).map((u) => ({ value: u.id, label: u.name }))}
          optionFilterProp="label"
        />
      );
    case 'assign_team':
      return (
        <Select
          aria-label={label}
          style={full}
          value={a.team_id || undefined}
          onChange={(team_id: number) => onChange({ ...a, team_id })}
          options={(m?.teams ?? []).map((team) => ({ value: team.id, label: team.name }))}
          optionFilterProp="label"
        />
      );
    case 'add_tags':
    case 'remove_tags':
      return (
        <Select
          aria-label={label}
          mode="multiple"
          style={full}
          value={a.tag_ids}
          onChange={(tag_ids: number[]) => onChange({ ...a, tag_ids })}
          options={(m?.tags ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
          optionFilterProp="label"
        />
      );
    case 'set_priority':
      return (
        <Select
          aria-label={label}
          style={full}
          value={a.priority}
          onChange={(priority) => onChange({ ...a, priority })}
          options={PRIORITIES.map((p) => ({ value: p, label: priorityLabel(p) }))}
        />
      );
    case 'set_status':
      return (
        <Flex gap={8} wrap>
          <Select
            aria-label={label}
            style={{ minWidth: 140, flex: 1 }}
            value={a.status}
            onChange={(status) =>
              onChange(
                status === 'snoozed'
                  ? { ...a, status, snooze_minutes: 60 }
                  : { type: a.type, status },
              )
            }
            options={CONVERSATION_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          />
          {a.status === 'snoozed' && (
            <InputNumber
              aria-label={t`Minutes to snooze`}
              min={1}
              value={a.snooze_minutes ?? null}
              onChange={(v) => onChange({ ...a, snooze_minutes: v ?? 1 })}
              suffix={t`min`}
            />
          )}
        </Flex>
      );
    case 'add_note':
      return (
        <Input.TextArea
          aria-label={t`Note`}
          autoSize={{ minRows: 2, maxRows: 6 }}
          value={a.body}
          onChange={(e) => onChange({ ...a, body: e.target.value })}
        />
      );
    case 'send_fast_reply':
      return (
        <Select
          aria-label={label}
          style={full}
          value={a.fast_reply_id || undefined}
          onChange={(fast_reply_id: number) => onChange({ ...a, fast_reply_id })}
          options={choices.fastReplies}
          optionFilterProp="label"
        />
      );
    case 'close':
      return null;
    case 'mention':
      return (
        <Flex vertical gap={8}>
          <Select
            aria-label={t`Teammate to mention`}
            style={full}
            value={a.user_id || undefined}
            onChange={(user_id: number) => onChange({ ...a, user_id })}
            options={(m?.dc_users ?? []).map((u) => ({ value: u.id, label: u.name }))}
            optionFilterProp="label"
          />
          <Input.TextArea
            aria-label={t`Note`}
            autoSize={{ minRows: 2, maxRows: 6 }}
            value={a.body}
            onChange={(e) => onChange({ ...a, body: e.target.value })}
          />
        </Flex>
      );
    // The secret is write-only: a saved rule's field is empty and keeps the stored one.
    case 'send_webhook':
      return (
        <Flex vertical gap={8}>
          <Input
            aria-label={t`Webhook URL`}
            // i18n-ignore-next-line: an example address, the same in every language
            placeholder="https://example.com/hooks/parley"
            value={a.url}
            onChange={(e) => onChange({ ...a, url: e.target.value })}
          />
          <Input.Password
            aria-label={t`Signing secret`}
            placeholder={t`Signing secret (at least 16 characters); empty keeps the saved one`}
            value={a.secret ?? ''}
            autoComplete="new-password"
            onChange={(e) =>
              onChange(
                e.target.value === ''
                  ? { type: a.type, url: a.url }
                  : { ...a, secret: e.target.value },
              )
            }
          />
        </Flex>
      );
    // No team: the conversation's team or channel decides (docs/product/automation.md).
    case 'auto_assign':
      return (
        <Select
          aria-label={t`Team to auto-assign within`}
          style={full}
          allowClear
          placeholder={t`Its team’s or channel’s auto-assignment`}
          value={a.team_id}
          onChange={(team_id: number | undefined) =>
            onChange(team_id === undefined ? { type: a.type } : { ...a, team_id })
          }
          options={(m?.teams ?? []).map((team) => ({ value: team.id, label: team.name }))}
          optionFilterProp="label"
        />
      );
  }
}

/** Every path the server may name for the action rows, so each error sits under its row. */
export function actionPaths(actions: readonly AutomationAction[]): string[] {
  return actions.flatMap((a, i) => [
    `actions.${i}`,
    ...Object.keys(a).map((key) => `actions.${i}.${key}`),
    `actions.${i}.tag_ids`,
    `actions.${i}.snooze_minutes`,
    `actions.${i}.url`,
    `actions.${i}.secret`,
  ]);
}

/** Every path the server may name for this draft, so each error sits under its row. */
function pathsOf(draft: AutomationRuleBody): string[] {
  const paths = [
    'name',
    'trigger',
    'wait_minutes',
    'conditions',
    'conditions.conditions',
    'actions',
  ];
  draft.conditions.conditions.forEach((_, i) =>
    paths.push(`conditions.conditions.${i}`, `conditions.conditions.${i}.value`),
  );
  return [...paths, ...actionPaths(draft.actions)];
}

/**
 * The action rows: pick an action, its value, remove or add one; each row's server errors under
 * it. Macros edit their actions with the same rows (`types` limits the choice).
 */
export function ActionRows({
  actions,
  onChange,
  choices,
  errors,
  types = ACTIONS,
}: {
  actions: AutomationAction[];
  onChange: (next: AutomationAction[]) => void;
  choices: EditorChoices;
  errors: Record<string, string[]>;
  types?: readonly ActionType[];
}) {
  return (
    <Flex vertical gap={12}>
      {actions.map((a, i) => (
        <Flex key={i} vertical gap={4}>
          <Flex gap={8} wrap align="center">
            <Select
              aria-label={t`Action`}
              style={{ minWidth: 180, flex: '1 1 180px' }}
              // A short list: every option rendered (no virtual scrolling), so all are reachable.
              virtual={false}
              value={a.type}
              onChange={(type: ActionType) =>
                onChange(actions.map((x, j) => (j === i ? newAction(type, choices) : x)))
              }
              options={types.map((type) => ({ value: type, label: actionLabel(type) }))}
            />
            <div style={{ flex: '2 1 200px', minWidth: 0 }}>
              <ActionValue
                a={a}
                choices={choices}
                onChange={(next) => onChange(actions.map((x, j) => (j === i ? next : x)))}
              />
            </div>
            <Button
              aria-label={t`Remove this action`}
              icon={<DeleteOutlined />}
              disabled={actions.length === 1}
              onClick={() => onChange(actions.filter((_, j) => j !== i))}
            />
          </Flex>
          <FieldErrors messages={errorsUnder(errors, `actions.${i}`)} />
        </Flex>
      ))}
      <FieldErrors messages={errors.actions ?? []} />
      <Button
        icon={<PlusOutlined />}
        onClick={() => onChange([...actions, newAction('set_priority', choices)])}
        style={{ alignSelf: 'flex-start' }}
      >
        <Trans>Add an action</Trans>
      </Button>
    </Flex>
  );
}

/** A time-based rule's wait: an amount in minutes, hours or days, kept as minutes. */
function WaitInput({
  value,
  invalid,
  onChange,
}: {
  value: number | null;
  invalid: boolean;
  onChange: (minutes: number | null) => void;
}) {
  const [unit, setUnit] = useState<DurationUnit>(() =>
    value !== null && value % UNIT_MINUTES.days === 0
      ? 'days'
      : value !== null && value % UNIT_MINUTES.hours !== 0
        ? 'minutes'
        : 'hours',
  );
  const size = UNIT_MINUTES[unit];
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 320 }}>
      <InputNumber
        aria-label={t`Wait`}
        min={1}
        precision={0}
        value={value === null ? null : Math.round(value / size)}
        status={invalid ? 'error' : undefined}
        onChange={(amount) => onChange(amount === null ? null : amount * size)}
        style={{ flex: '1 1 80px' }}
      />
      <Select<DurationUnit>
        aria-label={t`Wait unit`}
        value={unit}
        onChange={(next) => {
          setUnit(next);
          if (value !== null) {
            onChange(Math.max(1, Math.round(value / size)) * UNIT_MINUTES[next]);
          }
        }}
        options={durationUnitOptions()}
        style={{ flex: '0 0 110px' }}
      />
    </Space.Compact>
  );
}

/** The rule editor: trigger, conditions, actions, and a dry run on a conversation. */
export function RuleEditor({
  rule,
  choices,
  onClose,
}: {
  rule: AutomationRule | null;
  choices: EditorChoices;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<AutomationRuleBody>(() =>
    rule
      ? {
          name: rule.name,
          enabled: rule.enabled,
          trigger: rule.trigger,
          wait_minutes: rule.wait_minutes,
          conditions: rule.conditions,
          actions: rule.actions,
        }
      : {
          name: '',
          enabled: true,
          trigger: 'message_received',
          conditions: { match: 'all', conditions: [] },
          actions: [{ type: 'add_tags', tag_ids: [] }],
        },
  );
  const editor = useItemEditor<AutomationRuleBody>(rule, {
    create: useCreateAutomationRuleMutation(),
    update: useUpdateAutomationRuleMutation(),
    onSaved: onClose,
  });
  const { errors } = editor;
  const [dryRun, dry] = useDryRunAutomationRuleMutation();
  const [conversationId, setConversationId] = useState<number | null>(null);
  const [result, setResult] = useState<AutomationDryRunResult | null>(null);

  const conditions = draft.conditions.conditions;
  const setConditions = (next: AutomationCondition[]) =>
    setDraft({ ...draft, conditions: { ...draft.conditions, conditions: next } });
  const setActions = (next: AutomationAction[]) => setDraft({ ...draft, actions: next });

  const tryIt = async () => {
    if (!conversationId) return;
    setResult(null);
    editor.setMessage(null);
    try {
      setResult(await dryRun({ rule: draft, conversation_id: conversationId }).unwrap());
    } catch (failure) {
      const renamed = Object.fromEntries(pathsOf(draft).map((p) => [`rule.${p}`, p]));
      editor.showFailure(failure, pathsOf(draft), renamed);
    }
  };

  return (
    <EditorDrawer
      title={rule ? t`Edit rule` : t`New rule`}
      editor={editor}
      summary={ruleSentence(draft, choices.names)}
      onSave={() => void editor.save(draft, pathsOf(draft))}
      onClose={onClose}
    >
      <NameField
        value={draft.name}
        errors={errors}
        onChange={(name) => setDraft({ ...draft, name })}
      />
      <Flex vertical gap={4}>
        <Typography.Text strong>
          <Trans>When</Trans>
        </Typography.Text>
        <Select
          aria-label={t`Trigger`}
          value={draft.trigger}
          onChange={(trigger) =>
            setDraft({
              ...draft,
              trigger,
              wait_minutes: isTimedTrigger(trigger) ? (draft.wait_minutes ?? 24 * 60) : null,
            })
          }
          options={AUTOMATION_TRIGGERS.map((tr) => ({ value: tr, label: triggerLabel(tr) }))}
        />
        <FieldErrors messages={errorsUnder(errors, 'trigger')} />
        {isTimedTrigger(draft.trigger) && (
          <WaitInput
            value={draft.wait_minutes ?? null}
            invalid={Boolean(errors.wait_minutes)}
            onChange={(wait_minutes) => setDraft({ ...draft, wait_minutes })}
          />
        )}
        <FieldErrors messages={errorsUnder(errors, 'wait_minutes')} />
      </Flex>
      <Card size="small" title={t`If`}>
        <Flex vertical gap={12}>
          {conditions.length > 1 && (
            <Select
              aria-label={t`How conditions combine`}
              value={draft.conditions.match}
              onChange={(match) =>
                setDraft({ ...draft, conditions: { ...draft.conditions, match } })
              }
              options={[
                { value: 'all', label: t`All of these are true` },
                { value: 'any', label: t`Any of these is true` },
              ]}
            />
          )}
          {conditions.length === 0 && (
            <Typography.Text type="secondary">
              <Trans>No conditions: the rule acts on every conversation of its trigger.</Trans>
            </Typography.Text>
          )}
          {conditions.map((c, i) => {
            const check = result?.conditions.find((r) => r.index === i);
            return (
              <Flex key={i} vertical gap={4}>
                <Flex gap={8} wrap align="center">
                  <Select
                    aria-label={t`Field`}
                    style={{ minWidth: 150, flex: '1 1 150px' }}
                    virtual={false}
                    value={c.field}
                    onChange={(field: Field) =>
                      setConditions(
                        conditions.map((x, j) => (j === i ? newCondition(field, choices) : x)),
                      )
                    }
                    options={FIELDS.map((f) => ({ value: f, label: fieldLabel(f) }))}
                  />
                  <Select
                    aria-label={t`Operator`}
                    style={{ minWidth: 130, flex: '1 1 130px' }}
                    value={c.operator}
                    onChange={(operator: string) =>
                      setConditions(
                        conditions.map((x, j) =>
                          j !== i
                            ? x
                            : ((x.field === 'assignee' || x.field === 'team'
                                ? { ...x, operator, value: operator === 'is_none' ? null : 0 }
                                : x.field === 'contact_field' && operator.endsWith('empty')
                                  ? { ...x, operator, value: '' }
                                  : { ...x, operator }) as AutomationCondition),
                        ),
                      )
                    }
                    options={operatorOptions(c.field)}
                  />
                  <div style={{ flex: '2 1 180px', minWidth: 0 }}>
                    <ConditionValue
                      c={c}
                      choices={choices}
                      onChange={(next) =>
                        setConditions(conditions.map((x, j) => (j === i ? next : x)))
                      }
                    />
                  </div>
                  {check &&
                    (check.matched ? (
                      <Tag icon={<CheckCircleOutlined />} color="success">
                        <Trans>Matches</Trans>
                      </Tag>
                    ) : (
                      <Tag icon={<CloseCircleOutlined />} color="default">
                        <Trans>Does not match</Trans>
                      </Tag>
                    ))}
                  <Button
                    aria-label={t`Remove this condition`}
                    icon={<DeleteOutlined />}
                    onClick={() => setConditions(conditions.filter((_, j) => j !== i))}
                  />
                </Flex>
                <FieldErrors messages={errorsUnder(errors, `conditions.conditions.${i}`)} />
              </Flex>
            );
          })}
          <Button
            icon={<PlusOutlined />}
            onClick={() => setConditions([...conditions, newCondition('message', choices)])}
            style={{ alignSelf: 'flex-start' }}
          >
            <Trans>Add a condition</Trans>
          </Button>
        </Flex>
      </Card>
      <Card size="small" title={t`Then`}>
        <ActionRows
          actions={draft.actions}
          onChange={setActions}
          choices={choices}
          errors={errors}
        />
      </Card>
      <EnabledField
        label={t`Rule is on`}
        checked={draft.enabled}
        onChange={(enabled) => setDraft({ ...draft, enabled })}
      />
      <Card size="small" title={t`Try on a conversation`}>
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            <Trans>
              See whether the rule matches a conversation and what it would do. Nothing is changed.
            </Trans>
          </Typography.Text>
          <Flex gap={8} wrap>
            <InputNumber
              aria-label={t`Conversation number`}
              min={1}
              value={conversationId}
              onChange={(v) => setConversationId(v)}
              placeholder={t`Conversation #`}
              style={{ width: 200, maxWidth: '100%' }}
            />
            <Button loading={dry.isLoading} disabled={!conversationId} onClick={() => void tryIt()}>
              <Trans>Try it</Trans>
            </Button>
          </Flex>
          {result && (
            <Alert
              type={result.matched ? 'success' : 'info'}
              showIcon
              title={
                result.matched
                  ? t`The rule matches this conversation. It would: ${result.actions.join(', ')}`
                  : t`The rule does not match this conversation: it would do nothing.`
              }
              description={result.broken_reason ?? undefined}
            />
          )}
        </Flex>
      </Card>
    </EditorDrawer>
  );
}
