import { t } from '@lingui/core/macro';
import {
  CHANNEL_TYPES,
  DEFAULT_SLA_WARNING_MINUTES,
  MAX_SLA_TARGET_MINUTES,
  PRIORITIES,
  SLA_METRICS,
  type ChannelType,
  type Priority,
  type SlaMetric,
  type SlaPolicy,
  type SlaPolicyBody,
  type SlaTargets,
} from '@parley/contracts';
import { UNIT_MINUTES, type DurationUnit } from '../../components/settings-list';
import { formatList } from '../../lib/format';
import { channelLabel, priorityLabel } from '../conversation';

/**
 * An SLA policy as its editor holds it (docs/product/sla.md): each target an amount in a unit a
 * person picks, turned into the contract's minutes on save.
 */

export interface Duration {
  /** Empty: no target. */
  amount: number | null;
  unit: DurationUnit;
}

export type TargetsDraft = Record<Priority, Record<SlaMetric, Duration>>;

export interface PolicyDraft {
  name: string;
  enabled: boolean;
  business_hours_only: boolean;
  warning_minutes: number | null;
  channel_types: ChannelType[];
  brand_ids: number[];
  targets: TargetsDraft;
}

/** Urgent first, as people rank them; "No priority" last. */
export const PRIORITY_ORDER: readonly Priority[] = ['urgent', 'high', 'medium', 'low', 'none'];

/** The targets' field in the contract: `first_response` → `first_response_minutes`. */
export const targetKey = (metric: SlaMetric) => `${metric}_minutes` as keyof SlaTargets;

/** Minutes in the largest unit that holds them whole: 120 → 2 hours, 90 → 90 minutes. */
export function toDuration(minutes: number | null): Duration {
  if (minutes === null) return { amount: null, unit: 'hours' };
  if (minutes % UNIT_MINUTES.days === 0)
    return { amount: minutes / UNIT_MINUTES.days, unit: 'days' };
  if (minutes % UNIT_MINUTES.hours === 0)
    return { amount: minutes / UNIT_MINUTES.hours, unit: 'hours' };
  return { amount: minutes, unit: 'minutes' };
}

export const toMinutes = (d: Duration): number | null =>
  d.amount === null ? null : Math.round(d.amount * UNIT_MINUTES[d.unit]);

/**
 * The live-chat widget's conversations are `live_chat` or `widget_livechat`: both read "Live
 * chat", so the editor offers one choice for the two.
 */
export const CHANNEL_CHOICES = CHANNEL_TYPES.filter((type) => type !== 'widget_livechat');
const withWidgetChat = (types: readonly ChannelType[]): ChannelType[] =>
  types.includes('live_chat') ? [...types, 'widget_livechat'] : [...types];
const asChoices = (types: readonly ChannelType[]): ChannelType[] => [
  ...new Set(types.map((type) => (type === 'widget_livechat' ? 'live_chat' : type))),
];

export function newDraft(): PolicyDraft {
  const targets = Object.fromEntries(
    PRIORITIES.map((p) => [
      p,
      Object.fromEntries(SLA_METRICS.map((m) => [m, toDuration(null)])) as Record<
        SlaMetric,
        Duration
      >,
    ]),
  ) as TargetsDraft;
  return {
    name: '',
    enabled: true,
    business_hours_only: false,
    warning_minutes: DEFAULT_SLA_WARNING_MINUTES,
    channel_types: [],
    brand_ids: [],
    targets,
  };
}

export function draftOf(policy: SlaPolicy): PolicyDraft {
  const targets = Object.fromEntries(
    PRIORITIES.map((p) => [
      p,
      Object.fromEntries(
        SLA_METRICS.map((m) => [m, toDuration(policy.targets[p][targetKey(m)])]),
      ) as Record<SlaMetric, Duration>,
    ]),
  ) as TargetsDraft;
  return {
    name: policy.name,
    enabled: policy.enabled,
    business_hours_only: policy.business_hours_only,
    warning_minutes: policy.warning_minutes,
    channel_types: asChoices(policy.conditions.channel_types),
    brand_ids: policy.conditions.brand_ids,
    targets,
  };
}

/** What POST (and PATCH, every field) sends. */
export function bodyOf(draft: PolicyDraft): SlaPolicyBody {
  return {
    name: draft.name.trim(),
    enabled: draft.enabled,
    business_hours_only: draft.business_hours_only,
    warning_minutes: draft.warning_minutes ?? 0,
    conditions: {
      channel_types: withWidgetChat(draft.channel_types),
      brand_ids: draft.brand_ids,
    },
    targets: Object.fromEntries(
      PRIORITIES.map((p) => [
        p,
        Object.fromEntries(SLA_METRICS.map((m) => [targetKey(m), toMinutes(draft.targets[p][m])])),
      ]),
    ) as SlaPolicyBody['targets'],
  };
}

/**
 * What the server would refuse, found before asking it, at the paths it would name (so both
 * show at the same field). Empty when the draft can be saved.
 */
export function draftProblems(draft: PolicyDraft): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (!draft.name.trim()) problems.name = [t`Give the policy a name.`];
  if (draft.warning_minutes === null)
    problems.warning_minutes = [t`Say how many minutes before the due time to warn.`];
  let some = false;
  for (const p of PRIORITIES)
    for (const m of SLA_METRICS) {
      const minutes = toMinutes(draft.targets[p][m]);
      if (minutes === null) continue;
      some = true;
      if (minutes > MAX_SLA_TARGET_MINUTES)
        problems[`targets.${p}.${targetKey(m)}`] = [t`Keep each target to 90 days or less.`];
    }
  if (!some) problems.targets = [t`Set at least one target.`];
  return problems;
}

/** Every path the server may name for a policy, so each error sits at its field. */
export function policyPaths(body: SlaPolicyBody): string[] {
  const paths = [
    'name',
    'enabled',
    'business_hours_only',
    'warning_minutes',
    'conditions',
    'conditions.channel_types',
    'conditions.brand_ids',
    'targets',
  ];
  body.conditions.channel_types.forEach((_, i) => paths.push(`conditions.channel_types.${i}`));
  body.conditions.brand_ids.forEach((_, i) => paths.push(`conditions.brand_ids.${i}`));
  for (const p of PRIORITIES) {
    paths.push(`targets.${p}`);
    for (const m of SLA_METRICS) paths.push(`targets.${p}.${targetKey(m)}`);
  }
  return paths;
}

/** Names of the account's stores, by id; an unknown id shows as "#id". */
export type StoreName = (id: number) => string | undefined;

/**
 * A policy in one line: what it covers, how its clocks count, which priorities it promises
 * something to. "Email and SMS · Every store · Business hours · Targets for Urgent and High".
 */
export function policySummary(
  policy: Pick<SlaPolicy, 'conditions' | 'business_hours_only' | 'targets'>,
  storeName: StoreName,
): string {
  const types = asChoices(policy.conditions.channel_types);
  const channels = types.length === 0 ? t`Every channel` : formatList(types.map(channelLabel));
  const ids = policy.conditions.brand_ids;
  const stores =
    ids.length === 0 ? t`Every store` : formatList(ids.map((id) => storeName(id) ?? `#${id}`));
  const clock = policy.business_hours_only ? t`Business hours` : t`Round the clock`;
  const promised = PRIORITY_ORDER.filter((p) =>
    SLA_METRICS.some((m) => policy.targets[p][targetKey(m)] !== null),
  ).map(priorityLabel);
  const priorities = formatList(promised);
  const targets = promised.length === 0 ? t`No targets` : t`Targets for ${priorities}`;
  return [channels, stores, clock, targets].join(' · ');
}
